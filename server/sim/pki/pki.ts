/**
 * Demo PKI of the signing simulators: one fixed demo CA (its key `demo-ca.key.pem` and certificate
 * `demo-ca.pem` live here; the same certificate is in the portal's trust folder, server/trust/), and per
 * demo signer a key pair with an X.509 signing certificate issued by it (subject like an Estonian
 * qualified signing certificate: CN "LAST,FIRST,CODE", serialNumber "PNOEE-<code>", keyUsage
 * nonRepudiation). A signer's key is RSA 2048 or EC (P-256 as on EC Mobile-ID SIMs, P-384 as on ID-cards
 * since 2018), as the demo data says. Keys and certificates are made on first use and stored in the database
 * (table sim_pki_credentials), so every signature is reproducible within one database.
 *
 * The CA is fixed (not made per database) so that a second process (a stand-in service on another port,
 * tests/e2e/signing-services) issues certificates the portal trusts from its trust folder, the way SK's
 * ESTEID chains are trusted. The demo CA's private key is public: a deployment must not keep the demo CA in
 * its trust folder (docs/configuration.md, "Signing").
 *
 * Signing a given hash: RSA is RSASSA-PKCS1-v1_5 over the DigestInfo (privateEncrypt), EC is raw r‖s
 * (./ecdsa.ts), which is what real cards and Mobile-ID return.
 *
 * Why @peculiar/x509 (+ reflect-metadata, which its DI container tsyringe needs): node:crypto reads
 * certificates but cannot create them; @peculiar/x509 is pure JS over WebCrypto (Node's own webcrypto).
 *
 * Imported by server/sim/* only (the portal verifies with its own code, server/routes/sign/certificates.ts).
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import crypto, { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/index.js';
import { ecdsaSignHash } from './ecdsa.js';

// Node 20 has WebCrypto as globalThis.crypto (the same object as node:crypto webcrypto)
x509.cryptoProvider.set(globalThis.crypto);

/** a copy on its own ArrayBuffer (the library's types want ArrayBufferView<ArrayBuffer>) */
const u8 = (b: Buffer) => new Uint8Array(b);

const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
/** DER prefixes of a PKCS#1 DigestInfo per hash (RFC 8017 §9.2 note 1). */
const DIGEST_INFO: Record<string, Buffer> = {
  SHA256: Buffer.from('3031300d060960864801650304020105000420', 'hex'),
  SHA384: Buffer.from('3041300d060960864801650304020205000430', 'hex'),
  SHA512: Buffer.from('3051300d060960864801650304020305000440', 'hex'),
};
const HASH_BYTES: Record<string, number> = { SHA256: 32, SHA384: 48, SHA512: 64 };

export type SignerKeyType = 'RSA' | 'EC-P256' | 'EC-P384';
export const SIGNER_KEY_TYPES: readonly SignerKeyType[] = ['RSA', 'EC-P256', 'EC-P384'];

export interface Credential {
  /** "<personal code>/<key type>" */
  id: string;
  commonName: string;
  keyType: SignerKeyType;
  certDer: Buffer;
  privateKey: Buffer; // PKCS#8 DER
}

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
const CA = {
  certDer: Buffer.from(new crypto.X509Certificate(readFileSync(here('./demo-ca.pem'))).raw),
  key: crypto.createPrivateKey(readFileSync(here('./demo-ca.key.pem'))),
};
const caCert = new x509.X509Certificate(u8(CA.certDer));

// Key generation (RSA 2048) is the slow part: one key pair per signer and key type per process keeps a test
// run that makes many fresh databases fast. Each database still stores its own certificates.
const keyPool = new Map<string, Promise<{ privateKey: Buffer; publicKey: Buffer }>>();
function keyPairFor(id: string, type: SignerKeyType) {
  const poolKey = `${id}/${type}`;
  let p = keyPool.get(poolKey);
  if (!p) {
    const encoding = {
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    } as const;
    p = new Promise((resolve, reject) => {
      const done = (err: Error | null, publicKey: Buffer, privateKey: Buffer) =>
        err ? reject(err) : resolve({ privateKey, publicKey });
      if (type === 'RSA') crypto.generateKeyPair('rsa', { modulusLength: 2048, ...encoding }, done);
      else crypto.generateKeyPair('ec', { namedCurve: type === 'EC-P256' ? 'P-256' : 'P-384', ...encoding }, done);
    });
    keyPool.set(poolKey, p);
  }
  return p;
}

