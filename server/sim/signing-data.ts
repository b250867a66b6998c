/**
 * What the signing simulators do, from the `signing` part of the demo data (server/db/seed), and the
 * name and key type each demo signer's certificate has. Imported by server/sim/* only.
 *
 *   mobileId: { phone, personalCode, result, key? }   the phone and the signer's code pick the MID result
 *   smartId:  { personalCode, country, result, key? } the signer's code picks the Smart-ID end result
 *                                                      (NO_ACCOUNT: 404 on the certificate choice)
 *   idCards:  { personalCode, commonName, key? }      the cards the software reader can hold
 *
 * `key` is the signer's key on that device: RSA (the default), EC-P256 or EC-P384.
 */
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { loadDemoData } from '../db/seed.js';
import type { Clock } from '../lib/clock.js';
import { ensureSigner, SIGNER_KEY_TYPES, type Credential, type SignerKeyType } from './pki/pki.js';
import { MID_RESULTS, SID_END_RESULTS } from './settings.js';

const Key = z.enum(SIGNER_KEY_TYPES as [SignerKeyType, ...SignerKeyType[]]).default('RSA');
const SigningData = z.object({
  mobileId: z.array(z.object({ phone: z.string(), personalCode: z.string(), result: z.enum(MID_RESULTS), key: Key })),
  smartId: z.array(
    z.object({
      personalCode: z.string(),
      country: z.string(),
      result: z.enum([...SID_END_RESULTS, 'NO_ACCOUNT']),
      key: Key,
    }),
  ),
  idCards: z.array(z.object({ personalCode: z.string(), commonName: z.string(), key: Key })),
});
export type SigningData = z.infer<typeof SigningData>;

let cached: SigningData | null = null;
export function signingData(): SigningData {
  cached ??= SigningData.parse(loadDemoData().signing);
  return cached;
}

/** "LAST,FIRST,CODE" as on Estonian signing certificates. */
export function commonNameFor(personalCode: string): string {
  const d = signingData();
  const card = d.idCards.find((c) => c.personalCode === personalCode);
  if (card) return card.commonName;
  const p = loadDemoData().persons.find((x) => x.personalCode === personalCode);
  if (p) return `${p.lastName.toUpperCase()},${p.firstName.toUpperCase()},${personalCode}`;
  // The service providers' own test numbers: their demo certificates read like this.
  const mid = d.mobileId.find((m) => m.personalCode === personalCode);
  return `TESTNUMBER,${mid?.result ?? 'DEMO'},${personalCode}`;
}

/** The signer's demo key and certificate of this key type (made on first use, stored in the database). */
export function signerCredential(
  db: Db,
  clock: Clock,
  personalCode: string,
  keyType: SignerKeyType = 'RSA',
  country = 'EE',
): Promise<Credential> {
  return ensureSigner(db, personalCode, commonNameFor(personalCode), clock.now(), { keyType, country });
}
