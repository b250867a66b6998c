/**
 * The audit log of security events: login success and failure, logout, represented change, customer add,
 * rights saves. Each row records who, when, from where and what. Call `audit(req, event, ...)` from a route after
 * the change is made (inside its transaction when there is one: pass `db: trx`). Never put a password, a cookie or
 * a token into `detail`.
 *
 *   await audit(req, 'rights.save', { subject: jgid, detail: { application, roleId } });
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { findSession } from '../lib/session.js';

export type AuditEvent =
  | 'login'
  | 'logout'
  | 'single-logout'
  | 'represented.change'
  | 'represented.ended'
  | 'customer.add'
  | 'rights.save'
  | (string & {});

export interface AuditEntry {
  /** success (default), failure or refused */
  outcome?: 'success' | 'failure' | 'refused';
  /** the person acting; default the request's session person */
  actorFgid?: string | null;
  username?: string | null;
  /** what the event is about: a jgid, a customer, an fgid */
  subject?: string | null;
  detail?: Record<string, unknown>;
  /** a transaction to write within (default the app's database) */
  db?: Db;
}

/** Writes one audit row for the request: the client address and the session person are taken from it. */
export async function audit(req: FastifyRequest, event: AuditEvent, entry: AuditEntry = {}): Promise<void> {
  const { db, clock } = req.server.deps;
  const actorFgid = entry.actorFgid !== undefined ? entry.actorFgid : ((await findSession(req))?.fgid ?? null);
  await writeAudit(entry.db ?? db, clock, { ...entry, event, actorFgid, address: req.ip });
}

/** The same row without a request (a command-line tool, a back-channel call). */
export async function writeAudit(
  db: Db,
  clock: Clock,
  entry: AuditEntry & { event: AuditEvent; address?: string | null },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: clock.now().toISOString(),
      event: entry.event,
      outcome: entry.outcome ?? 'success',
      actor_fgid: entry.actorFgid ?? null,
      username: entry.username?.slice(0, 100) ?? null,
      address: entry.address?.slice(0, 100) ?? null,
      subject: entry.subject?.slice(0, 200) ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
