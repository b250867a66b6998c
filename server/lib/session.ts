/**
 * Portal sessions (docs/conventions.md): cookie EPIT-SESSION (HttpOnly, SameSite=Lax, on the paths /api/, /ui/ and /sla/,
 * SESSION_COOKIE_PATHS), rows in the `sessions` table. Use `requireSession(req)` at the top of every protected handler.
 * Beside it the readable hint EPIT-SIGNED-IN=1: set with the session, cleared with it, and cleared when a
 * request finds its session gone (expired, idle, ended by single logout), so the portal's first screen knows a
 * visitor without it is signed out without asking. It holds no secret and grants nothing: every request is still
 * checked against the session itself.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE, LANGUAGE3, type Privilege } from '../../domain/contract.js';
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import { prepared } from '../db/prepared.js';
import type { PersonsTable } from '../db/schema.js';
import { nowMs, type Clock } from './clock.js';
import './deps.js';
import { forbidden, unauthenticated } from './errors.js';
import { onSendStep, routeOf } from './hook-chain.js';
import { randomToken } from './random.js';
import { writeAudit } from '../audit/audit.js';

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
  /** the XSRF token bound to this session (server/lib/xsrf.ts); null for a session row written without one */
  xsrfToken?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the session found for this request (see `cache`); undefined: not looked up yet */
    portalSession: Session | null | undefined;
  }
}

/**
 * The session found for a request, kept on the request itself for the rest of it (an entry per request
 * in a WeakMap cost more than the lookup it saves). A request decoration (installSignedInHint declares it), so that
 * every request has it from the start: set on a request that lacked it, it would change the object's shape in the
 * middle of the request, and the code that reads requests after it would see two shapes.
 */
const cache = {
  has: (req: FastifyRequest) => req.portalSession !== undefined,
  get: (req: FastifyRequest) => req.portalSession,
  set: (req: FastifyRequest, session: Session | null) => void (req.portalSession = session),
  delete: (req: FastifyRequest) => void (req.portalSession = undefined),
};

/**
 * Requests that do not count as the person's activity for the idle timeout: the portal polls them by itself
 * (spec 1 §4 checkDeadApplications every 30 s), so an open tab alone would keep a session alive for ever.
 */
const PASSIVE_ROUTES = new Set(['/api/context/checkDeadApplications']);
/** last_seen_at is written at most this often (a write per request would cost every API call) */
const TOUCH_EVERY_MS = 60_000;

/**
 * The paths that read the session: the API, the portal's pages (their index hints at the user context only for
 * a live session, server/app.ts) and the SLA checks at the backend's root (spec 2 §7 "sla/test (root)", staff only).
 * Cookies ignore ports, so a cookie on `/` would also be sent to every other server
 * on this host: the demo applications on APPS_PORT, or anything else listening there. On these paths the
 * session cookie reaches only what the portal serves there. (A cookie on the whole host from before is cleared when
 * a session closes.)
 */
const SESSION_COOKIE_PATHS = ['/api/', '/ui/', '/sla/'] as const;
const sessionCookieOptions = (req: FastifyRequest, path: string) =>
  ({ path, httpOnly: true, sameSite: 'lax', secure: isSecure(req) }) as const;

