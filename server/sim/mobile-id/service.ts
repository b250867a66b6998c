/**
 * Mobile-ID simulator, as strict as SK's MID REST API v1 (github.com/SK-EID/MID, README §2–3):
 *
 *   POST /certificate   { relyingPartyUUID, relyingPartyName, phoneNumber, nationalIdentityNumber }
 *                       → { result: OK, cert } | { result: NOT_FOUND } (| NOT_ACTIVE for the NOT_MID_CLIENT number)
 *   POST /signature     { ...the same, hash, hashType, language, displayText?, displayTextFormat? } → { sessionID }
 *   GET  /signature/session/{id}?timeoutMs=   → { state: RUNNING } | { state: COMPLETE, result, signature? }
 *
 * Every field the README marks mandatory is required (400 `Required <field> is missing.`, `<field> cannot be
 * null.` on /certificate); the relying party must be registered (401 `Failed to authorize user`; SK's demo
 * relying party is 00000000-0000-0000-0000-000000000000 / DEMO, the UUID compared case-sensitively, the name
 * not); the hash must be base64 of the hashType's length; displayText is at most 100 GSM-7 or 50 UCS-2
 * characters. timeoutMs is kept within 1000…120000 (default 10000), and a session is gone (404) after 5 minutes.
 *
 * The demo data's `signing.mobileId` (phone + personal code) picks the result and the key (RSA, or EC P-256
 * whose signature is raw r‖s, algorithm SHA256WithECEncryption). A pair that is not there has no Mobile-ID
 * (NOT_FOUND), unless the console switch "test numbers accept any personal code" is on: then the phone alone
 * picks the result and the requested person signs. The console can also fix every session's result or make
 * the service answer an HTTP error.
 */
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { awaitCompletion, createAuthSession, findAuthSession, pollWait } from '../auth-sessions.js';
import { algorithmNames, signHash } from '../pki/pki.js';
import { forcedError, SkServiceError } from '../service-errors.js';
import { getSimSettings, type MidResult } from '../settings.js';
import { signerCredential, signingData } from '../signing-data.js';
import { HASH_LENGTHS, isRegisteredRelyingParty } from '../relying-parties.js';

const LANGUAGES = ['EST', 'ENG', 'RUS', 'LIT'];
/** GSM 03.38 default alphabet and its extension table (MID REST v1 §3.2.3 displayTextFormat). */
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '€[]^|{}\\~\f';

export type MidStatus =
  { state: 'RUNNING' } | { state: 'COMPLETE'; result: MidResult; signature?: { value: string; algorithm: string } };

const bad = (message: string) => new SkServiceError('MID', 400, message);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Person {
  relyingPartyUUID: string;
  relyingPartyName: string;
  phoneNumber: string;
  nationalIdentityNumber: string;
}

/** The fields both POSTs share, in the order SK checks them; `missing` words the 400 as that endpoint does. */
function person(body: unknown, missing: (field: string) => string): Person {
  if (!isRecord(body)) throw bad('Request body is missing.');
  const get = (field: keyof Person): string => {
    const v = body[field];
    if (v === undefined || v === null || v === '') throw bad(missing(field));
    if (typeof v !== 'string') throw bad(`${field} must be a string.`);
    return v;
  };
  const p: Person = {
    relyingPartyUUID: get('relyingPartyUUID'),
    relyingPartyName: get('relyingPartyName'),
    phoneNumber: get('phoneNumber'),
    nationalIdentityNumber: get('nationalIdentityNumber'),
  };
  if (!isRegisteredRelyingParty(p.relyingPartyUUID, p.relyingPartyName))
    throw new SkServiceError('MID', 401, 'Failed to authorize user');
  if (!/^\+\d{8,30}$/.test(p.phoneNumber)) throw bad('phoneNumber must contain of + and numbers(8-30)');
  if (!/^\d{11}$/.test(p.nationalIdentityNumber)) throw bad('nationalIdentityNumber must contain of 11 digits');
  return p;
}

async function forced(db: Db) {
  const { midHttpError } = await getSimSettings(db);
  if (midHttpError !== null) throw forcedError('MID', midHttpError);
}

/** The demo entry this phone gives this person, or null when the pair has no Mobile-ID. */
async function pick(db: Db, phone: string, personalCode: string) {
  const entries = signingData().mobileId;
  const pair = entries.find((e) => e.phone === phone && e.personalCode === personalCode);
  if (pair) return pair;
  const settings = await getSimSettings(db);
  return (settings.midAnyPersonalCode ? entries.find((e) => e.phone === phone) : undefined) ?? null;
}

