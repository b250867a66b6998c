/**
 * CAS 2.0 ticket store (the single sign-on simulator and the portal's /api/security/callback share it).
 * Service tickets ST-… are single use and live 5 minutes; the ticket-granting ticket (cookie CASTGC)
 * lives 8 hours. Time comes from the injected clock.
 */
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { randomToken } from '../lib/random.js';

export const SERVICE_TICKET_TTL_MS = 5 * 60_000;
export const TGT_TTL_MS = 8 * 3_600_000;
export const TGC_COOKIE = 'CASTGC';

export async function issueTgt(db: Db, clock: Clock, fgid: string): Promise<string> {
  const now = clock.now();
  const id = `TGT-${randomToken(32)}`;
  await db
    .insertInto('cas_tgts')
    .values({
      id,
      person_fgid: fgid,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TGT_TTL_MS).toISOString(),
    })
    .execute();
  return id;
}

/** fgid of a live ticket-granting ticket, else null */
export async function findTgt(db: Db, clock: Clock, id: string | undefined): Promise<string | null> {
  if (!id) return null;
  const row = await db
    .selectFrom('cas_tgts')
    .select(['person_fgid', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.expires_at <= clock.now().toISOString()) return null;
  const person = await db
    .selectFrom('persons')
    .select('not_active')
    .where('fgid', '=', row.person_fgid)
    .executeTakeFirst();
  return person && person.not_active === 0 ? row.person_fgid : null;
}

export async function destroyTgt(db: Db, id: string | undefined): Promise<void> {
  if (id) await db.deleteFrom('cas_tgts').where('id', '=', id).execute();
}

export async function issueServiceTicket(db: Db, clock: Clock, fgid: string, service: string): Promise<string> {
  const now = clock.now();
  const ticket = `ST-${randomToken(24)}`;
  await db
    .insertInto('cas_tickets')
    .values({
      ticket,
      service,
      person_fgid: fgid,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SERVICE_TICKET_TTL_MS).toISOString(),
      used: 0,
    })
    .execute();
  return ticket;
}

/**
 * Two service URLs name the same service when origin, path and query parameters (ticket excluded)
 * agree after decoding — so encoding differences ('%2F' vs '/') do not matter.
 */
export function sameService(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    if (x.origin !== y.origin || x.pathname !== y.pathname) return false;
    const params = (u: URL) =>
      [...u.searchParams.entries()]
        .filter(([k]) => k !== 'ticket')
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join('&');
    return params(x) === params(y);
  } catch {
    return false;
  }
}

export type Validation =
  | { ok: true; user: string }
  | { ok: false; code: 'INVALID_REQUEST' | 'INVALID_TICKET' | 'INVALID_SERVICE'; message: string };

/**
 * CAS 2.0 validation. A ticket is consumed by its first validation attempt, successful or not
 * (CAS protocol §3.1.1: "invalidated after validation"), so a replay always fails.
 */
export async function validateServiceTicket(
  db: Db,
  clock: Clock,
  ticket: string | undefined,
  service: string | undefined,
): Promise<Validation> {
  if (!ticket || !service) return { ok: false, code: 'INVALID_REQUEST', message: 'ticket and service are required' };
  const row = await db.selectFrom('cas_tickets').selectAll().where('ticket', '=', ticket).executeTakeFirst();
  if (!row) return { ok: false, code: 'INVALID_TICKET', message: `Ticket ${ticket} not recognized` };
  const consumed = await db
    .updateTable('cas_tickets')
    .set({ used: 1 })
    .where('ticket', '=', ticket)
    .where('used', '=', 0)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1)
    return { ok: false, code: 'INVALID_TICKET', message: `Ticket ${ticket} has already been used` };
  if (row.expires_at <= clock.now().toISOString())
    return { ok: false, code: 'INVALID_TICKET', message: `Ticket ${ticket} has expired` };
  if (!sameService(row.service, service))
    return { ok: false, code: 'INVALID_SERVICE', message: `Ticket ${ticket} was not issued for this service` };
  return { ok: true, user: row.person_fgid };
}
