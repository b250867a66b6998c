/**
 * Sessions of the Mobile-ID and Smart-ID simulators: created with the result already decided by
 * the demo data, RUNNING until `complete_at` on the app clock, then COMPLETE. Status requests
 * long-poll like the real APIs (`timeoutMs`): they return as soon as the session completes, or
 * RUNNING when the wait is over.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import type { SimAuthSessionsTable } from '../db/schema.js';

export type AuthSession = SimAuthSessionsTable;

/** MID REST v1 §3.3.9 "Sessions expire within 5 minutes", RP API v2 §2.3.11.1 "completed less than 5 minutes ago". */
export const SESSION_LIFETIME_MS = 5 * 60_000;
/** The long-poll bounds both services keep to whatever timeoutMs asks (MID REST v1 §3.3.4, RP API v2 §2.3.11). */
export const MIN_POLL_MS = 1000;
export const MAX_POLL_MS = 120_000;

/**
 * How long a status request is held: timeoutMs (or the service's default) kept within SK's bounds, and at most
 * the simulator's configured longest poll (which is itself never below the minimum).
 */
export function pollWait(timeoutMs: number | undefined, fallback: number, longestMs: number): number {
  const asked = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, timeoutMs ?? fallback));
  return Math.min(asked, Math.max(MIN_POLL_MS, longestMs));
}

export async function createAuthSession(
  db: Db,
  clock: Clock,
  s: Omit<AuthSession, 'id' | 'created_at' | 'complete_at'>,
  delayMs: number,
): Promise<AuthSession> {
  const now = clock.now();
  const row: AuthSession = {
    ...s,
    id: randomUUID(),
    created_at: now.toISOString(),
    complete_at: new Date(now.getTime() + delayMs).toISOString(),
  };
  await db.insertInto('sim_auth_sessions').values(row).execute();
  return row;
}

/** The session, or undefined when there is none or it has expired (both: 404 at the service). */
export async function findAuthSession(
  db: Db,
  clock: Clock,
  service: string,
  id: string,
): Promise<AuthSession | undefined> {
  const s = await db
    .selectFrom('sim_auth_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('service', '=', service)
    .executeTakeFirst();
  if (!s || clock.now().getTime() - new Date(s.created_at).getTime() > SESSION_LIFETIME_MS) return undefined;
  return s;
}

/** Sleeps `ms`, or less when `signal` aborts (its timer is cleared then). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Waits (real time, at most timeoutMs) until the session is complete by the app clock. Answers
 * false (still running) at once when `signal` aborts: the caller left or the server is closing.
 */
export async function awaitCompletion(
  clock: Clock,
  s: AuthSession,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<boolean> {
  const until = Date.now() + Math.max(0, timeoutMs);
  for (;;) {
    const left = new Date(s.complete_at).getTime() - clock.now().getTime();
    if (left <= 0) return true;
    const wait = until - Date.now();
    if (wait <= 0 || signal?.aborted) return false;
    await sleep(Math.min(100, wait, left), signal);
  }
}
