/**
 * Demo PKI: one demo CA and, per demo signer, an RSA 2048 key pair with an X.509 signing
 * certificate (subject like an Estonian qualified signing certificate: CN "LAST,FIRST,CODE",
 * serialNumber "PNOEE-<code>"). Keys and certificates are made on first use and stored in the
 * database (table sim_pki_credentials), so every signature is reproducible within one database.
 *
 * Why RSA: the card, Mobile-ID and Smart-ID sign a hash that the portal computed (they never see
 * the data). node:crypto can sign a prehashed value only for RSA (privateEncrypt of the PKCS#1
 * DigestInfo, which is exactly RSASSA-PKCS1-v1_5); its ECDSA always hashes again. The portal then
 * verifies with a plain crypto.verify('sha256', dataToSign, cert) — the real check.
 *
 * Why @peculiar/x509 (+ reflect-metadata, which its DI container tsyringe needs): node:crypto
 * reads certificates but cannot create them; @peculiar/x509 is pure JS over WebCrypto (Node's own
 * webcrypto), maintained, typed, no native parts. node-forge would also work but is RSA-only,
 * CommonJS and slower.
 *
 * Imported by server/sim/* and server/routes/sign/* only.
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import crypto, { webcrypto } from 'node:crypto';
import type { Kysely } from 'kysely';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

/** a copy on its own ArrayBuffer (the library's types want ArrayBufferView<ArrayBuffer>) */
const u8 = (b: Buffer) => new Uint8Array(b);

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
/** DER prefix of a PKCS#1 DigestInfo for SHA-256 (RFC 8017 §9.2 note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');
export const CA_ID = 'CA';
export const CA_NAME = 'C=EE, O=EPIT Demo, CN=EPIT DEMO ESTEID SIGNING CA';

export interface PkiTables {
  sim_pki_credentials: {
    id: string; // 'CA' or a personal code
    common_name: string;
    cert_der: string; // base64
    private_key: string; // base64 PKCS#8 DER
    created_at: string;
  };
}

export interface Credential {
  id: string;
  commonName: string;
  certDer: Buffer;
  privateKey: Buffer; // PKCS#8 DER
}

// Key generation is the slow part (RSA 2048); one key pair per id per process keeps a test run that
// makes many fresh databases fast. Each database still gets its own CA and certificates.
const keyPool = new Map<string, Promise<{ privateKey: Buffer; publicKey: Buffer }>>();
function keyPairFor(id: string) {
  let p = keyPool.get(id);
  if (!p) {
    p = new Promise((resolve, reject) =>
      crypto.generateKeyPair(
        'rsa',
        {
          modulusLength: 2048,
          publicKeyEncoding: { type: 'spki', format: 'der' },
          privateKeyEncoding: { type: 'pkcs8', format: 'der' },
        },
        (err, publicKey, privateKey) => (err ? reject(err) : resolve({ privateKey, publicKey })),
      ),
    );
    keyPool.set(id, p);
  }
  return p;
}

async function importKeys(k: { privateKey: Buffer; publicKey: Buffer }): Promise<CryptoKeyPair> {
  const privateKey = await webcrypto.subtle.importKey('pkcs8', k.privateKey, RSA, false, ['sign']);
  const publicKey = await webcrypto.subtle.importKey('spki', k.publicKey, RSA, true, ['verify']);
  return { privateKey, publicKey } as unknown as CryptoKeyPair;
}

function escapeDn(v: string) {
  return v.replace(/([,+"\\<>;=])/g, '\\$1');
}

function serial() {
  const b = crypto.randomBytes(16);
  b[0] &= 0x7f; // positive INTEGER
  return b.toString('hex');
}

const pending = new Map<string, Promise<Credential>>();

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
const dbIds = new WeakMap<object, number>();
let nextDbId = 1;
function dbKey(db: object) {
  let id = dbIds.get(db);
  if (!id) dbIds.set(db, (id = nextDbId++));
  return id;
}

async function load(db: Kysely<PkiTables>, id: string): Promise<Credential | undefined> {
  const row = await db.selectFrom('sim_pki_credentials').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    row && {
      id,
      commonName: row.common_name,
      certDer: Buffer.from(row.cert_der, 'base64'),
      privateKey: Buffer.from(row.private_key, 'base64'),
    }
  );
}

async function store(db: Kysely<PkiTables>, c: Credential, now: Date) {
  await db
    .insertInto('sim_pki_credentials')
    .values({
      id: c.id,
      common_name: c.commonName,
      cert_der: c.certDer.toString('base64'),
      private_key: c.privateKey.toString('base64'),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await load(db, c.id))!;
}

export async function ensureCa(anyDb: Kysely<any>, now: Date): Promise<Credential> {
  const db = anyDb as Kysely<PkiTables>;
  const have = await load(db, CA_ID);
  if (have) return have;
  return once(db, CA_ID, async () => {
    const raw = await keyPairFor(CA_ID);
    const keys = await importKeys(raw);
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: serial(),
      name: CA_NAME,
      notBefore: new Date(now.getTime() - 365 * 86400_000),
      notAfter: new Date(now.getTime() + 20 * 365 * 86400_000),
      signingAlgorithm: RSA,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      ],
    });
    return store(
      db,
      {
        id: CA_ID,
        commonName: 'EPIT DEMO ESTEID SIGNING CA',
        certDer: Buffer.from(cert.rawData),
        privateKey: raw.privateKey,
      },
      now,
    );
  });
}

/**
 * The signer's credential, made on first use. commonName "LAST,FIRST,CODE" as on Estonian
 * signing certificates; surname and given name are taken from it.
 */
