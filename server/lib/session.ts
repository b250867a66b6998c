/**
 * Portal sessions (docs/conventions.md): cookie EPIT-SESSION (HttpOnly, SameSite=Lax, Path=/),
 * rows in the `sessions` table. Use `requireSession(req)` at the top of every protected handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE, LANGUAGE3, type Privilege } from '../../machines/lib/contract.js';
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { PersonsTable } from '../db/schema.js';
import type { Clock } from './clock.js';
import './deps.js';
import { forbidden, unauthenticated } from './errors.js';
import { randomToken } from './random.js';

export const SESSION_HOURS = 12;

export type PersonRow = Selectable<PersonsTable>;

export interface Session {
  id: string;
  fgid: string;
  representedGid: string | null;
  /** three-letter upper case, e.g. 'EST' */
  language: string;
  deadSeen: string[];
  person: PersonRow;
  privileges: string[];
  isStaff: boolean;
}

const cache = new WeakMap<FastifyRequest, Session | null>();

/** The caller's session, or null. Expired sessions count as none. */
export async function findSession(req: FastifyRequest): Promise<Session | null> {
  if (cache.has(req)) return cache.get(req)!;
  const id = req.cookies?.[COOKIE.session];
  let session: Session | null = null;
  if (id) {
    const { db, clock } = req.server.deps;
    const row = await db
      .selectFrom('sessions')
      .innerJoin('persons', 'persons.fgid', 'sessions.person_fgid')
      .selectAll('persons')
      .select([
        'sessions.id as session_id',
        'sessions.represented_gid',
        'sessions.language',
        'sessions.dead_seen',
        'sessions.expires_at',
      ])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
    if (row && row.expires_at > clock.now().toISOString() && row.not_active === 0) {
      const { session_id, represented_gid, language, dead_seen, expires_at: _e, ...person } = row;
      const privileges = JSON.parse(person.privileges) as string[];
      session = {
        id: session_id,
        fgid: person.fgid,
        representedGid: represented_gid,
        language,
        deadSeen: JSON.parse(dead_seen) as string[],
        person,
        privileges,
        isStaff: person.auth_channel === 'IN_AD',
      };
    }
  }
  cache.set(req, session);
  return session;
}

/** The caller's session; throws 401 UNAUTHENTICATED without one. */
export async function requireSession(req: FastifyRequest): Promise<Session> {
  const s = await findSession(req);
  if (!s) throw unauthenticated();
  return s;
}

export function hasPrivilege(session: Session, privilege: Privilege): boolean {
  return session.privileges.includes(privilege);
}

/** Throws 403 FORBIDDEN unless the session holds one of `privileges`. */
export function requirePrivilege(session: Session, ...privileges: Privilege[]): void {
  if (!privileges.some((p) => hasPrivilege(session, p))) throw forbidden();
}

/** Own data is always allowed; another person's data needs one of `privileges` (403 otherwise). */
export function requireSelfOrPrivilege(session: Session, fgid: string, ...privileges: Privilege[]): void {
  if (fgid !== session.fgid) requirePrivilege(session, ...privileges);
}

/** Forget the per-request cache after changing the session row within the same request. */
export function invalidateSessionCache(req: FastifyRequest): void {
  cache.delete(req);
}

/**
 * Opens a portal session. `ssoTicket` is the service ticket it was opened with: the single sign-on server names
 * it in a back-channel logout request to end this session (CAS 3.0 §2.3.3, `endSessionsForTicket`).
 */
export async function openSession(
  req: FastifyRequest,
  reply: FastifyReply,
  fgid: string,
  language: string,
  ssoTicket: string | null = null,
): Promise<string> {
  const { db, clock } = req.server.deps;
  const now = clock.now();
  const id = randomToken(32);
  await db
    .insertInto('sessions')
    .values({
      id,
      person_fgid: fgid,
      represented_gid: null,
      language,
      dead_seen: '[]',
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString(),
      sso_ticket: ssoTicket,
    })
    .execute();
  reply.setCookie(COOKIE.session, id, { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(req) });
  invalidateSessionCache(req);
  return id;
}

export async function closeSession(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = req.cookies?.[COOKIE.session];
  if (id) await req.server.deps.db.deleteFrom('sessions').where('id', '=', id).execute();
  reply.clearCookie(COOKIE.session, { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(req) });
  invalidateSessionCache(req);
}

/** Ends every live session opened with this service ticket; returns how many ended (0: an unknown ticket). */
export async function endSessionsForTicket(db: Db, clock: Clock, ticket: string): Promise<number> {
  const ended = await db
    .deleteFrom('sessions')
    .where('sso_ticket', '=', ticket)
    .where('expires_at', '>', clock.now().toISOString())
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}

export function isSecure(req: FastifyRequest): boolean {
  const origin = req.server.deps.env.publicOrigin;
  return origin ? origin.startsWith('https:') : req.protocol === 'https';
}

/** The portal's absolute origin: PUBLIC_ORIGIN, else from the request. */
export function originOf(req: FastifyRequest): string {
  return req.server.deps.env.publicOrigin ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}

export const isLanguage3 = (v: unknown): v is string =>
  typeof v === 'string' && Object.values(LANGUAGE3).includes(v.toUpperCase());
