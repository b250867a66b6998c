/**
 * What the three demo applications share: sign-on as their own CAS service, their own session cookie, the role check
 * with the portal for the frame URL's `guid`, the console switches, single sign-out, and the OSS-style logout URL.
 *
 * Per application (prefix `/oss/`, `/periodicals/`, `/finance/`):
 *   GET  {prefix}auth/cas?next=…[&ticket=ST-…]  the CAS service URL (CAS 3.0 §2.1.1 `service`): validates the ticket
 *                                             at {CAS base}/p3/serviceValidate, opens the session, 302 → next; without
 *                                             a ticket (gateway, no sign-on session) the signed-out page
 *   POST {prefix}auth/cas                     back-channel single logout (§2.3.3, Appendix C `logoutRequest`)
 *   GET  {prefix}logout                       ends this application's session (the OSS logout URL, spec 1 §4
 *                                             "Logout"); CORS with credentials for the portal's origin
 *   GET  {prefix}api/ping                     204, or 503 while the console's "not answering pings" is on
 *   GET  {prefix}profile                      the profile page (customParameters.profileChangeUrl)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CasUnavailableError, parseLogoutRequest, SERVICE_TICKET } from '../clients/cas.js';
import type { Env } from '../env.js';
import type { AccessGranted, AppSwitches, ExternalApplication } from '../lib/apps-protocol.js';
import type { Clock } from '../lib/clock.js';
import { esc } from '../lib/html.js';
import { appsOrigin, portalOrigin } from '../lib/origins.js';
import { randomToken } from '../lib/random.js';
import { messagePage, page, type PageOptions } from './layout.js';
import { type PortalLink, PortalUnavailableError } from './portal-link.js';
import type { AppSessionsTable, AppsDb } from './store.js';
import { COMMON_TEXTS, pickLang, type AppLang, type DemoApplication } from './texts.js';

export interface AppsDeps {
  env: Env;
  clock: Clock;
  db: AppsDb;
  portal: PortalLink;
  /** aborted when the server closes, so a "slow to load" wait never holds the shutdown */
  closing: AbortSignal;
}

/** What signs on as its own CAS service and keeps its own session: an application, or the private package page. */
export interface SignOnDefinition {
  application: DemoApplication;
  /** '/oss/' */
  prefix: string;
}

/** One of the portal's external applications (console switches, the portal's role check, the frame channel). */
export interface AppDefinition extends SignOnDefinition {
  application: ExternalApplication;
}

export type AppUser = AppSessionsTable;

const SESSION_HOURS = 8;
const sessionCookie = (application: DemoApplication) => `${application}-SESSION`;
const LANGUAGE_COOKIE = 'EPIT-LANGUAGE';
const GUID = /^[A-Z]{2}[A-Z0-9]{4,30}$/;

const langOf = (req: FastifyRequest): AppLang =>
  pickLang((req.query as Record<string, unknown> | undefined)?.lang, req.cookies[LANGUAGE_COOKIE]);

const secure = (req: FastifyRequest) => req.protocol === 'https';
const cookieOptions = (req: FastifyRequest, def: SignOnDefinition) => ({
  path: def.prefix,
  httpOnly: true,
  // the page lives in the portal's frame: same-site on one host (ports differ), so Lax suffices over http; a
  // deployment on another site needs None, which browsers accept only with Secure
  sameSite: secure(req) ? ('none' as const) : ('lax' as const),
  secure: secure(req),
});

/**
 * The channel script's settings (channel.ts). With the page's switches, the console's "never ready" makes the page's
 * channel silent: it loads, but never reports ready nor answers a ping (the portal's frame load error).
 */
export function channelConfig(
  req: FastifyRequest,
  deps: AppsDeps,
  def: SignOnDefinition,
  switches?: Pick<AppSwitches, 'neverReady'>,
) {
  return {
    portalOrigin: portalOrigin(deps.env, req),
    pingUrl: `${def.prefix}api/ping`,
    ...(switches?.neverReady ? { silent: true } : {}),
  };
}