export async function ensureSigner(
  anyDb: Kysely<any>,
  personalCode: string,
  commonName: string,
  now: Date,
  country = 'EE',
): Promise<Credential> {
  const db = anyDb as Kysely<PkiTables>;
  const have = await load(db, personalCode);
  if (have) return have;
  const ca = await ensureCa(db, now);
  return once(db, personalCode, async () => {
    const raw = await keyPairFor(personalCode);
    const keys = await importKeys(raw);
    const caKey = await webcrypto.subtle.importKey('pkcs8', ca.privateKey, RSA, false, ['sign']);
    const [last = '', first = ''] = commonName.split(',');
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial(),
      subject: `C=${country}, CN=${escapeDn(commonName)}, SN=${escapeDn(last)}, G=${escapeDn(first)}, 2.5.4.5=PNO${country}-${personalCode}`,
      issuer: new x509.X509Certificate(u8(ca.certDer)).subject,
      notBefore: new Date(now.getTime() - 30 * 86400_000),
      notAfter: new Date(now.getTime() + 5 * 365 * 86400_000),
      signingAlgorithm: RSA,
      publicKey: keys.publicKey,
      signingKey: caKey,
      extensions: [
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.nonRepudiation, true),
        new x509.BasicConstraintsExtension(false, undefined, true),
      ],
    });
    return store(
      db,
      { id: personalCode, commonName, certDer: Buffer.from(cert.rawData), privateKey: raw.privateKey },
      now,
    );
  });
}

/** RSASSA-PKCS1-v1_5 over a SHA-256 hash the signer did not compute (what a card does). */
export function signHash(privateKeyPkcs8: Buffer, hash: Buffer): Buffer {
  if (hash.length !== 32) throw new Error('SHA-256 hash must be 32 bytes');
  const key = crypto.createPrivateKey({ key: privateKeyPkcs8, format: 'der', type: 'pkcs8' });
  return crypto.privateEncrypt(
    { key, padding: crypto.constants.RSA_PKCS1_PADDING },
    Buffer.concat([SHA256_DIGEST_INFO, hash]),
  );
}

/** The real check: does `signature` sign SHA-256(data) with the certificate's key? */
export function verifyData(certDer: Buffer, data: Buffer, signature: Buffer): boolean {
  try {
    const cert = new crypto.X509Certificate(certDer);
    return crypto.verify('sha256', data, cert.publicKey, signature);
  } catch {
    return false;
  }
}

export interface CertInfo {
  commonName: string;
  /** from serialNumber "PNOEE-<code>" (ETSI EN 319 412-1 semantics identifier) */
  personalCode: string | null;
  country: string | null;
  notBefore: Date;
  notAfter: Date;
}

/** Parses a base64 (or PEM) DER certificate; null when it is not one. */
export function parseCert(certDerOrB64: Buffer | string): { der: Buffer; info: CertInfo } | null {
  try {
    const der =
      typeof certDerOrB64 === 'string'
        ? Buffer.from(certDerOrB64.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''), 'base64')
        : certDerOrB64;
    if (der.length < 100) return null;
    const cert = new x509.X509Certificate(u8(der));
    const sn = cert.subjectName.getField('2.5.4.5')[0] ?? '';
    const m = /^PNO([A-Z]{2})-(.+)$/.exec(sn);
    return {
      der,
      info: {
        commonName: cert.subjectName.getField('CN')[0] ?? '',
        personalCode: m ? m[2]! : null,
        country: m ? m[1]! : null,
        notBefore: cert.notBefore,
        notAfter: cert.notAfter,
      },
    };
  } catch {
    return null;
  }
}

/** Was the certificate issued by this database's demo CA? */
export async function issuedByDemoCa(anyDb: Kysely<any>, certDer: Buffer, now: Date): Promise<boolean> {
  const ca = await ensureCa(anyDb, now);
  try {
    return await new x509.X509Certificate(u8(certDer)).verify({
      publicKey: new x509.X509Certificate(u8(ca.certDer)).publicKey,
      signatureOnly: true,
    });
  } catch {
    return false;
  }
}
