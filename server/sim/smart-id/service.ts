/**
 * Smart-ID simulator, as strict as SK's RP API v2 (github.com/SK-EID/smart-id-documentation, branch api-v2):
 *
 *   POST /certificatechoice/etsi/{PNOEE-code} | /certificatechoice/document/{documentNumber}
 *        { relyingPartyUUID, relyingPartyName, certificateLevel?, nonce? }                       → { sessionID }
 *   POST /signature/document/{documentNumber} | /signature/etsi/{PNOEE-code}
 *        { relyingPartyUUID, relyingPartyName, certificateLevel?, hash, hashType, allowedInteractionsOrder, nonce? }
 *                                                                                                → { sessionID }
 *   GET  /session/{id}?timeoutMs=   → { state: RUNNING } | { state: COMPLETE, result: { endResult, documentNumber? },
 *                                      cert?: { value, certificateLevel }, signature?: { value, algorithm },
 *                                      interactionFlowUsed? }
 *
 * Strictness (§2.2–2.3): relyingPartyUUID and relyingPartyName are required (400), the pair must be registered
 * (401), the name is at most 32 bytes of UTF-8; allowedInteractionsOrder is required on signatures, each entry
 * one of the four interaction types with its text (displayText60 ≤ 60 characters for displayTextAndPIN and
 * verificationCodeChoice, displayText200 ≤ 200 for confirmationMessage and
 * confirmationMessageAndVerificationCodeChoice); the hash is base64 of the hashType's length; a person or
 * document without an account is 404; timeoutMs is kept within 1000…120000 (default halfway); a session is
 * gone (404) 5 minutes after it started.
 *
 * The demo data's `signing.smartId` (the signer's personal code) picks the end result and the key; NO_ACCOUNT or
 * a code that is not there has no account. The certificate (device) choice takes `sidCertChoiceDelayMs` and can
 * be refused (USER_REFUSED_CERT_CHOICE); the signature takes `sidDelayMs`. The console can fix every session's
 * end result or make the service answer an HTTP error (403, 471, 472, 480, 580, ...).
 */
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { awaitCompletion, createAuthSession, findAuthSession, pollWait } from '../auth-sessions.js';
import { algorithmNames, signHash } from '../pki/pki.js';
import { HASH_LENGTHS, isRegisteredRelyingParty } from '../relying-parties.js';
import { forcedError, SkServiceError } from '../service-errors.js';
import { getSimSettings, SID_END_RESULTS, type SidEndResult } from '../settings.js';
import { signerCredential, signingData } from '../signing-data.js';

/** RP API v2 §3.1: the interactions and the text each carries. */
const INTERACTIONS: Record<string, { text: 'displayText60' | 'displayText200'; max: number; code: string }> = {
  displayTextAndPIN: { text: 'displayText60', max: 60, code: 'D' },
  verificationCodeChoice: { text: 'displayText60', max: 60, code: 'V' },
  confirmationMessage: { text: 'displayText200', max: 200, code: 'C' },
  confirmationMessageAndVerificationCodeChoice: { text: 'displayText200', max: 200, code: 'CV' },
};
const interactionByCode = (code: string) => Object.keys(INTERACTIONS).find((k) => INTERACTIONS[k].code === code);

export type SidStatus =
  | { state: 'RUNNING' }
  | {
      state: 'COMPLETE';
      result: { endResult: SidEndResult; documentNumber?: string };
      cert?: { value: string; certificateLevel: 'QUALIFIED' };
      signature?: { value: string; algorithm: string };
      interactionFlowUsed?: string;
    };

const bad = (message: string) => new SkServiceError('SID', 400, message);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const documentNumber = (country: string, code: string) => `PNO${country}-${code}-MOCK-Q`;

function account(personalCode: string, country: string) {
  const e = signingData().smartId.find((x) => x.personalCode === personalCode && x.country === country);
  if (!e || e.result === 'NO_ACCOUNT') return null;
  return { ...e, result: e.result };
}

/** `PNOEE-40504040001` (ETSI EN 319 412-1 semantics identifier, §2.3.2.2) → the account; 400 / 404. */
function byIdentifier(identifier: string) {
  const m = /^(PAS|IDC|PNO)([A-Z]{2})-(.+)$/.exec(identifier);
  if (!m) throw bad('semantics identifier must look like PNOEE-40504040001');
  const [, type, country = '', code = ''] = m;
  const found = type === 'PNO' ? account(code, country) : null;
  if (!found) throw new SkServiceError('SID', 404, 'Object not found');
  return { country, code, entry: found };
}

function byDocument(doc: string) {
  const m = /^PNO([A-Z]{2})-(\d{11})-MOCK-Q$/.exec(doc);
  const found = m ? account(m[2] ?? '', m[1] ?? '') : null;
  if (!m || !found) throw new SkServiceError('SID', 404, 'Object not found');
  return { country: m[1] ?? '', code: m[2] ?? '', entry: found };
}

/** The fields every session start requires (§2.3.8.4, §2.3.10.4). */
function relyingParty(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw bad('Request body is missing');
  for (const field of ['relyingPartyUUID', 'relyingPartyName'])
    if (typeof body[field] !== 'string' || body[field] === '') throw bad(`${field} must not be empty`);
  const name = body.relyingPartyName as string;
  if (Buffer.byteLength(name, 'utf8') > 32) throw bad('relyingPartyName is limited to 32 bytes in UTF-8');
  if (!isRegisteredRelyingParty(body.relyingPartyUUID as string, name))
    throw new SkServiceError('SID', 401, 'Failed to authorize user');
  if (
    body.certificateLevel !== undefined &&
    !['ADVANCED', 'QUALIFIED', 'QSCD'].includes(body.certificateLevel as string)
  )
    throw bad('certificateLevel must be ADVANCED, QUALIFIED or QSCD');
  if (body.nonce !== undefined && (typeof body.nonce !== 'string' || body.nonce.length < 1 || body.nonce.length > 30))
    throw bad('nonce must be 1 to 30 characters');
  return body;
}

