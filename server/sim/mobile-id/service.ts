/**
 * Mobile-ID simulator, shaped like SK's MID REST API v1:
 *   POST /certificate                  { phoneNumber, nationalIdentityNumber }       → { result: OK|NOT_FOUND|NOT_ACTIVE, cert }
 *   POST /signature                    { phoneNumber, nationalIdentityNumber, hash, hashType, ... } → { sessionID }
 *   GET  /signature/session/{id}?timeoutMs=  → { state: RUNNING } | { state: COMPLETE, result, signature?, cert? }
 * The demo data's `signing.mobileId` (phone + personal code) picks the result. A pair that is not
 * there has no Mobile-ID certificate (NOT_FOUND), unless the console switch "test numbers accept any
 * personal code" is on: then the phone alone picks the result and the requested person signs.
 */
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { awaitCompletion, createAuthSession, findAuthSession } from '../auth-sessions.js';
import { signHash } from '../pki/pki.js';
import { getSimSettings } from '../settings.js';
import { signerCredential, signingData } from '../signing-data.js';

export const MID_RESULTS = [
  'OK',
  'TIMEOUT',
  'NOT_MID_CLIENT',
  'USER_CANCELLED',
  'SIGNATURE_HASH_MISMATCH',
  'PHONE_ABSENT',
  'DELIVERY_ERROR',
  'SIM_ERROR',
] as const;
export type MidResult = (typeof MID_RESULTS)[number];

const Phone = z.string().regex(/^\+\d{7,15}$/, 'must be an international phone number like +37200000766');
const Code = z.string().regex(/^\d{11}$/, 'must be an 11-digit personal code');
export const MidCertificateRequest = z.object({
  relyingPartyUUID: z.string().optional(),
  relyingPartyName: z.string().optional(),
  phoneNumber: Phone,
  nationalIdentityNumber: Code,
});
export const MidSignatureRequest = MidCertificateRequest.extend({
  hash: z.string().min(1),
  hashType: z.enum(['SHA256']),
  language: z.enum(['EST', 'ENG', 'RUS', 'LIT']).optional(),
  displayText: z.string().max(40).optional(),
  displayTextFormat: z.enum(['GSM-7', 'UCS-2']).optional(),
});

export type MidStatus =
  | { state: 'RUNNING' }
  | { state: 'COMPLETE'; result: MidResult; signature?: { value: string; algorithm: string }; cert?: string };

/** The result this phone gives this person, or null when the pair has no Mobile-ID. */
async function pick(db: Db, phone: string, personalCode: string): Promise<MidResult | null> {
  const entries = signingData().mobileId;
  const pair = entries.find((e) => e.phone === phone && e.personalCode === personalCode);
  if (pair) return pair.result as MidResult;
  const settings = await getSimSettings(db);
  const byPhone = settings.midAnyPersonalCode ? entries.find((e) => e.phone === phone) : undefined;
  return byPhone ? (byPhone.result as MidResult) : null;
}

/**
 * NOT_FOUND: this phone and personal code have no Mobile-ID (no contract for this person);
 * NOT_ACTIVE: the test number whose result is NOT_MID_CLIENT — a user whose certificate is not active.
 */
export async function midCertificate(
  db: Db,
  clock: Clock,
  input: unknown,
): Promise<{ result: 'OK'; cert: string } | { result: 'NOT_FOUND' } | { result: 'NOT_ACTIVE' }> {
  const req = parse(MidCertificateRequest, input);
  const result = await pick(db, req.phoneNumber, req.nationalIdentityNumber);
  if (result === null) return { result: 'NOT_FOUND' };
  if (result === 'NOT_MID_CLIENT') return { result: 'NOT_ACTIVE' };
  const cred = await signerCredential(db, clock, req.nationalIdentityNumber);
  return { result: 'OK', cert: cred.certDer.toString('base64') };
}

export async function midStartSignature(db: Db, clock: Clock, input: unknown): Promise<{ sessionID: string }> {
  const req = parse(MidSignatureRequest, input);
  const hash = Buffer.from(req.hash, 'base64');
  if (hash.length !== 32)
    throw new HttpError(400, 'BAD_INPUT', 'hash: must be a base64 SHA-256 hash (32 bytes)', {
      hash: 'must be 32 bytes',
    });
  // The real service answers an unknown pair with NOT_MID_CLIENT at the end of the session.
  const result = (await pick(db, req.phoneNumber, req.nationalIdentityNumber)) ?? 'NOT_MID_CLIENT';
  const settings = await getSimSettings(db);
  const s = await createAuthSession(
    db,
    clock,
    {
      service: 'MID',
      kind: 'SIGNATURE',
      personal_code: req.nationalIdentityNumber,
      phone: req.phoneNumber,
      hash: req.hash,
      result,
    },
    settings.midDelayMs,
  );
  return { sessionID: s.id };
}

export async function midSessionStatus(
  db: Db,
  clock: Clock,
  sessionId: string,
  timeoutMs = 0,
  signal?: AbortSignal,
): Promise<MidStatus> {
  const s = await findAuthSession(db, 'MID', sessionId);
  if (!s) throw new HttpError(404, 'NOT_FOUND', 'Session not found');
  if (!(await awaitCompletion(clock, s, Math.min(timeoutMs, 120_000), signal))) return { state: 'RUNNING' };
  const result = s.result as MidResult;
  if (result !== 'OK') return { state: 'COMPLETE', result };
  const cred = await signerCredential(db, clock, s.personal_code);
  const signature = signHash(cred.privateKey, Buffer.from(s.hash!, 'base64'));
  return {
    state: 'COMPLETE',
    result,
    signature: { value: signature.toString('base64'), algorithm: 'SHA256WithRSAEncryption' },
    cert: cred.certDer.toString('base64'),
  };
}

function parse<S extends z.ZodType>(schema: S, v: unknown): z.output<S> {
  const r = schema.safeParse(v);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  throw new HttpError(400, 'BAD_INPUT', `${field}: ${issue.message}`, { [field]: issue.message });
}
