/**
 * An application's own session: a row in its database (`app_sessions`) named by an HttpOnly cookie on the
 * application's path (`OSS-SESSION`, ...), opened from a validated service ticket and ended by the logout URL or by
 * CAS single logout, which names the ticket.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../lib/random.js';
import type { AppsDeps, SignOnDefinition } from './definitions.js';
import type { AppSessionsTable } from './store.js';

export type AppUser = AppSessionsTable;

const SESSION_HOURS = 8;
const sessionCookie = (def: SignOnDefinition) => `${def.application}-SESSION`;

const secure = (req: FastifyRequest) => req.protocol === 'https';
const cookieOptions = (req: FastifyRequest, def: SignOnDefinition) => ({
  path: def.prefix,
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

/** Opens a session for the person a service ticket names (replacing the browser's earlier one) and sets its cookie. */
export async function openSession(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: SignOnDefinition,
  person: { fgid: string; firstName: string; lastName: string; ticket: string },
): Promise<void> {
  await endSession(req, deps, def);
  const now = deps.clock.now();
  const id = randomToken(32);
  await deps.db
    .insertInto('app_sessions')
    .values({
      id,
      application: def.application,
      fgid: person.fgid,
      first_name: person.firstName,
      last_name: person.lastName,
      ticket: person.ticket,
      csrf: randomToken(24),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString(),
    })
    .execute();
  reply.setCookie(sessionCookie(def), id, cookieOptions(req, def));
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
