/**
 * An application's own session: a row in its database (`app_sessions`) named by an HttpOnly cookie on the
 * application's path (`OSS-SESSION`, ...), opened from a validated service ticket and ended by the logout URL or by
 * CAS single logout, which names the ticket. A sign-on that names another person than the browser's session is kept
 * aside as a pending row (`openPendingSession`) until the person chooses whom to continue as (sign-on.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../lib/random.js';
import type { AppsDeps, SignOnDefinition } from './definitions.js';
import type { AppSessionsTable } from './store.js';

export type AppUser = AppSessionsTable;

const SESSION_HOURS = 8;
/** how long a sign-on kept aside waits for the person's choice */
const PENDING_MINUTES = 10;
const sessionCookie = (def: SignOnDefinition) => `${def.application}-SESSION`;
const pendingCookie = (def: SignOnDefinition) => `${def.application}-PENDING`;

const secure = (req: FastifyRequest) => req.protocol === 'https';
export const cookieOptions = (req: FastifyRequest, def: SignOnDefinition, path = def.prefix) => ({
  path,
  httpOnly: true,
  // the page lives in the portal's frame: same-site on one host (ports differ), so Lax suffices over http; a
  // deployment on another site needs None, which browsers accept only with Secure
  sameSite: secure(req) ? ('none' as const) : ('lax' as const),
  secure: secure(req),
});

/** The person whose unexpired session the request's cookie names, or null. */
export async function findSession(req: FastifyRequest, deps: AppsDeps, def: SignOnDefinition): Promise<AppUser | null> {
  const id = req.cookies[sessionCookie(def)];
  if (!id) return null;
  const row = await deps.db
    .selectFrom('app_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('application', '=', def.application)
    .executeTakeFirst();
  return row && row.expires_at > deps.clock.now().toISOString() ? row : null;
}

type Person = { fgid: string; firstName: string; lastName: string; ticket: string };

async function insertSession(
  deps: AppsDeps,
  def: SignOnDefinition,
  person: Person,
  minutes: number,
): Promise<{ id: string; csrf: string }> {
  const now = deps.clock.now();
  const id = randomToken(32);
  const csrf = randomToken(24);
  await deps.db
    .insertInto('app_sessions')
    .values({
      id,
      application: def.application,
      fgid: person.fgid,
      first_name: person.firstName,
      last_name: person.lastName,
      ticket: person.ticket,
      csrf,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + minutes * 60_000).toISOString(),
    })
    .execute();
  return { id, csrf };
}

/** Opens a session for the person a service ticket names (replacing the browser's earlier one) and sets its cookie. */
export async function openSession(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: SignOnDefinition,
  person: Person,
): Promise<void> {
  await endSession(req, deps, def);
  const { id } = await insertSession(deps, def, person, SESSION_HOURS * 60);
  reply.setCookie(sessionCookie(def), id, cookieOptions(req, def));
}

/**
 * Keeps a validated sign-on aside while the browser's session belongs to someone else: a short-lived row that no
 * session cookie names, known to this browser only by an HttpOnly cookie on the sign-on path. Returns the token the
 * choice must carry (the form's field), so a page of another site cannot make the choice for the person.
 */
export async function openPendingSession(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: SignOnDefinition,
  person: Person,
  signOnPath: string,
): Promise<string> {
  await dropPendingSession(req, deps, def);
  const { id, csrf } = await insertSession(deps, def, person, PENDING_MINUTES);
  reply.setCookie(pendingCookie(def), id, { ...cookieOptions(req, def, signOnPath), maxAge: PENDING_MINUTES * 60 });
  return csrf;
}

/** The unexpired sign-on this browser keeps aside, or null. */
export async function findPendingSession(
  req: FastifyRequest,
  deps: AppsDeps,
  def: SignOnDefinition,
): Promise<AppUser | null> {
  const id = req.cookies[pendingCookie(def)];
  if (!id) return null;
  const row = await deps.db
    .selectFrom('app_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('application', '=', def.application)
    .executeTakeFirst();
  return row && row.expires_at > deps.clock.now().toISOString() ? row : null;
}

/** The person chose the sign-on kept aside: it becomes the browser's session, in place of the earlier one. */
export async function adoptPendingSession(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: SignOnDefinition,
  pending: AppUser,
  signOnPath: string,
): Promise<void> {
  await endSession(req, deps, def);
  const now = deps.clock.now();
  await deps.db
    .updateTable('app_sessions')
    .set({ expires_at: new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString() })
    .where('id', '=', pending.id)
    .execute();
  reply.setCookie(sessionCookie(def), pending.id, cookieOptions(req, def));
  reply.clearCookie(pendingCookie(def), cookieOptions(req, def, signOnPath));
}

/** Forgets the sign-on kept aside (the person stays who they were). */
export async function dropPendingSession(
  req: FastifyRequest,
  deps: AppsDeps,
  def: SignOnDefinition,
  reply?: FastifyReply,
  signOnPath?: string,
): Promise<void> {
  const id = req.cookies[pendingCookie(def)];
  if (id) await deps.db.deleteFrom('app_sessions').where('id', '=', id).execute();
  if (reply && signOnPath) reply.clearCookie(pendingCookie(def), cookieOptions(req, def, signOnPath));
}

/** Ends the session the request's cookie names, if any. */
export async function endSession(req: FastifyRequest, deps: AppsDeps, def: SignOnDefinition): Promise<void> {
  const id = req.cookies[sessionCookie(def)];
  if (id) await deps.db.deleteFrom('app_sessions').where('id', '=', id).execute();
}

/** Clears the session cookie in the browser. */
export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply, def: SignOnDefinition): void {
  reply.clearCookie(sessionCookie(def), cookieOptions(req, def));
}

/** Ends the sessions opened from a service ticket (CAS single logout names the ticket, not the session). */
export async function endSessionsOfTicket(deps: AppsDeps, def: SignOnDefinition, ticket: string): Promise<void> {
  await deps.db
    .deleteFrom('app_sessions')
    .where('application', '=', def.application)
    .where('ticket', '=', ticket)
    .execute();
}
