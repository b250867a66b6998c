/**
 * ECDSA over a hash the signer did not compute, as an ID-card's chip or a Mobile-ID SIM does: the
 * card gets the 32-byte SHA-256 and answers the raw signature r‖s (IEEE P1363, 2 × the curve's
 * coordinate length: 64 bytes on P-256, 96 on P-384).
 *
 * Why by hand: node:crypto and WebCrypto both hash the input again before ECDSA, and a card never
 * sees the data, only its hash. The arithmetic is FIPS 186-5 §6.4.1 on the NIST curves (a = −3),
 * with Jacobian coordinates; k is uniform in [1, n−1] from the system's random source. Only the
 * simulators sign with it; the portal verifies with node:crypto (`dsaEncoding: 'ieee-p1363'`).
 */
import { createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';

interface Curve {
  p: bigint;
  n: bigint;
  gx: bigint;
  gy: bigint;
  bytes: number;
}

/** FIPS 186-5 / SP 800-186 §3.2.1.3 (P-256) and §3.2.1.4 (P-384). */
const CURVES: Record<'P-256' | 'P-384', Curve> = {
  'P-256': {
    p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
    n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
    gx: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
    gy: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
    bytes: 32,
  },
  'P-384': {
    p: 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffffn,
    n: 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
    gx: 0xaa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7n,
    gy: 0x3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5fn,
    bytes: 48,
  },
};

export type EcCurveName = keyof typeof CURVES;

const mod = (a: bigint, m: bigint) => {
  const r = a % m;
  return r < 0n ? r + m : r;
};

function inverse(a: bigint, m: bigint): bigint {
  let [r0, r1] = [mod(a, m), m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, m);
}

type Jacobian = [bigint, bigint, bigint]; // Z = 0: the point at infinity

function double([x, y, z]: Jacobian, p: bigint): Jacobian {
  if (z === 0n || y === 0n) return [0n, 1n, 0n];
  // a = −3: M = 3(X − Z²)(X + Z²)
  const zz = mod(z * z, p);
  const m = mod(3n * (x - zz) * (x + zz), p);
  const yy = mod(y * y, p);
  const s = mod(4n * x * yy, p);
  const x3 = mod(m * m - 2n * s, p);
  const y3 = mod(m * (s - x3) - 8n * yy * yy, p);
  const z3 = mod(2n * y * z, p);
  return [x3, y3, z3];
}

function add(a: Jacobian, b: Jacobian, p: bigint): Jacobian {
  if (a[2] === 0n) return b;
  if (b[2] === 0n) return a;
  const z1z1 = mod(a[2] * a[2], p);
  const z2z2 = mod(b[2] * b[2], p);
  const u1 = mod(a[0] * z2z2, p);
  const u2 = mod(b[0] * z1z1, p);
  const s1 = mod(a[1] * b[2] * z2z2, p);
  const s2 = mod(b[1] * a[2] * z1z1, p);
  if (u1 === u2) return s1 === s2 ? double(a, p) : [0n, 1n, 0n];
  const h = mod(u2 - u1, p);
  const r = mod(s2 - s1, p);
  const hh = mod(h * h, p);
  const hhh = mod(h * hh, p);
  const v = mod(u1 * hh, p);
  const x3 = mod(r * r - hhh - 2n * v, p);
  const y3 = mod(r * (v - x3) - s1 * hhh, p);
  const z3 = mod(a[2] * b[2] * h, p);
  return [x3, y3, z3];
}

function multiplyG(k: bigint, c: Curve): bigint {
  let result: Jacobian = [0n, 1n, 0n];
  let addend: Jacobian = [c.gx, c.gy, 1n];
  for (let e = k; e > 0n; e >>= 1n) {
    if (e & 1n) result = add(result, addend, c.p);
    addend = double(addend, c.p);
  }
  const zInv = inverse(result[2], c.p);
  return mod(result[0] * zInv * zInv, c.p); // affine x
}

const toBig = (b: Uint8Array) => (b.length ? BigInt(`0x${Buffer.from(b).toString('hex')}`) : 0n);
const toBytes = (v: bigint, len: number) => Buffer.from(v.toString(16).padStart(len * 2, '0'), 'hex');

function randomScalar(n: bigint, len: number): bigint {
  for (;;) {
    const k = toBig(randomBytes(len));
    if (k > 0n && k < n) return k;
  }
}

/** The curve and private scalar of an EC private key (PKCS#8 DER or a KeyObject). */
export function ecPrivate(key: Buffer | KeyObject): { curve: EcCurveName; d: bigint } {
  const obj = Buffer.isBuffer(key) ? createPrivateKey({ key, format: 'der', type: 'pkcs8' }) : key;
  const jwk = obj.export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || (jwk.crv !== 'P-256' && jwk.crv !== 'P-384') || !jwk.d)
    throw new Error('not a P-256 or P-384 private key');
  return { curve: jwk.crv, d: toBig(Buffer.from(jwk.d, 'base64url')) };
}

/**
 * ECDSA signature of `hash` (already the digest) as raw r‖s. The hash is truncated to the order's
 * bit length as the standard says (a SHA-256 hash fits both curves whole).
 */
export function ecdsaSignHash(key: Buffer | KeyObject, hash: Buffer): Buffer {
  const { curve, d } = ecPrivate(key);
  const c = CURVES[curve];
  const bits = c.n.toString(2).length;
  let e = toBig(hash);
  if (hash.length * 8 > bits) e >>= BigInt(hash.length * 8 - bits);
  for (;;) {
    const k = randomScalar(c.n, c.bytes);
    const r = mod(multiplyG(k, c), c.n);
    if (r === 0n) continue;
    const s = mod(inverse(k, c.n) * (e + r * d), c.n);
    if (s === 0n) continue;
    return Buffer.concat([toBytes(r, c.bytes), toBytes(s, c.bytes)]);
  }
}
