/**
 * The sign-on throttle: failed password checks at POST /cas/login are counted per username and per client address
 * over a sliding 15-minute window. From the 5th failure of a username (the 20th of an
 * address: many people may share one office or mobile-network address) each further attempt waits an exponential
 * delay after the last failure: 1, 2, 4, 8 minutes, at most 15. A waiting attempt is refused with 429 before any
 * password is checked, so guessing stops; it recovers by itself as failures leave the window. Time comes from the
 * app clock, so tests move it.
 *
 * An attempt is counted before its password is checked, not after: checking takes the slow hash's time, and
 * attempts sent in parallel would otherwise all be let through while none had failed yet. `reserveLoginAttempt`
 * counts the failures and writes the attempt as one, per username and per address, in one transaction that runs
 * alone for that username and that address, also across processes on one database; the attempt that turns out
 * right takes its reservation back (`releaseLoginAttempt`).
 */
import { createHash } from 'node:crypto';
import { serializeOn } from '../db/dialect.js';
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

/** An attempt let through: its rows in login_failures, which stand as its failures until it is released. */
export interface Reservation {
  ids: number[];
}

type Scope = 'user' | 'address';
/** The username first, then the address: every reservation takes their locks in this order (no deadlock). */
const subjects = (a: LoginAttempt): [Scope, string, number][] => [
  ['user', a.username.trim().toLowerCase().slice(0, 200), THROTTLE.userFailures],
  ['address', a.address.slice(0, 200), THROTTLE.addressFailures],
];

/**
 * The PostgreSQL advisory lock of one username or address: 48 bits of a hash (a safe integer, far from the few
 * fixed lock numbers elsewhere); two subjects that share one merely wait for each other.
 */
const lockOf = (scope: Scope, subject: string): number =>
  createHash('sha256').update(`login throttle\n${scope}\n${subject}`).digest().readUIntBE(0, 6);

/** The delay after `failures` failures within the window, with `limit` allowed before any delay. */
export function delayAfter(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(THROTTLE.baseDelayMs * 2 ** (failures - limit), THROTTLE.maxDelayMs);
}

/**
 * Counts this attempt before its password is checked: `{ wait }` (ms until it may be tried) when it must wait, and
 * nothing is written; else its reservation, written as a failure of its username and of its address.
 */
export async function reserveLoginAttempt(
  db: Db,
  clock: Clock,
  attempt: LoginAttempt,
): Promise<{ wait: number } | Reservation> {
  const now = clock.now().getTime();
  const at = new Date(now).toISOString();
  const since = new Date(now - THROTTLE.windowMs).toISOString();
  const subs = subjects(attempt);
  return db.transaction().execute(async (trx) => {
    // PostgreSQL: one reservation at a time per username and per address, whichever process takes it
    for (const [scope, subject] of subs) await serializeOn(trx, lockOf(scope, subject));
    // written first, counted after: on SQLite the first write takes the database's write lock, so no other
    // process's reservation comes between this count and this write
    const ids = (
      await trx
        .insertInto('login_failures')
        .values(subs.map(([scope, subject]) => ({ scope, subject, at })))
        .returning('id')
        .execute()
    ).map((r) => r.id);
    let wait = 0;
    for (const [scope, subject, limit] of subs) {
      const row = await trx
        .selectFrom('login_failures')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('at').as('last')])
        .where('scope', '=', scope)
        .where('subject', '=', subject)
        .where('at', '>', since)
        .where('id', 'not in', ids)
        .executeTakeFirst();
      const n = Number(row?.n ?? 0);
      if (!row?.last || n < limit) continue;
      wait = Math.max(wait, Date.parse(row.last) + delayAfter(n, limit) - now);
    }
    if (wait <= 0) return { ids };
    await trx.deleteFrom('login_failures').where('id', 'in', ids).execute();
    return { wait };
  });
}

/**
 * The password was right: the username's failures are cleared, and of the address only this attempt's reservation
 * goes (its real failures stay: one good account must not reset it).
 */
export async function releaseLoginAttempt(db: Db, attempt: LoginAttempt, reservation: Reservation): Promise<void> {
  const [[scope, subject]] = subjects(attempt);
  await db
    .deleteFrom('login_failures')
    .where((eb) =>
      eb.or([eb.and([eb('scope', '=', scope), eb('subject', '=', subject)]), eb('id', 'in', reservation.ids)]),
    )
    .execute();
}
