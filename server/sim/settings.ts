/**
 * Simulator knobs, kept in the core `meta` table under `sim.*` keys so the console, tests and the
 * running server share them. Timings use the app's clock (tests move a fake clock).
 */
import type { Db } from '../db/index.js';

export interface SigningSimSettings {
  /** how long the simulated person takes on the phone before Mobile-ID completes (ms of app clock) */
  midDelayMs: number;
  /** the same for Smart-ID */
  sidDelayMs: number;
  /** Mobile-ID test numbers answer their result for any personal code (off: the pair must match) */
  midAnyPersonalCode: boolean;
  /** the personal code of the demo card inserted in the software ID-card reader, or null */
  idCardInserted: string | null;
  /** how long sign/mobile/check and sign/smart_id/check long-poll the service (real ms) */
  checkWaitMs: number;
}

export const DEFAULT_SIM_SETTINGS: SigningSimSettings = {
  midDelayMs: 3500,
  sidDelayMs: 3000,
  midAnyPersonalCode: false,
  idCardInserted: '38001085718', // jaak's demo card, so his ID-card signing works out of the box
  checkWaitMs: 2000,
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
