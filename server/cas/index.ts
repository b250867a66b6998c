/**
 * Single sign-on simulator: a CAS 3.0 server (CAS Protocol 3.0 specification, apereo/cas
 * docs/cas-server-documentation/protocol/CAS-Protocol-Specification.md), mounted under /cas:
 *   GET  /login                  credential requestor (§2.1): `service`, `renew`, `gateway`, `warn`
 *   POST /login                  credential acceptor (§2.2): username + password (or a one-click demo person) and
 *                                the `execution` token of the page → CASTGC + 302 service?ticket=ST-…
 *   GET  /logout                 ends the sign-on session, single logout to every service of it (§2.3)
 *   GET  /validate               CAS 1.0 (§2.4)
 *   GET  /serviceValidate        CAS 2.0 (§2.5), /proxyValidate (§2.6), /p3/serviceValidate and /p3/proxyValidate
 *                                with attributes (§2.8, §2.9); `format=JSON`; proxy granting is declined
 *   GET  /proxy                  §2.7, always a proxyFailure (no proxy-granting tickets)
 *   GET  /ticket-check?callback= JSONP fn({"value":true|false}) (spec 1 §7 cross-domain ticket check; not CAS)
 * Allowed services come from the registry (./registry.ts, CAS_SERVICES).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COOKIE, TICKET_CHECK_CALLBACK, TICKET_CHECK_CALLBACK_PREFIX } from '../../domain/contract.js';
import { loadDemoData } from '../db/seed.js';
import { parseOrThrow } from '../lib/errors.js';
import { audit } from '../audit/audit.js';
import { checkPassword, foreignOrigin } from '../security/login-guard.js';
import { releaseLoginAttempt, reserveLoginAttempt } from '../security/throttle.js';
import { isSecure } from '../lib/session.js';
import { loginPage, messagePage, warnPage } from './pages.js';
import { personByCode } from './code-login.js';
import { allowedService, isRegisteredService } from './registry.js';
import { type Attributes, contentType, failureBody, type Format, proxyFailureBody, successBody } from './responses.js';
import { sendLogoutRequests } from './slo.js';
import { CAS_LANG_FROM_COOKIE, CAS_LANG_TO_COOKIE, CAS_TEXTS, type CasLang } from './texts.js';
import {
  casId,
  consumeExecution,
  destroyTgt,
  findTgt,
  FLOW_COOKIE,
  issueExecution,
  issueServiceTicket,
  issueTgt,
  TGC_COOKIE,
  validateServiceTicket,
  type Validation,
  WARN_COOKIE,
} from './tickets.js';

const HUNDRED_YEARS_S = 100 * 365 * 24 * 3600;
/**
 * ticket-check?callback=fn (spec 1 §7 cross-domain ticket check, a JSONP script): only the portal's own callback
 * names (TICKET_CHECK_CALLBACK), so this script on the portal's origin calls no function of a caller's choosing.
 */
export const TicketCheckQuery = z.object({
  callback: z
    .string({ error: 'is required' })
    .max(100)
    .regex(TICKET_CHECK_CALLBACK, `must be a callback name of the portal (${TICKET_CHECK_CALLBACK_PREFIX}…)`),
});

/** §2.1.1: "if this parameter is set"; an explicit "false" is read as not set. */
const isSet = (v: string | undefined) => v !== undefined && v !== '' && v.toLowerCase() !== 'false';

function pickLang(req: FastifyRequest, reply: FastifyReply, locale: string | undefined): CasLang {
  if (locale && locale in CAS_TEXTS) {
    // the portal's permanent language cookie (spec 1 §9: 100 years)
    reply.setCookie(COOKIE.language, CAS_LANG_TO_COOKIE[locale as CasLang], {
      path: '/',
      sameSite: 'lax',
      maxAge: HUNDRED_YEARS_S,
    });
    return locale as CasLang;
  }
  const cookie = req.cookies?.[COOKIE.language]?.toLowerCase();
  return (cookie && CAS_LANG_FROM_COOKIE[cookie]) || 'en';
}

