/**
 * What the signing simulators do, from the `signing` part of the demo data (server/db/seed), and
 * the name each demo signer's certificate carries. Imported by server/sim/* and server/routes/sign.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../lib/clock.js';
import { loadDemoData } from '../db/seed.js';
import { ensureSigner, type Credential } from './pki/pki.js';

export interface SigningData {
  mobileId: { phone: string; personalCode: string; result: string }[];
  smartId: { personalCode: string; country: string; result: string }[];
  idCards: { personalCode: string; commonName: string }[];
}

export function signingData(): SigningData {
  return loadDemoData().signing as SigningData;
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

/** The signer's demo key and certificate (made on first use, stored in the database). */
export function signerCredential(db: Kysely<any>, clock: Clock, personalCode: string): Promise<Credential> {
  return ensureSigner(db, personalCode, commonNameFor(personalCode), clock.now());
}
