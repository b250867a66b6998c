/**
 * Simulator knobs, kept in the core `meta` table under `sim.*` keys so the console, tests and the
 * running server share them. Timings use the app's clock (tests move a fake clock).
 */
import type { Db } from '../db/index.js';

/** Every session end result of MID REST v1 §3.3.8. */
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

/** Every session end result of Smart-ID RP API v2 §2.3.11.5. */
export const SID_END_RESULTS = [
  'OK',
  'USER_REFUSED',
  'TIMEOUT',
  'DOCUMENT_UNUSABLE',
  'WRONG_VC',
  'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP',
  'USER_REFUSED_CERT_CHOICE',
  'USER_REFUSED_DISPLAYTEXTANDPIN',
  'USER_REFUSED_VC_CHOICE',
  'USER_REFUSED_CONFIRMATIONMESSAGE',
  'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE',
] as const;
export type SidEndResult = (typeof SID_END_RESULTS)[number];

/** HTTP errors the console can make a service answer to a session start (MID REST v1 §3.2.6, RP API v2 §2.1.1, §2.3.3). */
export const MID_HTTP_ERRORS = [400, 401, 405, 500] as const;
export const SID_HTTP_ERRORS = [400, 401, 403, 404, 471, 472, 480, 500, 580] as const;

export interface SigningSimSettings {
  /** how long the simulated person takes on the phone before Mobile-ID completes (ms of app clock) */
  midDelayMs: number;
  /** the same for the Smart-ID signature */
  sidDelayMs: number;
  /** how long the Smart-ID certificate (device) choice takes before it completes (ms of app clock) */
  sidCertChoiceDelayMs: number;
  /** Mobile-ID test numbers answer their result for any personal code (off: the pair must match) */
  midAnyPersonalCode: boolean;
  /** the personal code of the demo card inserted in the software ID-card reader, or null */
  idCardInserted: string | null;
  /**
   * The services' configured longest long poll (ms, real time): a status request is held at most this long,
   * and never less than SK's minimum of 1000 ms, whatever timeoutMs asks (MID REST v1 §3.3.4, RP API v2
   * §2.3.11). SK's own is about 60–120 s; 2 s keeps the demo snappy.
   */
  checkWaitMs: number;
  /** every Mobile-ID session ends with this result instead of the demo data's (null: the demo data decides) */
  midResult: MidResult | null;
  /** every Smart-ID session ends with this end result instead of the demo data's (null: the demo data decides) */
  sidResult: SidEndResult | null;
  /** Mobile-ID answers every POST with this HTTP error (null: none) */
  midHttpError: (typeof MID_HTTP_ERRORS)[number] | null;
  /** Smart-ID answers every session start with this HTTP error (null: none) */
  sidHttpError: (typeof SID_HTTP_ERRORS)[number] | null;
}

export const DEFAULT_SIM_SETTINGS: SigningSimSettings = {
  midDelayMs: 3500,
  sidDelayMs: 3000,
  sidCertChoiceDelayMs: 1000,
  midAnyPersonalCode: false,
  idCardInserted: '38001085718', // jaak's demo card, so his ID-card signing works out of the box
  checkWaitMs: 2000,
  midResult: null,
  sidResult: null,
  midHttpError: null,
  sidHttpError: null,
};

const KEY = 'sim.signing';

export async function getSimSettings(db: Db): Promise<SigningSimSettings> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', KEY).executeTakeFirst();
  return { ...DEFAULT_SIM_SETTINGS, ...(row ? (JSON.parse(row.value) as Partial<SigningSimSettings>) : {}) };
}

export async function setSimSettings(db: Db, patch: Partial<SigningSimSettings>): Promise<SigningSimSettings> {
  const next = { ...(await getSimSettings(db)), ...patch };
  const value = JSON.stringify(next);
  await db
    .insertInto('meta')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return next;
}
