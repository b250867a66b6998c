/**
 * The periodic purge: expired portal sessions (past their absolute lifetime or idle too long), sign-on
 * tickets, ticket-granting tickets and login flows, login failures older than the throttle's window, signing
 * sessions a day old, the request counters of finished rate-limit windows and CSP reports older than their retention;
 * and, after their retention (AUDIT_RETENTION_DAYS, OUTBOX_RETENTION_DAYS: docs/configuration.md "Retention"), the
 * audit log, which holds personal codes and addresses, and the outbox, which holds password reset links.
 * An outbox row goes at its age whatever its state: the sender gives a mail up within hours, far inside the shortest
 * retention (a day), and a mail still waiting by then (SMTP_URL removed meanwhile) carries a reset link that has
 * expired (24 hours).
 * `createApp` runs it every PURGE_EVERY_MS and once at start.
 */
import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { KEEP_CSP_REPORTS_MS } from './csp-report.js';
import { LONGEST_WINDOW_MS } from './rate-limit.js';
import { THROTTLE } from './throttle.js';

export const PURGE_EVERY_MS = 10 * 60_000;
const SIGNING_SESSION_MS = 24 * 3_600_000;

/** Deletes every expired row; returns how many per table. */
export async function purgeExpired(
  db: Db,
  clock: Clock,
  env: Pick<Env, 'security' | 'retention'>,
): Promise<Record<string, number>> {
  const now = clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const idleSince = iso(now - env.security.sessionIdleMs);
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  return {
    sessions: count(
      await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([eb('expires_at', '<=', iso(now)), eb(eb.fn.coalesce('last_seen_at', 'created_at'), '<=', idleSince)]),
        )
        .executeTakeFirst(),
    ),
    casTickets: count(await db.deleteFrom('cas_tickets').where('expires_at', '<=', iso(now)).executeTakeFirst()),
    casTgts: count(await db.deleteFrom('cas_tgts').where('expires_at', '<=', iso(now)).executeTakeFirst()),
    casLoginFlows: count(await db.deleteFrom('cas_login_flows').where('expires_at', '<=', iso(now)).executeTakeFirst()),
    loginFailures: count(
      await db
        .deleteFrom('login_failures')
        .where('at', '<=', iso(now - THROTTLE.windowMs))
        .executeTakeFirst(),
    ),
    signingSessions: count(
      await db
        .deleteFrom('signing_sessions')
        .where('created_at', '<=', iso(now - SIGNING_SESSION_MS))
        .executeTakeFirst(),
    ),
    requestCounts: count(
      await db
        .deleteFrom('request_counts')
        .where('window_start', '<=', iso(now - LONGEST_WINDOW_MS))
        .executeTakeFirst(),
    ),
    cspReports: count(
      await db
        .deleteFrom('csp_reports')
        .where('at', '<=', iso(now - KEEP_CSP_REPORTS_MS))
        .executeTakeFirst(),
    ),
    auditLog: count(
      await db
        .deleteFrom('audit_log')
        .where('at', '<=', iso(now - env.retention.auditMs))
        .executeTakeFirst(),
    ),
    outbox: count(
      await db
        .deleteFrom('outbox')
        .where('created_at', '<=', iso(now - env.retention.outboxMs))
        .executeTakeFirst(),
    ),
  };
}