/**
 * NOT_FOUND: this phone and personal code have no Mobile-ID (no contract for this person);
 * NOT_ACTIVE: the test number whose result is NOT_MID_CLIENT, a user whose certificate is not active.
 */
export async function midCertificate(
  db: Db,
  clock: Clock,
  body: unknown,
): Promise<{ result: 'OK'; cert: string } | { result: 'NOT_FOUND' } | { result: 'NOT_ACTIVE' }> {
  await forced(db);
  const p = person(body, (f) => `${f} cannot be null.`);
  const entry = await pick(db, p.phoneNumber, p.nationalIdentityNumber);
  if (entry === null) return { result: 'NOT_FOUND' };
  if (entry.result === 'NOT_MID_CLIENT') return { result: 'NOT_ACTIVE' };
  const cred = await signerCredential(db, clock, p.nationalIdentityNumber, entry.key);
  return { result: 'OK', cert: cred.certDer.toString('base64') };
}

function displayTextError(text: string, format: string): string | null {
  if (format === 'UCS-2') return [...text].length > 50 ? 'displayText must not be longer than 50 characters' : null;
  let units = 0;
  for (const ch of text) {
    if (GSM7.includes(ch)) units += 1;
    else if (GSM7_EXTENSION.includes(ch)) units += 2;
    else return null; // SK replaces characters outside GSM-7 with spaces: not an error
  }
  return units > 100 ? 'displayText must not be longer than 100 characters' : null;
}

export async function midStartSignature(db: Db, clock: Clock, body: unknown): Promise<{ sessionID: string }> {
  await forced(db);
  const p = person(body, (f) => `Required ${f} is missing.`);
  const b = body as Record<string, unknown>;
  for (const field of ['hash', 'hashType', 'language'])
    if (typeof b[field] !== 'string' || b[field] === '') throw bad(`Required ${field} is missing.`);
  const hashType = b.hashType as string;
  const length = HASH_LENGTHS[hashType];
  if (!length) throw bad('hashType must be one of SHA256, SHA384, SHA512');
  const hashText = b.hash as string;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(hashText) || hashText.length % 4 !== 0) throw bad('Hash must be Base64 encoded');
  if (Buffer.from(hashText, 'base64').length !== length)
    throw bad('The length of the hash must match the type of hash');
  if (!LANGUAGES.includes(b.language as string)) throw bad('language must be one of EST, ENG, RUS, LIT');
  const format = b.displayTextFormat ?? 'GSM-7';
  if (format !== 'GSM-7' && format !== 'UCS-2') throw bad('displayTextFormat must be GSM-7 or UCS-2');
  if (b.displayText !== undefined && b.displayText !== null) {
    if (typeof b.displayText !== 'string') throw bad('displayText must be a string.');
    const err = displayTextError(b.displayText, format);
    if (err) throw bad(err);
  }
  const settings = await getSimSettings(db);
  // The real service answers an unknown pair with NOT_MID_CLIENT at the end of the session.
  const entry = await pick(db, p.phoneNumber, p.nationalIdentityNumber);
  const result = settings.midResult ?? entry?.result ?? 'NOT_MID_CLIENT';
  const s = await createAuthSession(
    db,
    clock,
    {
      service: 'MID',
      kind: `SIGNATURE:${hashType}`,
      personal_code: p.nationalIdentityNumber,
      phone: p.phoneNumber,
      hash: hashText,
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
  timeoutMs?: number,
  signal?: AbortSignal,
): Promise<MidStatus> {
  const s = await findAuthSession(db, clock, 'MID', sessionId);
  if (!s) throw new SkServiceError('MID', 404, 'SessionID not found');
  const { checkWaitMs } = await getSimSettings(db);
  if (!(await awaitCompletion(clock, s, pollWait(timeoutMs, 10_000, checkWaitMs), signal))) return { state: 'RUNNING' };
  const result = s.result as MidResult;
  if (result !== 'OK') return { state: 'COMPLETE', result };
  const entry = await pick(db, s.phone ?? '', s.personal_code);
  const cred = await signerCredential(db, clock, s.personal_code, entry?.key ?? 'RSA');
  const hashType = s.kind.split(':')[1] ?? 'SHA256';
  const signature = signHash(cred, Buffer.from(s.hash ?? '', 'base64'), hashType);
  return {
    state: 'COMPLETE',
    result,
    // MID REST v1 §3.3.5: the signing answer carries no certificate (the portal has it from /certificate)
    signature: {
      value: signature.toString('base64'),
      algorithm: algorithmNames(cred.keyType, hashType).mid,
    },
  };
}
