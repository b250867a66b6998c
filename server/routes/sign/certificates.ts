/**
 * The portal's own checks of a signer's certificate and signature (no simulator code):
 *
 * - Trust: the CA certificates in the trust folder (SIGNING_TRUST_DIR; default server/trust/ with the demo CA, in live
 *   run mode /etc/epit/trust).
 *   Every certificate there is a trust anchor, roots and intermediates alike (SK's ESTEID2018, EID-SK 2016,
 *   EID-Q 2024E … with their roots); a signer's certificate is trusted when a CA certificate of the folder that
 *   is valid now issued it (its signature checks out with that CA's key).
 * - The certificate: parsed with node:crypto (key usage with @peculiar/x509), valid now, a signing certificate (keyUsage nonRepudiation), the
 *   person from serialNumber (ETSI EN 319 412-1 `PNOEE-38001085718`, or the bare code of older Estonian
 *   certificates) and country.
 * - The signature over the data: RSA PKCS#1 v1.5, or ECDSA as raw r‖s (IEEE P1363, what ID-cards and EC
 *   Mobile-ID return) or DER, all with SHA-256.
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { X509Certificate, verify as verifySignature } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface CertInfo {
  commonName: string;
  personalCode: string | null;
  country: string | null;
  notBefore: Date;
  notAfter: Date;
}

/** The distinguished name field of a node:crypto subject ("C=EE\nCN=…\nserialNumber=…"). */
function field(subject: string, name: string): string | null {
  for (const line of subject.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0 && line.slice(0, i) === name) return line.slice(i + 1);
  }
  return null;
}

/** Parses a base64 (or PEM) DER certificate; null when it is not one. */
export function parseCert(
  certDerOrB64: Buffer | string,
): { der: Buffer; cert: X509Certificate; info: CertInfo } | null {
  try {
    const der =
      typeof certDerOrB64 === 'string'
        ? Buffer.from(certDerOrB64.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''), 'base64')
        : certDerOrB64;
    if (der.length < 100) return null;
    const cert = new X509Certificate(der);
    const serial = field(cert.subject, 'serialNumber') ?? '';
    const country = field(cert.subject, 'C');
    const etsi = /^(?:PNO|IDC|PAS)([A-Z]{2})-(.+)$/.exec(serial);
    return {
      der,
      cert,
      info: {
        commonName: field(cert.subject, 'CN') ?? '',
        personalCode: etsi ? (etsi[2] ?? null) : /^\d{11}$/.test(serial) ? serial : null,
        country: etsi ? (etsi[1] ?? null) : country,
        notBefore: new Date(cert.validFrom),
        notAfter: new Date(cert.validTo),
      },
    };
  } catch {
    return null;
  }
}

/** The trust anchors of a folder: every certificate in *.pem, *.crt, *.cer (PEM, several per file, or DER). */
export function loadTrustFolder(dir: string): X509Certificate[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /\.(pem|crt|cer|der)$/i.test(f));
  } catch {
    return [];
  }
  return files.flatMap((f) => {
    const bytes = readFileSync(path.join(dir, f));
    const text = bytes.toString('latin1');
    const pems = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
    try {
      return pems ? pems.map((p) => new X509Certificate(p)) : [new X509Certificate(bytes)];
    } catch {
      return [];
    }
  });
}

/**
 * What a live start says of its trust folder. The demo CA's private key is published with the code
 * (server/sim/pki/), so a live portal trusting it would take a signature anyone made for anyone's: the start is
 * refused. A folder without a CA certificate (missing or empty) makes every signature fail: one line of warning,
 * as a portal may go live before it signs anything.
 */
export function liveTrustProblem(dir: string, demoCaFile: string): { refuse: string } | { warn: string } | null {
  const anchors = loadTrustFolder(dir);
  let demo: string | null = null;
  try {
    demo = new X509Certificate(readFileSync(demoCaFile)).fingerprint256;
  } catch {
    // the checkout's demo CA removed: nothing to compare with
  }
  const trusted = anchors.find((c) => c.fingerprint256 === demo);
  if (trusted)
    return {
      refuse: `SIGNING_TRUST_DIR ${dir} trusts the demo CA (${trusted.subject.replace(/\n/g, ', ')}), whose key is published with the code: remove it from that folder`,
    };
  if (!anchors.some((c) => c.ca))
    return {
      warn: `SIGNING_TRUST_DIR ${dir} holds no CA certificate: every signature is refused until the signers' CA chains are put there (docs/deployment.md)`,
    };
  return null;
}

const folders = new Map<string, { at: number; certs: X509Certificate[] }>();
/** The folder's anchors, read again at most once a minute (so a deployment can add a chain without a restart). */
export function trustAnchors(dir: string, nowMs = Date.now()): X509Certificate[] {
  const had = folders.get(dir);
  if (had && nowMs - had.at < 60_000) return had.certs;
  const certs = loadTrustFolder(dir);
  folders.set(dir, { at: nowMs, certs });
  return certs;
}

/** Did a CA of `anchors`, valid at `now`, issue `cert`? */
export function issuedByTrusted(cert: X509Certificate, anchors: X509Certificate[], now: Date): boolean {
  return anchors.some((ca) => {
    if (!ca.ca || new Date(ca.validFrom) > now || new Date(ca.validTo) < now) return false;
    try {
      return cert.checkIssued(ca) && cert.verify(ca.publicKey);
    } catch {
      return false;
    }
  });
}

/** keyUsage nonRepudiation (contentCommitment, RFC 5280 §4.2.1.3), which every qualified signing certificate has. */
export function isSigningCertificate(cert: X509Certificate): boolean {
  try {
    const usage = new x509.X509Certificate(new Uint8Array(cert.raw)).getExtension(x509.KeyUsagesExtension);
    return usage !== null && (usage.usages & x509.KeyUsageFlags.nonRepudiation) !== 0;
  } catch {
    return false;
  }
}

/**
 * Does `signature` sign SHA-256(data) with the certificate's key? RSA: PKCS#1 v1.5. EC: raw r‖s (length twice
 * the curve's coordinate) or DER.
 */
export function verifyData(certDer: Buffer, data: Buffer, signature: Buffer): boolean {
  try {
    const key = new X509Certificate(certDer).publicKey;
    if (key.asymmetricKeyType === 'ec') {
      const curve = key.asymmetricKeyDetails?.namedCurve;
      const rawLength = curve === 'secp384r1' ? 96 : curve === 'secp521r1' ? 132 : 64;
      const dsaEncoding = signature.length === rawLength ? 'ieee-p1363' : 'der';
      return verifySignature('sha256', data, { key, dsaEncoding }, signature);
    }
    return verifySignature('sha256', data, key, signature);
  } catch {
    return false;
  }
}