function escapeDn(v: string) {
  return v.replace(/([,+"\\<>;=])/g, '\\$1');
}

function serial() {
  const b = crypto.randomBytes(16);
  b[0] &= 0x7f; // positive INTEGER
  return b.toString('hex');
}

function keyTypeOf(privateKey: Buffer): SignerKeyType {
  const key = crypto.createPrivateKey({ key: privateKey, format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType === 'rsa') return 'RSA';
  return key.asymmetricKeyDetails?.namedCurve === 'secp384r1' ? 'EC-P384' : 'EC-P256';
}

const pending = new Map<string, Promise<Credential>>();
const dbIds = new WeakMap<object, number>();
let nextDbId = 1;
function dbKey(db: object) {
  let id = dbIds.get(db);
  if (!id) dbIds.set(db, (id = nextDbId++));
  return id;
}

/** Per database: serialise creation so two concurrent requests don't make two certificates. */
function once(db: object, id: string, make: () => Promise<Credential>) {
  const key = `${id}@${dbKey(db)}`;
  let p = pending.get(key);
  if (!p) {
    p = make().finally(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

async function load(db: Db, id: string): Promise<Credential | undefined> {
  const row = await db.selectFrom('sim_pki_credentials').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const privateKey = Buffer.from(row.private_key, 'base64');
  return {
    id,
    commonName: row.common_name,
    keyType: keyTypeOf(privateKey),
    certDer: Buffer.from(row.cert_der, 'base64'),
    privateKey,
  };
}

/** A stored credential is current when the fixed demo CA issued it and its key is of the wanted type. */
async function current(c: Credential, keyType: SignerKeyType, now: Date): Promise<boolean> {
  if (c.keyType !== keyType) return false;
  try {
    const cert = new x509.X509Certificate(u8(c.certDer));
    return cert.notAfter > now && (await cert.verify({ publicKey: caCert.publicKey, signatureOnly: true }));
  } catch {
    return false;
  }
}

async function issue(personalCode: string, commonName: string, keyType: SignerKeyType, now: Date, country: string) {
  const raw = await keyPairFor(personalCode, keyType);
  const publicKey = new x509.PublicKey(u8(raw.publicKey));
  const [last = '', first = ''] = commonName.split(',');
  const caKey = await webcrypto.subtle.importKey(
    'pkcs8',
    CA.key.export({ format: 'der', type: 'pkcs8' }),
    RSA_SHA256,
    false,
    ['sign'],
  );
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `C=${country}, CN=${escapeDn(commonName)}, SN=${escapeDn(last)}, G=${escapeDn(first)}, 2.5.4.5=PNO${country}-${personalCode}`,
    issuer: caCert.subject,
    notBefore: new Date(now.getTime() - 30 * 86400_000),
    notAfter: new Date(now.getTime() + 5 * 365 * 86400_000),
    signingAlgorithm: RSA_SHA256,
    publicKey: await publicKey.export(
      keyType === 'RSA' ? RSA_SHA256 : { name: 'ECDSA', namedCurve: keyType === 'EC-P256' ? 'P-256' : 'P-384' },
      ['verify'],
    ),
    signingKey: caKey,
    extensions: [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.nonRepudiation, true),
      new x509.BasicConstraintsExtension(false, undefined, true),
    ],
  });
  return { certDer: Buffer.from(cert.rawData), privateKey: raw.privateKey };
}

/**
 * The signer's credential, made on first use (and made again when the stored one is of another key type or
 * was not issued by the fixed demo CA). commonName "LAST,FIRST,CODE" as on Estonian signing certificates.
 */
export async function ensureSigner(
  db: Db,
  personalCode: string,
  commonName: string,
  now: Date,
  { country = 'EE', keyType = 'RSA' }: { country?: string; keyType?: SignerKeyType } = {},
): Promise<Credential> {
  // one credential per person and key type: a person's EC card and RSA Mobile-ID are different keys
  const id = `${personalCode}/${keyType}`;
  const have = await load(db, id);
  if (have && (await current(have, keyType, now))) return have;
  return once(db, id, async () => {
    const made = await issue(personalCode, commonName, keyType, now, country);
    await db
      .insertInto('sim_pki_credentials')
      .values({
        id,
        common_name: commonName,
        cert_der: made.certDer.toString('base64'),
        private_key: made.privateKey.toString('base64'),
        created_at: now.toISOString(),
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          common_name: commonName,
          cert_der: made.certDer.toString('base64'),
          private_key: made.privateKey.toString('base64'),
          created_at: now.toISOString(),
        }),
      )
      .execute();
    return { id, commonName, keyType, ...made };
  });
}

/**
 * What a card, SIM or Smart-ID app does with a hash it did not compute (SHA256, SHA384 or SHA512):
 * RSASSA-PKCS1-v1_5 for RSA keys, raw r‖s ECDSA for EC keys.
 */
export function signHash(cred: Pick<Credential, 'privateKey' | 'keyType'>, hash: Buffer, hashType = 'SHA256'): Buffer {
  const prefix = DIGEST_INFO[hashType];
  if (!prefix || hash.length !== HASH_BYTES[hashType]) throw new Error(`not a ${hashType} hash`);
  const key = crypto.createPrivateKey({ key: cred.privateKey, format: 'der', type: 'pkcs8' });
  if (cred.keyType !== 'RSA') return ecdsaSignHash(key, hash);
  return crypto.privateEncrypt({ key, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.concat([prefix, hash]));
}

/** The algorithm names the services report with a signature of this key and hash (MID REST v1 §3.3.5, RP API v2). */
export function algorithmNames(keyType: SignerKeyType, hashType = 'SHA256') {
  const sha = hashType.toLowerCase(); // sha256
  return keyType === 'RSA'
    ? { mid: `${hashType}WithRSAEncryption`, smartId: `${sha}WithRSAEncryption`, webEid: 'RSA' }
    : { mid: `${hashType}WithECEncryption`, smartId: `${sha}WithECDSA`, webEid: 'ECC' };
}