const withTicket = (service: string, ticket: string) =>
  `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;

/** Appendix B: no caching of anything that carries or leads to a ticket */
function noCache(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').header('Expires', '0');
}

/**
 * The query as the client sent it, each parameter at most once. A repeated protocol parameter
 * (`ticket=a&ticket=b`) is an INVALID_REQUEST in the protocol's own format, never a framework error.
 */
function protocolQuery(req: FastifyRequest, names: readonly string[]) {
  const search = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
  const repeated = names.find((n) => search.getAll(n).length > 1) ?? null;
  const get = (n: string) => search.get(n) ?? undefined;
  return { get, repeated };
}

const LoginQuery = z.object({
  service: z.string().max(2000).optional(),
  renew: z.string().max(10).optional(),
  gateway: z.string().max(10).optional(),
  warn: z.string().max(10).optional(),
  method: z.string().max(10).optional(),
  locale: z.string().max(10).optional(),
});
const LoginForm = z.object({
  service: z.string().max(2000).optional(),
  username: z.string().max(100).optional(),
  password: z.string().max(200).optional(),
  demoUser: z.string().max(100).optional(),
  demoPersonalCode: z.string().max(40).optional(),
  execution: z.string().max(200).optional(),
  warn: z.string().max(10).optional(),
  _eventId: z.string().max(20).optional(),
});

export const casRoutes: FastifyPluginAsync = (app) => {
  const { db, clock, env } = app.deps;
  const oneClick = env.runMode !== 'live';
  /** where this simulator is mounted ('/cas'): the cookie path (§3.6.1 "as restrictive as possible") and links */
  const base = app.prefix || '';
  const cookiePath = base || '/';

  async function demoPeople() {
    const order = loadDemoData().persons.map((p) => p.key);
    const rows = await db
      .selectFrom('persons')
      .select(['key', 'username', 'first_name', 'last_name', 'auth_channel'])
      .where('username', 'is not', null)
      .where('not_active', '=', 0)
      .execute();
    const rank = (k: string | null) => (k && order.includes(k) ? order.indexOf(k) : order.length);
    return rows
      .sort((a, b) => rank(a.key) - rank(b.key) || a.last_name.localeCompare(b.last_name))
      .map((r) => ({
        username: r.username ?? '',
        name: `${r.first_name} ${r.last_name}`,
        staff: r.auth_channel === 'IN_AD',
      }));
  }

  const langLink = (service: string | null) => (l: CasLang) =>
    `${base}/login?locale=${l}${service ? `&service=${encodeURIComponent(service)}` : ''}`;

  function html(reply: FastifyReply, status: number, body: string) {
    return noCache(reply).status(status).type('text/html; charset=utf-8').send(body);
  }

  const cookieOpts = (req: FastifyRequest) => ({
    path: cookiePath,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(req),
  });

  /** A fresh `execution` for the page, bound to this browser's flow cookie (set here when missing). */
  async function execution(req: FastifyRequest, reply: FastifyReply): Promise<string> {
    let flow = req.cookies[FLOW_COOKIE];
    if (!flow || !/^[A-Za-z0-9-]{20,100}$/.test(flow)) {
      flow = casId('FLOW');
      // a session cookie, like the ticket-granting cookie (§3.6.1)
      reply.setCookie(FLOW_COOKIE, flow, cookieOpts(req));
    }
    return issueExecution(db, clock, flow);
  }

  async function showLogin(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { lang: CasLang; service: string | null; status?: number; username?: string; error?: string },
  ) {
    return html(
      reply,
      opts.status ?? 200,
      loginPage({
        lang: opts.lang,
        action: `${base}/login`,
        execution: await execution(req, reply),
        service: opts.service,
        username: opts.username,
        error: opts.error,
        people: await demoPeople(),
        oneClick,
        langLink: langLink(opts.service),
      }),
    );
  }

  /** §2.2.4 successful login (or §2.1.5 single sign-on): a ticket for the service, or the logged-in page */
  async function toService(
    reply: FastifyReply,
    opts: { fgid: string; tgtId: string; service: string | null; lang: CasLang; fromNewLogin: boolean },
  ) {
    if (!opts.service) {
      const t = CAS_TEXTS[opts.lang];
      return html(reply, 200, messagePage(opts.lang, t.loggedInTitle, t.loggedIn, langLink(null)));
    }
    const ticket = await issueServiceTicket(db, clock, {
      fgid: opts.fgid,
      service: opts.service,
      tgtId: opts.tgtId,
      fromNewLogin: opts.fromNewLogin,
    });
    return noCache(reply).redirect(withTicket(opts.service, ticket), 302);
  }

  app.get('/login', async (req, reply) => {
    const q = parseOrThrow(LoginQuery, req.query, 'query');
    const lang = pickLang(req, reply, q.locale);
    const t = CAS_TEXTS[lang];
    const service = allowedService(req, q.service);
    if (service === false) return html(reply, 400, messagePage(lang, t.title, t.unknownService, langLink(null)));
    const renew = isSet(q.renew);
    // §2.1.1: gateway is ignored when renew is set (RECOMMENDED), and without a service it means nothing
    const gateway = !renew && isSet(q.gateway) && service !== null;
    const tgtId = req.cookies[TGC_COOKIE];
    const fgid = renew ? null : await findTgt(db, clock, tgtId);
    if (fgid && tgtId) {
      if (service && (isSet(q.warn) || req.cookies[WARN_COOKIE] === 'true')) {
        const page = warnPage({
          lang,
          action: `${base}/login`,
          execution: await execution(req, reply),
          service,
          langLink: langLink(service),
        });
        return html(reply, 200, page);
      }
      return toService(reply, { fgid, tgtId, service, lang, fromNewLogin: false });
    }
    // §2.1.1 gateway without a sign-on session: back to the service with no ticket
    if (gateway && service) return noCache(reply).redirect(service, 302);
    return showLogin(req, reply, { lang, service });
  });

  app.post('/login', async (req, reply) => {
    const form = parseOrThrow(LoginForm, req.body ?? {}, 'form');
    const lang = pickLang(req, reply, undefined);
    const t = CAS_TEXTS[lang];
    const service = allowedService(req, form.service);
    if (service === false) return html(reply, 400, messagePage(lang, t.title, t.unknownService, langLink(null)));
    // a form another site posted is login CSRF, refused before anything is consumed or checked
    if (foreignOrigin(req)) return showLogin(req, reply, { lang, service, status: 403, error: t.foreignOrigin });
    // §3.5.1: the login ticket is good for one attempt, and only in the browser it was shown to (login CSRF)
    if (!(await consumeExecution(db, clock, form.execution, req.cookies[FLOW_COOKIE])))
      return showLogin(req, reply, { lang, service, status: 403, error: t.flowExpired });

    if (form._eventId === 'continue') {
      // the `warn` page's confirmation: single sign-on, with the person's consent
      const tgtId = req.cookies[TGC_COOKIE];
      const fgid = await findTgt(db, clock, tgtId);
      if (!fgid || !tgtId) return showLogin(req, reply, { lang, service });
      return toService(reply, { fgid, tgtId, service, lang, fromNewLogin: false });
    }

    const again = (status: number, error: string) =>
      showLogin(req, reply, { lang, service, status, username: form.username, error });
    let fgid: string;
    if (form.demoPersonalCode !== undefined && oneClick) {
      // the demo sign-on by personal code of a person a customer added (./code-login.ts)
      const byCode = await personByCode(db, form.demoPersonalCode);
      if (!byCode) return again(401, t.wrongCredentials);
      fgid = byCode;
    } else if (form.demoUser && oneClick) {
      const p = await db
        .selectFrom('persons')
        .select('fgid')
        .where('username', '=', form.demoUser)
        .where('not_active', '=', 0)
        .executeTakeFirst();
      if (!p) return again(401, t.wrongCredentials);
      fgid = p.fgid;
    } else {
      const username = form.username?.trim() ?? '';
      const password = form.password ?? '';
      if (!username || !password) return again(400, t.missingFields);
      const attempt = { username, address: req.ip };
      // counted as a failure before the password is checked, so parallel attempts cannot all pass the throttle
      const reserved = await reserveLoginAttempt(db, clock, attempt);
      if ('wait' in reserved) {
        reply.header('Retry-After', String(Math.ceil(reserved.wait / 1000)));
        app.deps.metrics.loginThrottled('sign-on');
        return again(429, t.tooManyAttempts.replace('{minutes}', String(Math.ceil(reserved.wait / 60_000))));
      }
      const p = await db
        .selectFrom('persons')
        .select(['fgid', 'password_hash'])
        .where('username', '=', username)
        .where('not_active', '=', 0)
        .executeTakeFirst();
      if (!(await checkPassword(password, p?.password_hash)) || !p) {
        // the reservation stays: it is this failure
        app.deps.metrics.loginFailed('sign-on');
        await audit(req, 'login', { outcome: 'failure', actorFgid: p?.fgid ?? null, username });
        return again(401, t.wrongCredentials);
      }
      await releaseLoginAttempt(db, attempt, reserved);
      fgid = p.fgid;
    }
    await audit(req, 'login', { actorFgid: fgid, username: form.demoUser && oneClick ? form.demoUser : form.username });
    const tgtId = await issueTgt(db, clock, fgid);
    // §3.6.1: the ticket-granting cookie expires with the browser session (no Remember-Me here)
    reply.setCookie(TGC_COOKIE, tgtId, cookieOpts(req));
    if (isSet(form.warn)) reply.setCookie(WARN_COOKIE, 'true', cookieOpts(req));
    else if (req.cookies[WARN_COOKIE]) reply.clearCookie(WARN_COOKIE, cookieOpts(req));
    return toService(reply, { fgid, tgtId, service, lang, fromNewLogin: true });
  });

  app.get('/logout', async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const lang = pickLang(req, reply, undefined);
    // §2.3.3 to registered services only: the registry may have changed since a ticket was issued
    const issued = (await destroyTgt(db, req.cookies[TGC_COOKIE])).filter((i) => isRegisteredService(env, i.service));
    reply.clearCookie(TGC_COOKIE, cookieOpts(req));
    if (req.cookies[WARN_COOKIE]) reply.clearCookie(WARN_COOKIE, cookieOpts(req));
    // §2.3.3: every service of this sign-on session hears of it before the browser moves on
    await sendLogoutRequests(app.deps, issued);
    const service = allowedService(req, typeof q.service === 'string' ? q.service : undefined);
    // §2.3.2 [CAS 3.0]: redirect to a registered service, else the logged-out page
    if (service) return noCache(reply).redirect(service, 302);
    const t = CAS_TEXTS[lang];
    return html(
      reply,
      service === false ? 400 : 200,
      messagePage(lang, t.loggedOutTitle, service === false ? t.unknownService : t.loggedOut, langLink(null)),
    );
  });

  /** The person's attributes for the CAS 3.0 answers (§2.5.5, Appendix A): fgid, names, language. */
  async function attributes(result: Extract<Validation, { ok: true }>): Promise<Attributes> {
    const p = await db
      .selectFrom('persons')
      .select(['fgid', 'username', 'first_name', 'last_name', 'preferred_language', 'email'])
      .where('fgid', '=', result.user)
      .executeTakeFirstOrThrow();
    return {
      authenticationDate: result.authenticationDate,
      longTermAuthenticationRequestTokenUsed: 'false',
      isFromNewLogin: String(result.fromNewLogin),
      fgid: p.fgid,
      ...(p.username ? { username: p.username } : {}),
      firstName: p.first_name,
      lastName: p.last_name,
      ...(p.preferred_language ? { language: p.preferred_language } : {}),
      ...(p.email ? { email: p.email } : {}),
    };
  }

  const VALIDATION_PARAMS = ['ticket', 'service', 'renew', 'format', 'pgtUrl'] as const;

  /** §2.5 /serviceValidate, §2.6 /proxyValidate, §2.8 /p3/serviceValidate, §2.9 /p3/proxyValidate */
  const serviceValidate = (withAttributes: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    const q = protocolQuery(req, VALIDATION_PARAMS);
    const rawFormat = q.repeated === 'format' ? undefined : q.get('format');
    const format: Format | null = !rawFormat
      ? 'XML'
      : ((['XML', 'JSON'] as const).find((f) => f === rawFormat.toUpperCase()) ?? null);
    // answers are always 200: the outcome is in the document, as Apereo CAS does
    const send = (body: string, f: Format = format ?? 'XML') => noCache(reply).type(contentType(f)).send(body);
    // §2.5.1 format: an unsupported value MUST be answered with an error code (§2.5.3), so in the default XML
    if (format === null)
      return send(failureBody('XML', 'INVALID_REQUEST', `Unsupported format "${rawFormat}": use XML or JSON`));
    if (q.repeated)
      return send(failureBody(format, 'INVALID_REQUEST', `The parameter "${q.repeated}" must be given once`));
    const ticket = q.get('ticket');
    const service = q.get('service');
    if (!ticket || !service)
      return send(failureBody(format, 'INVALID_REQUEST', "'ticket' and 'service' parameters are both required"));
    try {
      const result = await validateServiceTicket(db, clock, { ticket, service, renew: isSet(q.get('renew')) });
      if (!result.ok) return send(failureBody(format, result.code, result.message));
      // §2.5.4: proxy granting is declined — this service may not proxy, so no PGT and no success
      if (q.get('pgtUrl'))
        return send(
          failureBody(
            format,
            'UNAUTHORIZED_SERVICE_PROXY',
            'The service is not authorized to perform proxy authentication',
          ),
        );
      return send(successBody(format, result.user, withAttributes ? await attributes(result) : undefined));
    } catch (err) {
      req.log.error(err);
      return send(failureBody(format, 'INTERNAL_ERROR', 'An internal error occurred during ticket validation'));
    }
  };

  app.get('/serviceValidate', serviceValidate(false));
  app.get('/proxyValidate', serviceValidate(false));
  app.get('/p3/serviceValidate', serviceValidate(true));
  app.get('/p3/proxyValidate', serviceValidate(true));

  // §2.4 CAS 1.0: "yes<LF>user<LF>" or "no<LF>" (the user line as CAS servers and clients have always had it)
  app.get('/validate', async (req, reply) => {
    const q = protocolQuery(req, ['ticket', 'service', 'renew']);
    const send = (body: string) => noCache(reply).type('text/plain; charset=utf-8').send(body);
    const ticket = q.get('ticket');
    const service = q.get('service');
    if (q.repeated || !ticket || !service) return send('no\n');
    try {
      const result = await validateServiceTicket(db, clock, { ticket, service, renew: isSet(q.get('renew')) });
      return send(result.ok ? `yes\n${result.user}\n` : 'no\n');
    } catch (err) {
      req.log.error(err);
      return send('no\n');
    }
  });

  // §2.7: no proxy-granting tickets are ever issued, so every proxy request fails
  app.get('/proxy', async (req, reply) => {
    const q = protocolQuery(req, ['pgt', 'targetService', 'format']);
    const format: Format = q.get('format')?.toUpperCase() === 'JSON' ? 'JSON' : 'XML';
    const send = (body: string) => noCache(reply).type(contentType(format)).send(body);
    if (q.repeated || !q.get('pgt') || !q.get('targetService'))
      return send(
        proxyFailureBody(format, 'INVALID_REQUEST', "'pgt' and 'targetService' parameters are both required"),
      );
    return send(proxyFailureBody(format, 'UNAUTHORIZED_SERVICE', 'Proxy authentication is not offered by this server'));
  });

  app.get('/ticket-check', async (req, reply) => {
    const q = parseOrThrow(TicketCheckQuery, req.query, 'query');
    const valid = (await findTgt(db, clock, req.cookies[TGC_COOKIE])) !== null;
    return reply
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .type('application/javascript; charset=utf-8')
      .send(`${q.callback}(${JSON.stringify({ value: valid })});`);
  });
  return Promise.resolve();
};
