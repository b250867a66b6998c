/**
 * The sign-on throttle (finding 3): failed password checks at POST /cas/login are counted per username
 * and per client address over a sliding 15-minute window. From the 5th failure of a username (the 20th of an
 * address: many people may share one office or mobile-network address) each further attempt waits an exponential
 * delay after the last failure: 1, 2, 4, 8 minutes, at most 15. A waiting attempt is refused with 429 before any
 * password is checked, so guessing stops; it recovers by itself as failures leave the window. Time comes from the
 * app clock, so tests move it.
 */
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';

export const THROTTLE = {
  windowMs: 15 * 60_000,
  /** failures of one username before the delays start */
  userFailures: 5,
  /** failures from one client address before the delays start */
  addressFailures: 20,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
} as const;

export interface LoginAttempt {
  username: string;
  address: string;
}

type Scope = 'user' | 'address';
const subjects = (a: LoginAttempt): [Scope, string, number][] => [
  ['user', a.username.trim().toLowerCase().slice(0, 200), THROTTLE.userFailures],
  ['address', a.address.slice(0, 200), THROTTLE.addressFailures],
];

/** The delay after `failures` failures within the window, with `limit` allowed before any delay. */
export function delayAfter(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(THROTTLE.baseDelayMs * 2 ** (failures - limit), THROTTLE.maxDelayMs);
}

/** ms until this attempt may be tried (0: now). */
export async function waitBeforeLogin(db: Db, clock: Clock, attempt: LoginAttempt): Promise<number> {
  const now = clock.now().getTime();
  const since = new Date(now - THROTTLE.windowMs).toISOString();
  let wait = 0;
  for (const [scope, subject, limit] of subjects(attempt)) {
    const row = await db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('at').as('last')])
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('at', '>', since)
      .executeTakeFirst();
    const n = Number(row?.n ?? 0);
    if (!row?.last || n < limit) continue;
    wait = Math.max(wait, Date.parse(row.last) + delayAfter(n, limit) - now);
  }
  return Math.max(0, wait);
}

export async function recordLoginFailure(db: Db, clock: Clock, attempt: LoginAttempt): Promise<void> {
  const at = clock.now().toISOString();
  await db
    .insertInto('login_failures')
    .values(subjects(attempt).map(([scope, subject]) => ({ scope, subject, at })))
    .execute();
}

/** A successful login clears its username's failures (its address keeps them: one good account must not reset it). */
export async function clearLoginFailures(db: Db, attempt: LoginAttempt): Promise<void> {
  const [[scope, subject]] = subjects(attempt);
  await db.deleteFrom('login_failures').where('scope', '=', scope).where('subject', '=', subject).execute();
}
