/**
 * Rate limits over fixed windows, counted in the database (table request_counts): every request of a subject (a
 * client address, a session) adds one to its window's row in one statement, insert or add, and reads the new count
 * back, so parallel requests and several server processes on one database never pass the limit together. A request
 * over the limit is still counted (a flood keeps its subject refused until the window ends) and answered 429 by its
 * route before it does anything else. Finished windows are purged (server/security/purge.ts).
 */
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { tooManyRequests } from '../lib/errors.js';

export interface RateLimit {
  /** the name of the limit, the rows' `scope` */
  scope: string;
  /** requests allowed per window */
  max: number;
  windowMs: number;
}

/** Browser CSP reports: 100 an hour from one client address (a page with a real problem reports it long before). */
export const CSP_REPORT_LIMIT: RateLimit = { scope: 'csp-report', max: 100, windowMs: 3_600_000 };
/** Person look-ups by personal code (GET /api/user/{gid}): 30 a minute per session, a person typing codes by hand. */
export const USER_LOOKUP_LIMIT: RateLimit = { scope: 'user-lookup', max: 30, windowMs: 60_000 };

/** The longest window of any limit: a row whose window began before that is finished for every one of them. */
export const LONGEST_WINDOW_MS = Math.max(CSP_REPORT_LIMIT.windowMs, USER_LOOKUP_LIMIT.windowMs);

/** Counts `count` requests of `subject`; 0 when they are within the limit, else the ms until its window ends. */
export async function hit(db: Db, clock: Clock, limit: RateLimit, subject: string, count = 1): Promise<number> {
  const now = clock.now().getTime();
  const start = now - (now % limit.windowMs);
  const row = await db
    .insertInto('request_counts')
    .values({
      scope: limit.scope,
      subject: subject.slice(0, 200),
      window_start: new Date(start).toISOString(),
      hits: count,
    })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'subject', 'window_start'])
        .doUpdateSet({ hits: sql<number>`request_counts.hits + ${count}` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits) > limit.max ? start + limit.windowMs - now : 0;
}

/** Counts the request; over the limit, throws 429 (the catalogue's message, `Retry-After` in seconds). */
export async function enforce(reply: FastifyReply, limit: RateLimit, subject: string, count = 1): Promise<void> {
  const { db, clock, metrics } = reply.server.deps;
  const wait = await hit(db, clock, limit, subject, count);
  if (wait === 0) return;
  metrics.rateLimited(limit.scope);
  reply.header('retry-after', String(Math.ceil(wait / 1000)));
  throw tooManyRequests();
}
