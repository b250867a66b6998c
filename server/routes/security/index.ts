/**
 * The "security service" (docs/conventions.md): the portal as a CAS 3.0 client (CAS Protocol 3.0 specification)
 * of the single sign-on server at CAS_URL, through server/clients/cas.ts only.
 *   GET  /api/security/login?target=/ui/...[&gateway=true]
 *        302 → {CAS_URL}/login?service=<origin>/api/security/callback?target=...&state=...   (§2.1; gateway: §2.1.1)
 *        and the state in the EPIT-LOGIN-STATE cookie (login CSRF, below)
 *   GET  /api/security/callback?target=...&state=...&ticket=ST-…
 *        checks the state against the browser's cookie, validates over HTTP at {CAS_VALIDATE_URL}/p3/serviceValidate
 *        (§2.8), opens the session, 302 → target (relative /ui/... only, else /ui/); without a ticket after a gateway
 *        login: 302 → target, signed out
 *   POST /api/security/callback (the service URL itself)
 *        back-channel single logout (§2.3.3, Appendix C): `logoutRequest` naming a ticket ends its session
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COOKIE } from '../../../domain/contract.js';
import { layout } from '../../cas/pages.js';
import { CAS_LANG_FROM_COOKIE, CAS_TEXTS } from '../../cas/texts.js';
import {
  CasUnavailableError,
  createCasClient,
  parseLogoutRequest,
  SERVICE_TICKET,
  type CasClient,
} from '../../clients/cas.js';
import { HttpError, parseOrThrow } from '../../lib/errors.js';
import { esc } from '../../lib/html.js';
import { absoluteUrl, ownBaseUrl } from '../../lib/service-url.js';
import { randomToken } from '../../lib/random.js';
import { closeSession, endSessionsForTicket, isLanguage3, isSecure, openSession, originOf } from '../../lib/session.js';
import { xsrfRefused } from '../../lib/xsrf.js';

const SAFE_BASE = 'http://portal.invalid';

/**
 * Only portal pages are allowed as targets (no open redirect, no path out of /ui/): the target is read as a URL
 * against a placeholder origin (which resolves `..`, `%2e%2e` and the like) and must stay on it under /ui/; a target
 * whose decoded form (up to three rounds, for double encodings) still has a dot segment, a backslash, white space
 * or a control character is refused as well. Anything refused becomes /ui/.
 */