/** allowedInteractionsOrder (§2.3.7, §3.1) → the first interaction (the simulated app supports all four). */
function firstInteraction(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) throw bad('allowedInteractionsOrder must not be empty');
  for (const [i, item] of value.entries()) {
    if (!isRecord(item) || typeof item.type !== 'string' || !INTERACTIONS[item.type])
      throw bad(`allowedInteractionsOrder[${i}].type must be one of ${Object.keys(INTERACTIONS).join(', ')}`);
    const rule = INTERACTIONS[item.type];
    const text = item[rule.text];
    if (typeof text !== 'string' || text.length === 0)
      throw bad(`allowedInteractionsOrder[${i}].${rule.text} is required for ${item.type}`);
    if ([...text].length > rule.max)
      throw bad(`allowedInteractionsOrder[${i}].${rule.text} must be at most ${rule.max} characters`);
  }
  return (value[0] as { type: string }).type;
}

async function forced(db: Db) {
  const { sidHttpError } = await getSimSettings(db);
  if (sidHttpError !== null) throw forcedError('SID', sidHttpError);
}

/** Certificate (device) choice: by semantics identifier or by document number. */
export async function sidCertificateChoice(
  db: Db,
  clock: Clock,
  ref: { identifier: string } | { documentNumber: string },
  body: unknown,
): Promise<{ sessionID: string }> {
  await forced(db);
  relyingParty(body);
  const who = 'identifier' in ref ? byIdentifier(ref.identifier) : byDocument(ref.documentNumber);
  const settings = await getSimSettings(db);
  const planned = settings.sidResult ?? who.entry.result;
  const s = await createAuthSession(
    db,
    clock,
    {
      service: 'SID',
      kind: 'CERTIFICATE_CHOICE',
      personal_code: who.code,
      phone: who.country,
      hash: null,
      // the choice itself only fails when the person refuses it; other results belong to the signature
      result: planned === 'USER_REFUSED_CERT_CHOICE' ? planned : 'OK',
    },
    settings.sidCertChoiceDelayMs,
  );
  return { sessionID: s.id };
}

export async function sidStartSignature(
  db: Db,
  clock: Clock,
  ref: { identifier: string } | { documentNumber: string },
  body: unknown,
): Promise<{ sessionID: string }> {
  await forced(db);
  const b = relyingParty(body);
  const who = 'identifier' in ref ? byIdentifier(ref.identifier) : byDocument(ref.documentNumber);
  if (typeof b.hashType !== 'string' || !HASH_LENGTHS[b.hashType])
    throw bad('hashType must be SHA256, SHA384 or SHA512');
  if (typeof b.hash !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(b.hash) || b.hash.length % 4 !== 0)
    throw bad('hash must be base64 encoded');
  if (Buffer.from(b.hash, 'base64').length !== HASH_LENGTHS[b.hashType])
    throw bad('hash length does not match hashType');
  const interaction = firstInteraction(b.allowedInteractionsOrder);
  const settings = await getSimSettings(db);
  const planned = settings.sidResult ?? who.entry.result;
  const s = await createAuthSession(
    db,
    clock,
    {
      service: 'SID',
      kind: `SIGNATURE:${b.hashType}`,
      personal_code: who.code,
      phone: `${who.country}:${INTERACTIONS[interaction].code}`,
      hash: b.hash,
      result: planned,
    },
    settings.sidDelayMs,
  );
  return { sessionID: s.id };
}

export async function sidSessionStatus(
  db: Db,
  clock: Clock,
  sessionId: string,
  timeoutMs?: number,
  signal?: AbortSignal,
): Promise<SidStatus> {
  const s = await findAuthSession(db, clock, 'SID', sessionId);
  if (!s) throw new SkServiceError('SID', 404, 'Session does not exist or has expired');
  const { checkWaitMs } = await getSimSettings(db);
  // RP API v2 §2.3.11: without timeoutMs the service waits halfway between its minimum and maximum
  if (!(await awaitCompletion(clock, s, pollWait(timeoutMs, 60_500, checkWaitMs), signal))) return { state: 'RUNNING' };
  const endResult = (SID_END_RESULTS as readonly string[]).includes(s.result) ? (s.result as SidEndResult) : 'OK';
  const [country = 'EE', interactionCode = 'D'] = (s.phone ?? 'EE').split(':');
  if (endResult !== 'OK') return { state: 'COMPLETE', result: { endResult } };
  const entry = account(s.personal_code, country);
  const cred = await signerCredential(db, clock, s.personal_code, entry?.key ?? 'RSA', country);
  const doc = documentNumber(country, s.personal_code);
  const cert = { value: cred.certDer.toString('base64'), certificateLevel: 'QUALIFIED' as const };
  if (s.kind === 'CERTIFICATE_CHOICE') return { state: 'COMPLETE', result: { endResult, documentNumber: doc }, cert };
  const hashType = s.kind.split(':')[1] ?? 'SHA256';
  const signature = signHash(cred, Buffer.from(s.hash ?? '', 'base64'), hashType);
  return {
    state: 'COMPLETE',
    result: { endResult, documentNumber: doc },
    cert,
    signature: { value: signature.toString('base64'), algorithm: algorithmNames(cred.keyType, hashType).smartId },
    interactionFlowUsed: interactionByCode(interactionCode) ?? 'displayTextAndPIN',
  };
}
