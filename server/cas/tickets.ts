/**
 * The sign-on simulator's ticket store (CAS Protocol 3.0 specification, §3). Service tickets ST-… are single use
 * and live 5 minutes (§3.1.1); the ticket-granting ticket behind the CASTGC cookie lives 8 hours at most (§3.8);
 * the login form's `execution` token is single use and bound to the browser's flow cookie (§3.5). Time comes from
 * the injected clock. Only the simulator uses this module: the portal validates over HTTP (server/clients/cas.ts).
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';

const SERVICE_TICKET_TTL_MS = 5 * 60_000;
const TGT_TTL_MS = 8 * 3_600_000;
const LOGIN_FLOW_TTL_MS = 30 * 60_000;
export const TGC_COOKIE = 'CASTGC';
/** binds the login form's `execution` to this browser, as Apereo's webflow session does */
export const FLOW_COOKIE = 'CASFLOW';
/** set when the person ticked `warn` at login (§2.2.1): single sign-on is then never transparent */
export const WARN_COOKIE = 'CASPRIVACY';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `${prefix}-` + `length` random characters from {A-Z, a-z, 0-9} (§3.7: tickets and the ticket-granting cookie
 * contain only those and the hyphen). 32 characters carry about 190 bits (§3.1.1 "not guessable").
 */
export function casId(prefix: string, length = 32): string {
  let out = `${prefix}-`;
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

const iso = (clock: Clock, plusMs = 0) => new Date(clock.now().getTime() + plusMs).toISOString();

export async function issueTgt(db: Db, clock: Clock, fgid: string): Promise<string> {
  const id = casId('TGT', 40);
  await db
    .insertInto('cas_tgts')
    .values({ id, person_fgid: fgid, created_at: iso(clock), expires_at: iso(clock, TGT_TTL_MS) })
    .execute();
  return id;
}

/** fgid of a live ticket-granting ticket of an active person, else null */
export async function findTgt(db: Db, clock: Clock, id: string | undefined): Promise<string | null> {
  if (!id) return null;
  const row = await db
    .selectFrom('cas_tgts')
    .innerJoin('persons', 'persons.fgid', 'cas_tgts.person_fgid')
    .select(['cas_tgts.person_fgid', 'cas_tgts.expires_at', 'persons.not_active'])
    .where('cas_tgts.id', '=', id)
    .executeTakeFirst();
  if (!row || row.expires_at <= iso(clock) || row.not_active !== 0) return null;
  return row.person_fgid;
}

/**
 * Ends a sign-on session (§2.3) and returns every service ticket issued under it with its service, for the
 * single logout requests (§2.3.3). The tickets themselves are kept until they expire, so validation of one
 * still fails as INVALID_TICKET rather than surprising anyone.
 */
export async function destroyTgt(db: Db, id: string | undefined): Promise<{ ticket: string; service: string }[]> {
  if (!id) return [];
  const issued = await db.selectFrom('cas_tickets').select(['ticket', 'service']).where('tgt_id', '=', id).execute();
  await db.updateTable('cas_tickets').set({ tgt_id: null }).where('tgt_id', '=', id).execute();
  await db.deleteFrom('cas_tgts').where('id', '=', id).execute();
  return issued;
}

export async function issueServiceTicket(
  db: Db,
  clock: Clock,
  opts: { fgid: string; service: string; tgtId: string; fromNewLogin: boolean },
): Promise<string> {
  const ticket = casId('ST');
  await db
    .insertInto('cas_tickets')
    .values({
      ticket,
      service: opts.service,
      person_fgid: opts.fgid,
      created_at: iso(clock),
      expires_at: iso(clock, SERVICE_TICKET_TTL_MS),
      used: 0,
      tgt_id: opts.tgtId,
      from_new_login: opts.fromNewLogin ? 1 : 0,
    })
    .execute();
  return ticket;
}

/**
 * Two service URLs name the same service when origin, path and query parameters (ticket excluded)
 * agree after decoding — so encoding differences ('%2F' vs '/') do not matter.
 */
function sameService(a: string, b: string): boolean {
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

/** The failure codes of §2.5.3 that the simulator answers. */
export type FailureCode =
  | 'INVALID_REQUEST'
  | 'INVALID_TICKET_SPEC'
  | 'UNAUTHORIZED_SERVICE_PROXY'
  | 'INVALID_PROXY_CALLBACK'
  | 'INVALID_TICKET'
  | 'INVALID_SERVICE'
  | 'INTERNAL_ERROR';

export type Validation =
  | { ok: true; user: string; fromNewLogin: boolean; authenticationDate: string }
  | { ok: false; code: FailureCode; message: string };

/**
 * Service ticket validation (§2.4–§2.6). A ticket is consumed by its first validation attempt, successful or
 * not (§3.1.1), so a replay always fails. `renew` fails a ticket issued from the single sign-on session
 * rather than from primary credentials (§2.5.1, §2.5.3 INVALID_TICKET). A proxy ticket is never valid here:
 * the simulator grants no proxies (§2.5: /serviceValidate MUST NOT accept one).
 */
export async function validateServiceTicket(
  db: Db,
  clock: Clock,
  opts: { ticket: string; service: string; renew: boolean },
): Promise<Validation> {
  const { ticket, service } = opts;
  if (ticket.startsWith('PT-'))
    return { ok: false, code: 'INVALID_TICKET', message: `Ticket ${ticket} is a proxy ticket; no proxy was granted` };
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
  if (row.expires_at <= iso(clock))
    return { ok: false, code: 'INVALID_TICKET', message: `Ticket ${ticket} has expired` };
  // §2.5.3 INVALID_SERVICE: the ticket is invalidated as well (it was consumed above)
  if (!sameService(row.service, service))
    return { ok: false, code: 'INVALID_SERVICE', message: `Ticket ${ticket} was not issued for this service` };
  if (opts.renew && row.from_new_login !== 1)
    return {
      ok: false,
      code: 'INVALID_TICKET',
      message: `Ticket ${ticket} did not come from an initial login and renew was requested`,
    };
  const person = await db
    .selectFrom('persons')
    .select('not_active')
    .where('fgid', '=', row.person_fgid)
    .executeTakeFirst();
  if (!person || person.not_active !== 0)
    return { ok: false, code: 'INVALID_TICKET', message: `Ticket ${ticket} belongs to an account that is not active` };
  return {
    ok: true,
    user: row.person_fgid,
    fromNewLogin: row.from_new_login === 1,
    authenticationDate: row.created_at,
  };
}

/** A fresh single-use `execution` token for the login form, bound to the browser's flow cookie. */
export async function issueExecution(db: Db, clock: Clock, flow: string): Promise<string> {
  const execution = casId('e1s1', 40);
  await db.deleteFrom('cas_login_flows').where('expires_at', '<=', iso(clock)).execute();
  await db
    .insertInto('cas_login_flows')
    .values({ execution, flow, expires_at: iso(clock, LOGIN_FLOW_TTL_MS) })
    .execute();
  return execution;
}

/** true once for a live token issued to this flow cookie; the token is spent either way (§3.5.1) */
export async function consumeExecution(
  db: Db,
  clock: Clock,
  execution: string | undefined,
  flow: string | undefined,
): Promise<boolean> {
  if (!execution || !flow) return false;
  const row = await db
    .deleteFrom('cas_login_flows')
    .where('execution', '=', execution)
    .returning(['flow', 'expires_at'])
    .executeTakeFirst();
  return !!row && row.flow === flow && row.expires_at > iso(clock);
}
