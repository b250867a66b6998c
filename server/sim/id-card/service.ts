/**
 * The software ID-card: what the browser's Web eID-shaped adapter talks to in the reference setup.
 * The simulator console chooses which demo card (demo data `signing.idCards`) is in the reader, or
 * none. PIN entry and its cancel happen in the browser adapter; the card here signs honestly.
 */
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { algorithmNames, signHash, type SignerKeyType } from '../pki/pki.js';
import { getSimSettings, setSimSettings } from '../settings.js';
import { signerCredential, signingData } from '../signing-data.js';

export const noCard = () =>
  new HttpError(404, 'NO_CARD', 'No ID-card in the reader: insert a card in the simulator console (/sim/).');

/** Web eID's signature algorithm of a card key: RSA PKCS#1 v1.5, or ECDSA (raw r‖s) with no padding. */
const cardAlgorithm = (key: SignerKeyType) => ({
  cryptoAlgorithm: algorithmNames(key).webEid,
  hashFunction: 'SHA-256',
  paddingScheme: key === 'RSA' ? 'PKCS1.5' : 'NONE',
});

export async function insertedCard(
  db: Db,
): Promise<{ personalCode: string; commonName: string; key: SignerKeyType } | null> {
  const { idCardInserted } = await getSimSettings(db);
  return signingData().idCards.find((c) => c.personalCode === idCardInserted) ?? null;
}

export async function insertCard(db: Db, personalCode: string | null): Promise<void> {
  if (personalCode !== null && !signingData().idCards.some((c) => c.personalCode === personalCode)) {
    throw new HttpError(400, 'BAD_INPUT', `inserted: no demo card for ${personalCode}`, {
      inserted: 'must be a demo card personal code or null',
    });
  }
  await setSimSettings(db, { idCardInserted: personalCode });
}

/** Web eID getSigningCertificate(): { certificate (base64 DER), supportedSignatureAlgorithms } */
export async function cardCertificate(db: Db, clock: Clock) {
  const card = await insertedCard(db);
  if (!card) throw noCard();
  const cred = await signerCredential(db, clock, card.personalCode, card.key);
  return { certificate: cred.certDer.toString('base64'), supportedSignatureAlgorithms: [cardAlgorithm(card.key)] };
}

export const CardSignRequest = z.object({
  /** the hash to sign, base64 (Web eID) or hex */
  hash: z.string().min(1),
  hashFunction: z.literal('SHA-256'),
  /** the certificate the page got before (Web eID passes it): the card must still be the same */
  certificate: z.string().optional(),
  pin: z.string().optional(),
});

function decodeHash(s: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(s)) return Buffer.from(s, 'hex');
  const b = Buffer.from(s, 'base64');
  return b.length === 32 ? b : null;
}

/** Web eID sign(): { signature (base64), signatureAlgorithm } */
export async function cardSign(db: Db, clock: Clock, req: z.infer<typeof CardSignRequest>) {
  const hash = decodeHash(req.hash);
  if (!hash)
    throw new HttpError(400, 'BAD_INPUT', 'hash: must be a SHA-256 hash, base64 or hex (32 bytes)', {
      hash: 'must be 32 bytes',
    });
  const card = await insertedCard(db);
  if (!card) throw noCard();
  const cred = await signerCredential(db, clock, card.personalCode, card.key);
  if (req.certificate && req.certificate.replace(/\s+/g, '') !== cred.certDer.toString('base64')) {
    throw new HttpError(409, 'CARD_CHANGED', 'The card in the reader is not the one whose certificate was read.');
  }
  return {
    signature: signHash(cred, hash).toString('base64'),
    signatureAlgorithm: cardAlgorithm(card.key),
  };
}
