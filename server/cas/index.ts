/**
 * Single sign-on simulator (CAS 2.0 protocol subset) under /cas/:
 *   GET  /cas/login?service=    sign-on page, or a silent redirect with a fresh ticket when CASTGC is valid
 *   POST /cas/login             username+password (or one-click demo person) → CASTGC + 302 service?ticket=ST-…
 *   GET  /cas/serviceValidate   CAS 2.0 XML
 *   GET  /cas/logout?service=   ends the single sign-on, 302 service
 *   GET  /cas/ticket-check?callback=fn   JSONP fn({"value":true|false}) (spec 1 §7 cross-domain ticket check)
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COOKIE } from '../../machines/lib/contract.js';
import { loadDemoData } from '../db/seed.js';
import { esc } from '../lib/html.js';
import { parseOrThrow } from '../lib/errors.js';
import { verifyPassword } from '../lib/password.js';
import { isSecure, originOf } from '../lib/session.js';
import { loginPage, messagePage } from './pages.js';
import { CAS_LANG_FROM_COOKIE, CAS_LANG_TO_COOKIE, CAS_TEXTS, type CasLang } from './texts.js';
import {
  destroyTgt,
  findTgt,
  issueServiceTicket,
  issueTgt,
  TGC_COOKIE,
  TGT_TTL_MS,
  validateServiceTicket,
} from './tickets.js';

const HUNDRED_YEARS_S = 100 * 365 * 24 * 3600;
const CALLBACK_NAME = /^[A-Za-z_$][\w$.]*$/;

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

/** Only services on the portal's own origin are registered (no open redirect). Returns the absolute URL or null. */
function allowedService(req: FastifyRequest, raw: string | undefined): string | null | false {
  if (!raw) return null;
  try {
    const origin = originOf(req);
    const url = new URL(raw, origin);
    const hostOrigin = `${req.protocol}://${req.headers.host ?? ''}`;
    if (url.origin !== new URL(origin).origin && url.origin !== hostOrigin) return false;
    return /^https?:\/\//i.test(raw) ? raw : url.toString();
  } catch {
    return false;
  }
}

const withTicket = (service: string, ticket: string) =>
  `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;

const LoginQuery = z.object({
  service: z.string().max(2000).optional(),
  renew: z.string().optional(),
  locale: z.string().optional(),
});
const LoginForm = z.object({
  service: z.string().max(2000).optional(),
  username: z.string().max(100).optional(),
  password: z.string().max(200).optional(),
  demoUser: z.string().max(100).optional(),
});

export const casRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, env } = app.deps;
  const oneClick = env.runMode !== 'live';

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
        username: r.username!,
        name: `${r.first_name} ${r.last_name}`,
        staff: r.auth_channel === 'IN_AD',
      }));
  }

  const langLink = (service: string | null) => (l: CasLang) =>
    `/cas/login?locale=${l}${service ? `&service=${encodeURIComponent(service)}` : ''}`;

  function html(reply: FastifyReply, status: number, body: string) {
    return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
  }

  async function signedIn(
    reply: FastifyReply,
    req: FastifyRequest,
    fgid: string,
    service: string | null,
    lang: CasLang,
  ) {
    if (!service) {
      const t = CAS_TEXTS[lang];
      return html(reply, 200, messagePage(lang, t.loggedInTitle, t.loggedIn, langLink(null)));
    }
    const ticket = await issueServiceTicket(db, clock, fgid, service);
    return reply.header('Cache-Control', 'no-store').redirect(withTicket(service, ticket), 302);
  }

  app.get('/login', async (req, reply) => {
    const q = parseOrThrow(LoginQuery, req.query, 'query');
    const lang = pickLang(req, reply, q.locale);
    const service = allowedService(req, q.service);
    if (service === false)
      return html(reply, 400, messagePage(lang, CAS_TEXTS[lang].title, CAS_TEXTS[lang].unknownService, langLink(null)));
    const fgid = q.renew ? null : await findTgt(db, clock, req.cookies[TGC_COOKIE]);
    if (fgid) return signedIn(reply, req, fgid, service, lang);
    return html(
      reply,
      200,
      loginPage({ lang, service, people: await demoPeople(), oneClick, langLink: langLink(service) }),
    );
  });

  app.post('/login', async (req, reply) => {
    const form = parseOrThrow(LoginForm, req.body ?? {}, 'form');
    const lang = pickLang(req, reply, undefined);
    const t = CAS_TEXTS[lang];
    const service = allowedService(req, form.service);
    if (service === false) return html(reply, 400, messagePage(lang, t.title, t.unknownService, langLink(null)));
    const page = (status: number, error: string) =>
      demoPeople().then((people) =>
        html(
          reply,
          status,
          loginPage({ lang, service, username: form.username, error, people, oneClick, langLink: langLink(service) }),
        ),
      );

    let fgid: string | null = null;
    if (form.demoUser && oneClick) {
      const p = await db
        .selectFrom('persons')
        .select('fgid')
        .where('username', '=', form.demoUser)
        .where('not_active', '=', 0)
        .executeTakeFirst();
      if (!p) return page(401, t.wrongCredentials);
      fgid = p.fgid;
    } else {
      const username = form.username?.trim() ?? '';
      const password = form.password ?? '';
      if (!username || !password) return page(400, t.missingFields);
      const p = await db
        .selectFrom('persons')
        .select(['fgid', 'password_hash'])
        .where('username', '=', username)
        .where('not_active', '=', 0)
        .executeTakeFirst();
      if (!p || !(await verifyPassword(password, p.password_hash))) return page(401, t.wrongCredentials);
      fgid = p.fgid;
    }
    const tgt = await issueTgt(db, clock, fgid);
    reply.setCookie(TGC_COOKIE, tgt, {
      path: '/cas',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(req),
      maxAge: TGT_TTL_MS / 1000,
    });
    return signedIn(reply, req, fgid, service, lang);
  });

  app.get('/serviceValidate', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const result = await validateServiceTicket(db, clock, q.ticket, q.service);
    let xml: string;
    if (result.ok) {
      xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  <cas:authenticationSuccess>\n    <cas:user>${esc(result.user)}</cas:user>\n  </cas:authenticationSuccess>\n</cas:serviceResponse>\n`;
    } else {
      xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  <cas:authenticationFailure code="${result.code}">${esc(result.message)}</cas:authenticationFailure>\n</cas:serviceResponse>\n`;
    }
    return reply.header('Cache-Control', 'no-store').type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/logout', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const lang = pickLang(req, reply, undefined);
    await destroyTgt(db, req.cookies[TGC_COOKIE]);
    reply.clearCookie(TGC_COOKIE, { path: '/cas', httpOnly: true, sameSite: 'lax', secure: isSecure(req) });
    const service = allowedService(req, q.service);
    if (service) return reply.header('Cache-Control', 'no-store').redirect(service, 302);
    const t = CAS_TEXTS[lang];
    return html(
      reply,
      service === false ? 400 : 200,
      messagePage(lang, t.loggedOutTitle, service === false ? t.unknownService : t.loggedOut, langLink(null)),
    );
  });

  app.get('/ticket-check', async (req, reply) => {
    const q = parseOrThrow(
      z.object({
        callback: z
          .string({ error: 'is required' })
          .max(100)
          .regex(CALLBACK_NAME, 'must be a JavaScript function name such as handleTicket'),
      }),
      req.query,
      'query',
    );
    const valid = (await findTgt(db, clock, req.cookies[TGC_COOKIE])) !== null;
    return reply
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .type('application/javascript; charset=utf-8')
      .send(`${q.callback}(${JSON.stringify({ value: valid })});`);
  });
};