export function safeTarget(target: unknown): string {
  if (typeof target !== 'string' || target.length > 2000 || !target.startsWith('/') || target.startsWith('//'))
    return '/ui/';
  let decoded = target;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return '/ui/';
    }
    if (next === decoded) break;
    decoded = next;
  }
  const path = decoded.split(/[?#]/)[0];
  const control = [...decoded].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (control || /[\\\s]/.test(decoded) || path.split('/').some((seg) => seg === '..' || seg === '.')) return '/ui/';
  let url: URL;
  try {
    url = new URL(target, SAFE_BASE);
  } catch {
    return '/ui/';
  }
  if (url.origin !== SAFE_BASE || !(url.pathname === '/ui' || url.pathname.startsWith('/ui/'))) return '/ui/';
  return url.pathname + url.search + url.hash;
}

/**
 * The service URL (§2.1.1 `service`) for a target: the callback itself. A gateway login carries `gateway=true` in
 * it, so the return without a ticket (§2.1.1: "with no ticket parameter appended") is told apart from a bad link.
 * `state` binds the login to the browser that began it (below): CAS validates a ticket only for the exact service
 * it was issued for (§2.5.1), so a ticket carries its login's state with it.
 */
const callbackService = (req: FastifyRequest, target: string, state: string, gateway = false) =>
  `${originOf(req)}/api/security/callback?target=${encodeURIComponent(target)}&state=${state}${gateway ? '&gateway=true' : ''}`;

/**
 * Login CSRF by ticket: a service ticket is a bearer credential, so a callback URL an attacker kept from their own
 * sign-on would sign a victim's browser in as the attacker. As OAuth's `state` (RFC 6749 §10.12), the login sends
 * the browser to CAS with a random state in the service URL and keeps the same state in a short-lived cookie only
 * this path reads; the callback opens a session only when its state is one the browser holds, and uses it up.
 * A few states are kept, newest first, so logins begun in two tabs both finish.
 */
const LOGIN_STATE = { cookie: 'EPIT-LOGIN-STATE', path: '/api/security/', maxAgeSeconds: 15 * 60, kept: 4 } as const;
const STATE = /^[A-Za-z0-9_-]{22}$/;

const loginStates = (req: FastifyRequest): string[] =>
  (req.cookies[LOGIN_STATE.cookie] ?? '').split('.').filter((s) => STATE.test(s));

function setLoginStates(req: FastifyRequest, reply: FastifyReply, states: string[]): void {
  const options = { path: LOGIN_STATE.path, httpOnly: true, sameSite: 'lax', secure: isSecure(req) } as const;
  if (states.length)
    reply.setCookie(LOGIN_STATE.cookie, states.join('.'), { ...options, maxAge: LOGIN_STATE.maxAgeSeconds });
  else reply.clearCookie(LOGIN_STATE.cookie, options);
}

/**
 * A callback that another site sent the browser to is refused, where the sign-on service is the portal's own site
 * (then CAS's redirect is same-origin or same-site, `Sec-Fetch-Site` of Fetch Metadata). A CAS on another host
 * makes every honest callback cross-site, so there the state alone decides.
 */
function crossSiteRefused(req: FastifyRequest): boolean {
  if (req.headers['sec-fetch-site'] !== 'cross-site') return false;
  const { env } = req.server.deps;
  if (!/^https?:\/\//i.test(env.cas.url)) return true;
  return new URL(env.cas.url).hostname === new URL(originOf(req)).hostname;
}

const isTrue = (v: unknown) => v === 'true' || v === '1';

/** target: the portal page to return to (safeTarget); gateway=true: the silent check (CAS 3.0 §2.1.1) */
export const LoginQuery = z.object({ target: z.string().optional(), gateway: z.string().optional() });

export const CallbackQuery = z.object({
  ticket: z
    .string({ error: 'is required: open the page through the sign-on service' })
    .regex(SERVICE_TICKET, 'must be a service ticket (ST-…)'),
  target: z.string().max(2000).optional(),
  state: z.string().max(100).optional(),
  gateway: z.string().max(10).optional(),
});

/** CAS 3.0 Appendix C: the single logout request, posted as the form field `logoutRequest` (or as the XML itself) */
export const LogoutRequestForm = z.object({ logoutRequest: z.string() });

/** The portal's CAS client for this app: validation goes to CAS_VALIDATE_URL, or CAS_URL read against this server. */
export function casClientOf(app: FastifyInstance): CasClient {
  const { env } = app.deps;
  return createCasClient({
    settings: env.cas,
    fetch: app.deps.fetch,
    metrics: app.deps.metrics,
    validateBase: () => env.cas.validateUrl ?? absoluteUrl(env.cas.url, ownBaseUrl(app.server, env.port)),
  });
}

export const securityRoutes: FastifyPluginAsync = (app) => {
  const { db, clock } = app.deps;
  const cas = casClientOf(app);

  // a back-channel logout request may come as the raw XML document instead of the `logoutRequest` form field
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: 100_000 },
    (_r, body, done) => done(null, String(body)),
  );

  app.get('/login', async (req, reply) => {
    const q = parseOrThrow(LoginQuery, req.query, 'query');
    const target = safeTarget(q.target);
    const gateway = isTrue(q.gateway);
    const state = randomToken(16);
    setLoginStates(req, reply, [state, ...loginStates(req)].slice(0, LOGIN_STATE.kept));
    const service = callbackService(req, target, state, gateway);
    return reply.header('Cache-Control', 'no-store').redirect(cas.loginUrl(service, { gateway }), 302);
  });

  /** a person reads this page, so it speaks the sign-on service's language (EPIT-LANGUAGE cookie) */
  function failurePage(req: FastifyRequest, reply: FastifyReply, status: number, target: string, unavailable: boolean) {
    const again = `/api/security/login?target=${encodeURIComponent(target)}`;
    const lang = CAS_LANG_FROM_COOKIE[req.cookies[COOKIE.language]?.toLowerCase() ?? ''] ?? 'en';
    const t = CAS_TEXTS[lang];
    const message = unavailable ? t.unavailable : t.ticketFailed;
    const body = `<section><h1>${esc(t.ticketFailedTitle)}</h1><p>${esc(message)}</p><p><a href="${esc(again)}">${esc(t.logInAgain)}</a></p></section>`;
    return reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(layout(lang, t.ticketFailedTitle, body, (l) => `${again}&locale=${l}`));
  }

  app.get('/callback', async (req, reply) => {
    const raw = req.query as Record<string, unknown>;
    const target = safeTarget(raw.target);
    // §2.1.1 gateway: no sign-on session, so CAS sent the browser back without a ticket; it stays signed out
    if (raw.ticket === undefined && isTrue(raw.gateway))
      return reply.header('Cache-Control', 'no-store').redirect(target, 302);
    const q = parseOrThrow(CallbackQuery, req.query, 'query');
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    const states = loginStates(req);
    if (!q.state || !states.includes(q.state) || crossSiteRefused(req)) {
      req.log.warn('sign-on callback refused: not begun in this browser');
      if (wantsHtml) return failurePage(req, reply, 403, target, false);
      throw new HttpError(403, 'LOGIN_STATE', 'This sign-on was not begun in this browser. Log in again.');
    }
    // used up, whatever the ticket turns out to be
    setLoginStates(
      req,
      reply,
      states.filter((s) => s !== q.state),
    );
    // the service the ticket was issued for: this very address without the ticket
    const service = callbackService(req, q.target ?? '/ui/', q.state, isTrue(q.gateway));
    let result;
    try {
      result = await cas.validate(q.ticket, service);
    } catch (err) {
      if (!(err instanceof CasUnavailableError)) throw err;
      req.log.error(err);
      if (wantsHtml) return failurePage(req, reply, 502, target, true);
      throw new HttpError(502, 'SSO_UNAVAILABLE', 'The sign-on service cannot be reached. Try again later.');
    }
    if (!result.ok) {
      req.log.warn({ code: result.code, message: result.message }, 'service ticket refused');
      if (wantsHtml) return failurePage(req, reply, 401, target, false);
      throw new HttpError(401, 'INVALID_TICKET', 'The sign-on ticket is invalid, used or expired. Log in again.');
    }
    const person = await db
      .selectFrom('persons')
      .select(['fgid', 'preferred_language'])
      .where('fgid', '=', result.principal)
      .where('not_active', '=', 0)
      .executeTakeFirst();
    if (!person) throw new HttpError(401, 'UNAUTHENTICATED', 'Unknown user. Log in again.');
    await closeSession(req, reply); // a new session id on every login (no session fixation)
    const cookieLang = req.cookies[COOKIE.language];
    const language = (isLanguage3(cookieLang) ? cookieLang : (person.preferred_language ?? 'EST')).toUpperCase();
    await openSession(req, reply, person.fgid, language, q.ticket);
    return reply.redirect(target, 302);
  });

  // §2.3.3.2: the single sign-on server POSTs the logout request to the service URL. It carries no XSRF token
  // (it is no browser); it proves itself by naming a ticket that opened a live session, else it is refused as
  // any unproven POST is.
  app.post(
    '/callback',
    { config: { xsrfExempt: 'CAS back-channel logoutRequest, proven by a known service ticket' } },
    async (req, reply) => {
      const body = req.body;
      const xml = typeof body === 'string' ? body : (LogoutRequestForm.safeParse(body).data?.logoutRequest ?? null);
      const ticket = xml ? parseLogoutRequest(xml) : null;
      if (!ticket || (await endSessionsForTicket(db, clock, ticket)) === 0) throw xsrfRefused();
      return reply.status(200).header('Cache-Control', 'no-store').send();
    },
  );
  return Promise.resolve();
};