async function findUser(req: FastifyRequest, deps: AppsDeps, def: SignOnDefinition): Promise<AppUser | null> {
  const id = req.cookies[sessionCookie(def.application)];
  if (!id) return null;
  const row = await deps.db
    .selectFrom('app_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('application', '=', def.application)
    .executeTakeFirst();
  return row && row.expires_at > deps.clock.now().toISOString() ? row : null;
}

/** The CAS service URL of this application for a page to return to (`next`: a path of this application). */
function serviceUrl(req: FastifyRequest, deps: AppsDeps, def: SignOnDefinition, next: string): string {
  return `${appsOrigin(deps.env, req)}${def.prefix}auth/cas?${new URLSearchParams({ next }).toString()}`;
}

/** Only this application's own pages are return targets (no open redirect). */
function safeNext(def: SignOnDefinition, next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith(def.prefix) || /[\\\s]|\/\//.test(next)) return def.prefix;
  return next;
}

type MessageKind = 'signedOut' | 'denied' | 'maintenance' | 'noParty' | 'signOnFailed' | 'unavailable' | 'notFound';
const MESSAGE: Record<
  MessageKind,
  { status: number; heading: keyof typeof COMMON_TEXTS.en; text: keyof typeof COMMON_TEXTS.en; bad: boolean }
> = {
  signedOut: { status: 200, heading: 'signedOutTitle', text: 'signedOut', bad: false },
  denied: { status: 403, heading: 'deniedTitle', text: 'denied', bad: true },
  maintenance: { status: 503, heading: 'maintenanceTitle', text: 'maintenance', bad: true },
  noParty: { status: 200, heading: 'noPartyTitle', text: 'noParty', bad: false },
  signOnFailed: { status: 401, heading: 'signOnFailedTitle', text: 'signOnFailed', bad: true },
  unavailable: { status: 502, heading: 'unavailableTitle', text: 'unavailable', bad: true },
  notFound: { status: 404, heading: 'notFoundTitle', text: 'notFound', bad: true },
};

export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function sendMessage(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: SignOnDefinition,
  kind: MessageKind,
  extra: { lang?: AppLang; who?: PageOptions['who']; link?: { href: string; label: string; top?: boolean } } = {},
) {
  const lang = extra.lang ?? langOf(req);
  const t = COMMON_TEXTS[lang];
  const m = MESSAGE[kind];
  const link =
    extra.link ??
    (kind === 'signedOut' ? { href: `${portalOrigin(deps.env, req)}/ui/`, label: t.openPortal, top: true } : undefined);
  return sendHtml(
    reply,
    m.status,
    messagePage({
      lang,
      application: def.application,
      heading: t[m.heading],
      text: t[m.text],
      testid: `app-${kind}`,
      bad: m.bad,
      link,
      who: extra.who,
      config: channelConfig(req, deps, def),
    }),
  );
}

/**
 * The person this application's session belongs to; without a session, a silent sign-on through CAS
 * (`gateway=true`: the person signed on at the portal's CAS already) and null (the redirect has been answered).
 */
export async function signedInUser(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: SignOnDefinition,
): Promise<AppUser | null> {
  const user = await findUser(req, deps, def);
  if (user) return user;
  const cas = deps.portal.cas(req);
  const target = cas.loginUrl(serviceUrl(req, deps, def, req.url), { gateway: true });
  await reply.header('Cache-Control', 'no-store').redirect(target, 302);
  return null;
}

export interface PageGate {
  user: AppUser;
  lang: AppLang;
  switches: AppSwitches;
}
export interface PartyGate extends PageGate {
  guid: string;
  access: AccessGranted;
}

/**
 * The checks before any page of an application: maintenance (dead), slowness, a session (else a silent sign-on
 * through CAS, `gateway=true`), and — with `party` — the frame URL's `guid` checked with the portal.
 * Null when it has already answered (a redirect or a message page).
 */
export async function gatePage(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: AppDefinition,
  opts: { party: true },
): Promise<PartyGate | null>;
export async function gatePage(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: AppDefinition,
  opts: { party: false },
): Promise<PageGate | null>;
export async function gatePage(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: AppDefinition,
  opts: { party: boolean },
): Promise<PageGate | PartyGate | null> {
  const switches = await deps.portal.switches(def.application);
  if (switches.dead) {
    await sendMessage(req, reply, deps, def, 'maintenance');
    return null;
  }
  if (switches.slowMs > 0) await sleep(switches.slowMs, undefined, { signal: deps.closing }).catch(() => undefined);
  const user = await signedInUser(req, reply, deps, def);
  if (!user) return null;
  const lang = langOf(req);
  if (!opts.party) return { user, lang, switches };
  const guid = (req.query as Record<string, unknown>).guid;
  const person = `${user.first_name} ${user.last_name}`.trim() || user.fgid;
  if (typeof guid !== 'string' || !GUID.test(guid)) {
    await sendMessage(req, reply, deps, def, 'noParty', { lang, who: { person } });
    return null;
  }
  try {
    const access = await deps.portal.access(def.application, user.fgid, guid);
    if (!access.allowed) {
      req.log.warn({ application: def.application, fgid: user.fgid, guid, reason: access.reason }, 'access denied');
      await sendMessage(req, reply, deps, def, 'denied', { lang, who: { person } });
      return null;
    }
    return { user, lang, switches, guid, access };
  } catch (err) {
    if (!(err instanceof PortalUnavailableError)) throw err;
    req.log.error(err);
    await sendMessage(req, reply, deps, def, 'unavailable', { lang });
    return null;
  }
}

/** A JSON failure of an application's own API (its pages read `error`). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
  ) {
    super(error);
  }
}

/** The same checks for the application's JSON API: the guid in the query, checked with the portal. */
export async function gateApi(req: FastifyRequest, deps: AppsDeps, def: AppDefinition): Promise<PartyGate> {
  const switches = await deps.portal.switches(def.application);
  if (switches.dead) throw new ApiError(503, 'MAINTENANCE');
  const user = await findUser(req, deps, def);
  if (!user) throw new ApiError(401, 'SIGNED_OUT');
  const guid = (req.query as Record<string, unknown>).guid;
  if (typeof guid !== 'string' || !GUID.test(guid)) throw new ApiError(400, 'GUID_REQUIRED');
  let access;
  try {
    access = await deps.portal.access(def.application, user.fgid, guid);
  } catch (err) {
    if (err instanceof PortalUnavailableError) throw new ApiError(502, 'PORTAL_UNAVAILABLE');
    throw err;
  }
  if (!access.allowed) throw new ApiError(403, 'DENIED');
  return { user, lang: langOf(req), switches, guid, access };
}

/** A change through the API must carry the page's token (the session cookie alone is no proof of intent). */
export function requireCsrf(req: FastifyRequest, user: AppUser): void {
  if (req.headers['x-csrf-token'] !== user.csrf) throw new ApiError(403, 'CSRF');
}

const CallbackQuery = z.object({
  next: z.string().max(2000).optional(),
  ticket: z.string().regex(SERVICE_TICKET).optional(),
});

/** The routes every application has (sign-on, single sign-out, logout, ping, profile). */
export function registerCommonRoutes(app: FastifyInstance, deps: AppsDeps, def: AppDefinition): void {
  registerSignOnRoutes(app, deps, def);

  app.get(`${def.prefix}api/ping`, async (_req, reply) => {
    const switches = await deps.portal.switches(def.application);
    reply.header('Cache-Control', 'no-store');
    if (switches.noPing || switches.dead) return reply.status(503).send({ error: 'NOT_ANSWERING' });
    return reply.status(204).send();
  });

  app.get(`${def.prefix}profile`, async (req, reply) => {
    const gate = await gatePage(req, reply, deps, def, { party: false });
    if (!gate) return reply;
    const t = COMMON_TEXTS[gate.lang];
    const person = `${gate.user.first_name} ${gate.user.last_name}`.trim() || gate.user.fgid;
    return sendHtml(
      reply,
      200,
      page({
        lang: gate.lang,
        application: def.application,
        title: t.profileTitle,
        who: { person },
        body: `<section data-testid="app-profile"><h2>${esc(t.profileTitle)}</h2><p>${esc(t.profile)}</p></section>`,
        config: channelConfig(req, deps, def, gate.switches),
      }),
    );
  });
}

/** Sign-on as the application's own CAS service, CAS single sign-out and the logout URL. */
export function registerSignOnRoutes(app: FastifyInstance, deps: AppsDeps, def: SignOnDefinition): void {
  const { db, clock } = deps;

  app.get(`${def.prefix}auth/cas`, async (req, reply) => {
    const q = CallbackQuery.safeParse(req.query);
    if (!q.success) {
      const link = { href: def.prefix, label: COMMON_TEXTS[langOf(req)].tryAgain };
      return sendMessage(req, reply, deps, def, 'signOnFailed', { link });
    }
    const next = safeNext(def, q.data.next);
    // the page the person asked for chose the language (the frame URL's lang)
    const lang = pickLang(new URL(next, 'http://next.invalid').searchParams.get('lang'), req.cookies[LANGUAGE_COOKIE]);
    // §2.1.1 gateway: no sign-on session at CAS, so no ticket: this application stays signed out
    if (!q.data.ticket) return sendMessage(req, reply, deps, def, 'signedOut', { lang });
    const service = serviceUrl(req, deps, def, q.data.next ?? def.prefix);
    let result;
    try {
      result = await deps.portal.cas(req).validate(q.data.ticket, service);
    } catch (err) {
      if (!(err instanceof CasUnavailableError)) throw err;
      req.log.error(err);
      return sendMessage(req, reply, deps, def, 'unavailable', { lang });
    }
    if (!result.ok) {
      req.log.warn({ code: result.code, message: result.message }, 'service ticket refused');
      return sendMessage(req, reply, deps, def, 'signOnFailed', {
        lang,
        link: { href: next, label: COMMON_TEXTS[lang].tryAgain },
      });
    }
    const old = req.cookies[sessionCookie(def.application)];
    if (old) await db.deleteFrom('app_sessions').where('id', '=', old).execute();
    const now = clock.now();
    const id = randomToken(32);
    const first = result.attributes.firstName?.[0] ?? '';
    const last = result.attributes.lastName?.[0] ?? '';
    await db
      .insertInto('app_sessions')
      .values({
        id,
        application: def.application,
        fgid: result.principal,
        first_name: first,
        last_name: last,
        ticket: q.data.ticket,
        csrf: randomToken(24),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString(),
      })
      .execute();
    reply.setCookie(sessionCookie(def.application), id, cookieOptions(req, def));
    return reply.header('Cache-Control', 'no-store').redirect(next, 302);
  });

  // CAS 3.0 §2.3.3: the CAS server POSTs a samlp:LogoutRequest naming the service ticket of a session it ended. The
  // answer is the same whether a session matched or not, so it tells a caller nothing.
  app.post(`${def.prefix}auth/cas`, async (req, reply) => {
    const body = req.body;
    const xml =
      typeof body === 'string'
        ? body
        : body && typeof body === 'object' && 'logoutRequest' in body && typeof body.logoutRequest === 'string'
          ? body.logoutRequest
          : null;
    const ticket = xml ? parseLogoutRequest(xml) : null;
    if (ticket)
      await db
        .deleteFrom('app_sessions')
        .where('application', '=', def.application)
        .where('ticket', '=', ticket)
        .execute();
    return reply.status(200).header('Cache-Control', 'no-store').send();
  });

  // spec 1 §4 "Logout": the portal GETs this from its page, so it answers the portal's origin with credentials
  app.get(`${def.prefix}logout`, async (req, reply) => {
    const id = req.cookies[sessionCookie(def.application)];
    if (id) await db.deleteFrom('app_sessions').where('id', '=', id).execute();
    reply.clearCookie(sessionCookie(def.application), cookieOptions(req, def));
    reply.header('Cache-Control', 'no-store');
    const origin = req.headers.origin;
    if (origin && origin === portalOrigin(deps.env, req)) {
      reply
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Allow-Credentials', 'true')
        .header('Vary', 'Origin');
    }
    if (!origin && (req.headers.accept ?? '').includes('text/html')) {
      const lang = langOf(req);
      const t = COMMON_TEXTS[lang];
      return sendHtml(
        reply,
        200,
        messagePage({
          lang,
          application: def.application,
          heading: t.loggedOutTitle,
          text: t.loggedOut,
          testid: 'app-loggedOut',
          config: channelConfig(req, deps, def),
        }),
      );
    }
    return { value: 'LOGGED_OUT' };
  });
}