/** The session with its person: every API call reads it, so it is compiled once (server/db/prepared.ts). */
const sessionRow = prepared(
  (db, id: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('persons', 'persons.fgid', 'sessions.person_fgid')
      .selectAll('persons')
      .select([
        'sessions.id as session_id',
        'sessions.represented_gid',
        'sessions.language',
        'sessions.dead_seen',
        'sessions.expires_at',
        'sessions.created_at as session_created_at',
        'sessions.last_seen_at',
        'sessions.xsrf_token',
      ])
      .where('sessions.id', '=', id),
  { reuse: true }, // read again after any write (the touch below, a logout, a change of the person): never stale
);

type SessionRow = Awaited<ReturnType<typeof sessionRow>>[number];

/**
 * The session a row stands for. A kept row (server/db/prepared.ts reuse) is the same object until the database
 * changes, so what is read from it (the person, the parsed lists) is worked out once per row; nobody changes them.
 */
const sessions = new WeakMap<SessionRow, KeptSession>();
interface KeptSession {
  session: Session;
  /** last_seen_at (or created_at) in ms */
  lastSeen: number;
  /** expires_at in ms when it is an ISO instant as openSession writes it (then it compares as text does), else null */
  expires: number | null;
}
function isoInstant(text: string): number | null {
  const ms = Date.parse(text);
  return text.length === 24 && Number.isFinite(ms) && new Date(ms).toISOString() === text ? ms : null;
}
/** expires_at is still ahead: as text against now's ISO text, as it always was, or as the instant it names */
const ahead = (expiresAt: string, expires: number | null, now: number) =>
  expires !== null ? expires > now : expiresAt > new Date(now).toISOString();
function sessionOf(row: SessionRow): KeptSession {
  const known = sessions.get(row);
  if (known) return known;
  const {
    session_id,
    represented_gid,
    language,
    dead_seen,
    expires_at: _e,
    session_created_at: _c,
    last_seen_at: _l,
    xsrf_token,
    ...person
  } = row;
  const session: Session = {
    id: session_id,
    fgid: person.fgid,
    representedGid: represented_gid,
    language,
    deadSeen: JSON.parse(dead_seen) as string[],
    person,
    privileges: JSON.parse(person.privileges) as string[],
    isStaff: person.auth_channel === 'IN_AD',
    xsrfToken: xsrf_token,
  };
  const kept = {
    session,
    lastSeen: Date.parse(row.last_seen_at ?? row.session_created_at),
    expires: isoInstant(row.expires_at),
  };
  sessions.set(row, kept);
  return kept;
}

/**
 * The session a row stands for now, or null (expired, idle, inactive, no row); `touch`: last_seen_at is due to be
 * written (at most once a minute, and not for a passive route).
 */
function judge(req: FastifyRequest, row: SessionRow | undefined): { session: Session | null; touch: boolean } {
  if (!row) return { session: null, touch: false };
  const { clock, env } = req.server.deps;
  const kept = sessionOf(row);
  const now = nowMs(clock);
  const idle = now - kept.lastSeen >= env.security.sessionIdleMs;
  if (!ahead(row.expires_at, kept.expires, now) || idle || row.not_active !== 0) return { session: null, touch: false };
  const touch = now - kept.lastSeen >= TOUCH_EVERY_MS && !PASSIVE_ROUTES.has(routeOf(req).url ?? '');
  return { session: { ...kept.session }, touch };
}

/**
 * The caller's session when it is known without a query: looked up already in this request, no session cookie, or
 * its row kept and current (server/db/prepared.ts) with nothing to write. Else undefined: `findSession` asks.
 * The hooks every request passes (server/lib/xsrf.ts) and the hottest routes stay synchronous with it.
 */
export function knownSession(req: FastifyRequest): Session | null | undefined {
  if (cache.has(req)) return cache.get(req)!;
  const id = req.cookies?.[COOKIE.session];
  if (!id) {
    cache.set(req, null);
    return null;
  }
  const rows = sessionRow.kept(req.server.deps.db, id);
  if (rows === undefined) return undefined;
  const { session, touch } = judge(req, rows[0]);
  if (touch) return undefined;
  cache.set(req, session);
  return session;
}

/** The caller's session, or null. Expired, idle and inactive sessions count as none. */
export async function findSession(req: FastifyRequest): Promise<Session | null> {
  const known = knownSession(req);
  if (known !== undefined) return known;
  const id = req.cookies?.[COOKIE.session];
  let session: Session | null = null;
  if (id) {
    const { db, clock } = req.server.deps;
    const [row] = await sessionRow(db, id);
    const judged = judge(req, row);
    session = judged.session;
    if (session && judged.touch)
      await db.updateTable('sessions').set({ last_seen_at: clock.now().toISOString() }).where('id', '=', id).execute();
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
 * Both the session id and the XSRF token are new (no session fixation, no token carried over from
 * before the login); the session lives SESSION_MAX_HOURS at most and ends after SESSION_IDLE_MINUTES idle.
 */
export async function openSession(
  req: FastifyRequest,
  reply: FastifyReply,
  fgid: string,
  language: string,
  ssoTicket: string | null = null,
): Promise<string> {
  const { db, clock, env } = req.server.deps;
  const now = clock.now();
  const id = randomToken(32);
  const xsrf = randomToken(24);
  await db
    .insertInto('sessions')
    .values({
      id,
      person_fgid: fgid,
      represented_gid: null,
      language,
      dead_seen: '[]',
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + env.security.sessionMaxMs).toISOString(),
      sso_ticket: ssoTicket,
      last_seen_at: now.toISOString(),
      xsrf_token: xsrf,
    })
    .execute();
  for (const path of SESSION_COOKIE_PATHS) reply.setCookie(COOKIE.session, id, sessionCookieOptions(req, path));
  setSignedInHint(req, reply, true);
  setXsrfCookie(req, reply, xsrf);
  invalidateSessionCache(req);
  return id;
}

/** The EPIT-XSRF-TOKEN cookie (readable by the portal's script, docs/conventions.md). */
export function setXsrfCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(COOKIE.xsrf, token, { path: '/', httpOnly: false, sameSite: 'lax', secure: isSecure(req) });
}

/** Ends the caller's portal session (logout, or before a new login); `audit` records a logout when one ended. */
export async function closeSession(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { audit?: boolean } = {},
): Promise<void> {
  const id = req.cookies?.[COOKIE.session];
  if (id) {
    const { db, clock } = req.server.deps;
    const ended = await db.deleteFrom('sessions').where('id', '=', id).returning('person_fgid').executeTakeFirst();
    if (ended && opts.audit !== false)
      await writeAudit(db, clock, { event: 'logout', actorFgid: ended.person_fgid, address: req.ip });
  }
  // the whole host's first: a new session set in the same answer then comes after it
  for (const path of ['/', ...SESSION_COOKIE_PATHS]) reply.clearCookie(COOKIE.session, sessionCookieOptions(req, path));
  setSignedInHint(req, reply, false);
  invalidateSessionCache(req);
}

/** The readable EPIT-SIGNED-IN hint, a browser-session cookie like EPIT-SESSION itself; `false` clears it. */
function setSignedInHint(req: FastifyRequest, reply: FastifyReply, on: boolean): void {
  const options = { path: '/', httpOnly: false, sameSite: 'lax', secure: isSecure(req) } as const;
  if (on) reply.setCookie(COOKIE.signedIn, '1', options);
  else if (req.cookies?.[COOKIE.signedIn] !== undefined) reply.clearCookie(COOKIE.signedIn, options);
}

/**
 * Keeps the hint true to the session on every answer that looked the session up: cleared when the session was not
 * found (expired, idle, ended by a single logout from the sign-on service, unknown), set when a live session's
 * browser lacks it (a session opened before the hint existed). Answers that did not look (the portal's files) are
 * left alone, and so are logins and logouts, which set or clear it themselves.
 */
export function installSignedInHint(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('portalSession')) app.decorateRequest('portalSession', undefined);
  onSendStep(app, (req, reply, payload) => {
    if (cache.has(req)) {
      const hinted = req.cookies?.[COOKIE.signedIn] !== undefined;
      const live = cache.get(req) !== null;
      if (hinted !== live) setSignedInHint(req, reply, live);
    }
    return payload;
  });
}

/** Ends every live session opened with this service ticket; returns how many ended (0: an unknown ticket). */
export async function endSessionsForTicket(db: Db, clock: Clock, ticket: string): Promise<number> {
  const ended = await db
    .deleteFrom('sessions')
    .where('sso_ticket', '=', ticket)
    .where('expires_at', '>', clock.now().toISOString())
    .returning('person_fgid')
    .execute();
  for (const row of ended)
    await writeAudit(db, clock, {
      event: 'single-logout',
      actorFgid: row.person_fgid,
      detail: { by: 'CAS back-channel' },
    });
  return ended.length;
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
