/**
 * Smart-ID simulator, shaped like SK's Smart-ID RP API v2:
 *   POST /certificatechoice/etsi/PNO{country}-{code}   → { sessionID }   (404 when the person has no account)
 *   POST /signature/document/{documentNumber}          { hash, hashType: SHA256, ... } → { sessionID }
 *   GET  /session/{id}?timeoutMs=  → { state: RUNNING } | { state: COMPLETE, result: { endResult, documentNumber }, cert?, signature? }
 * The demo data's `signing.smartId` (the signer's personal code) picks the end result; a code that is
 * not there, or NO_ACCOUNT, has no Smart-ID account. The certificate choice completes at once (the
 * portal needs the certificate to build what is signed); the signature takes `sidDelayMs`.
 */
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { awaitCompletion, createAuthSession, findAuthSession } from '../auth-sessions.js';
import { signHash } from '../pki/pki.js';
import { getSimSettings } from '../settings.js';
import { signerCredential, signingData } from '../signing-data.js';

export type SidEndResult = 'OK' | 'USER_REFUSED' | 'TIMEOUT';

export const SidSignatureRequest = z.object({
  relyingPartyUUID: z.string().optional(),
  relyingPartyName: z.string().optional(),
  certificateLevel: z.enum(['QUALIFIED', 'ADVANCED']).optional(),
  hash: z.string().min(1),
  hashType: z.enum(['SHA256']),
  allowedInteractionsOrder: z.array(z.unknown()).optional(),
});

export type SidStatus =
  | { state: 'RUNNING' }
  | {
      state: 'COMPLETE';
      result: { endResult: SidEndResult; documentNumber?: string };
      cert?: { value: string; certificateLevel: 'QUALIFIED' };
      signature?: { value: string; algorithm: 'sha256WithRSAEncryption' };
    };

const documentNumber = (country: string, code: string) => `PNO${country}-${code}-MOCK-Q`;

function account(personalCode: string, country: string): SidEndResult | null {
  const e = signingData().smartId.find((x) => x.personalCode === personalCode && x.country === country);
  if (!e || e.result === 'NO_ACCOUNT') return null;
  return e.result as SidEndResult;
}

/** semanticsIdentifier "PNOEE-38001085718" → certificate choice session; 404 USER_ACCOUNT_NOT_FOUND. */
export async function sidCertificateChoice(
  db: Db,
  clock: Clock,
  semanticsIdentifier: string,
): Promise<{ sessionID: string }> {
  const m = /^PNO([A-Z]{2})-(\d{11})$/.exec(semanticsIdentifier);
  if (!m) throw new HttpError(400, 'BAD_INPUT', 'semanticsIdentifier: must look like PNOEE-38001085718');
  const [, country, code] = m as unknown as [string, string, string];
  if (account(code, country) === null)
    throw new HttpError(404, 'USER_ACCOUNT_NOT_FOUND', 'Object not found: no Smart-ID account');
  const s = await createAuthSession(
    db,
    clock,
    { service: 'SID', kind: 'CERTIFICATE_CHOICE', personal_code: code, phone: country, hash: null, result: 'OK' },
    0,
  );
  return { sessionID: s.id };
}

export async function sidStartSignature(
  db: Db,
  clock: Clock,
  docNumber: string,
  input: unknown,
): Promise<{ sessionID: string }> {
  const m = /^PNO([A-Z]{2})-(\d{11})-MOCK-Q$/.exec(docNumber);
  const result = m ? account(m[2]!, m[1]!) : null;
  if (!m || result === null) throw new HttpError(404, 'USER_ACCOUNT_NOT_FOUND', 'Object not found: no such document');
  const r = SidSignatureRequest.safeParse(input);
  if (!r.success)
    throw new HttpError(400, 'BAD_INPUT', `body: ${r.error.issues[0]!.path.join('.')} ${r.error.issues[0]!.message}`);
  if (Buffer.from(r.data.hash, 'base64').length !== 32)
    throw new HttpError(400, 'BAD_INPUT', 'hash: must be a base64 SHA-256 hash (32 bytes)');
  const settings = await getSimSettings(db);
  const s = await createAuthSession(
    db,
    clock,
    { service: 'SID', kind: 'SIGNATURE', personal_code: m[2]!, phone: m[1]!, hash: r.data.hash, result },
    settings.sidDelayMs,
  );
  return { sessionID: s.id };
}

export async function sidSessionStatus(
  db: Db,
  clock: Clock,
  sessionId: string,
  timeoutMs = 0,
  signal?: AbortSignal,
): Promise<SidStatus> {
  const s = await findAuthSession(db, 'SID', sessionId);
  if (!s) throw new HttpError(404, 'NOT_FOUND', 'Session not found');
  if (!(await awaitCompletion(clock, s, Math.min(timeoutMs, 120_000), signal))) return { state: 'RUNNING' };
  const endResult = s.result as SidEndResult;
  const doc = documentNumber(s.phone ?? 'EE', s.personal_code);
  if (endResult !== 'OK') return { state: 'COMPLETE', result: { endResult } };
  const cred = await signerCredential(db, clock, s.personal_code);
  const cert = { value: cred.certDer.toString('base64'), certificateLevel: 'QUALIFIED' as const };
  if (s.kind === 'CERTIFICATE_CHOICE') return { state: 'COMPLETE', result: { endResult, documentNumber: doc }, cert };
  const signature = signHash(cred.privateKey, Buffer.from(s.hash!, 'base64'));
  return {
    state: 'COMPLETE',
    result: { endResult, documentNumber: doc },
    cert,
    signature: { value: signature.toString('base64'), algorithm: 'sha256WithRSAEncryption' },
  };
}
