/**
 * Sign-on as the application's own CAS service (CAS 3.0): a page without a session redirects to CAS with
 * `gateway=true` (the person signed on at the portal's CAS already, so CAS answers at once with a ticket), and the
 * service URL `{prefix}auth/cas?next=…&state=…[&ticket=ST-…]` validates the ticket at {CAS base}/p3/serviceValidate,
 * opens the session and returns to `next`; without a ticket (no sign-on session at CAS) it shows the signed-out page.
 *
 * A service ticket is a bearer credential: a callback address someone kept from their own sign-on would sign another
 * browser in as them, and the victim would then work in the wrong person's account. So, as the portal's own
 * callback (server/routes/security), the redirect to CAS carries a random `state` in the service URL and keeps it in
 * a short-lived cookie on the application's path; the callback accepts a ticket only with a state this browser holds (used
 * up at once), and refuses one another site sent the browser to where CAS is on this host (Fetch Metadata). A
 * browser whose session belongs to another person is never switched silently: the new sign-on is kept aside and the
 * person chooses whom to continue as (`{prefix}auth/switch`).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CasUnavailableError, SERVICE_TICKET } from '../clients/cas.js';
import { esc } from '../lib/html.js';
import { appsOrigin, portalOrigin, resolveAgainst } from '../lib/origins.js';
import { randomToken } from '../lib/random.js';
import type { AppsDeps, SignOnDefinition } from './definitions.js';
import { page } from './layout.js';
import { channelConfig, LANGUAGE_COOKIE, langOf, sendHtml, sendMessage } from './replies.js';
import {
  adoptPendingSession,
  cookieOptions,
  dropPendingSession,
  findPendingSession,
  findSession,
  openPendingSession,
  openSession,
  type AppUser,
} from './sessions.js';
import { COMMON_TEXTS, pickLang, type AppLang } from './texts.js';

/** The path of the sign-on routes: the cookie of a sign-on kept aside is sent there only. */
const signOnPath = (def: SignOnDefinition) => `${def.prefix}auth/`;

const LOGIN_STATE = { maxAgeSeconds: 15 * 60, kept: 4 } as const;
const STATE = /^[A-Za-z0-9_-]{22}$/;
const stateCookie = (def: SignOnDefinition) => `${def.application}-LOGIN-STATE`;

/** The states of the sign-ons this browser began (a few, newest first, so two tabs both finish). */
const loginStates = (req: FastifyRequest, def: SignOnDefinition): string[] =>
  (req.cookies[stateCookie(def)] ?? '').split('.').filter((s) => STATE.test(s));

function setLoginStates(req: FastifyRequest, reply: FastifyReply, def: SignOnDefinition, states: string[]): void {
  // on the application's path: the page that begins a sign-on reads it as well as the callback that ends it
  const options = cookieOptions(req, def);
  if (states.length)
    reply.setCookie(stateCookie(def), states.join('.'), { ...options, maxAge: LOGIN_STATE.maxAgeSeconds });
  else reply.clearCookie(stateCookie(def), options);
}

/**
 * A callback another site sent the browser to is refused when CAS is on this application's host (then CAS's
 * redirect, and the portal's frame that began it, are same-site: `Sec-Fetch-Site`). A CAS on another host makes
 * every honest callback cross-site, so there the state alone decides.
 */
function crossSiteRefused(req: FastifyRequest, deps: AppsDeps): boolean {
  if (req.headers['sec-fetch-site'] !== 'cross-site') return false;
  const cas = new URL(resolveAgainst(deps.env.cas.url, portalOrigin(deps.env, req)));
  return cas.hostname === new URL(appsOrigin(deps.env, req)).hostname;
}

/** The CAS service URL of this application for a page to return to (`next`: a path of this application). */
function serviceUrl(req: FastifyRequest, deps: AppsDeps, def: SignOnDefinition, next: string, state: string): string {
  return `${appsOrigin(deps.env, req)}${def.prefix}auth/cas?${new URLSearchParams({ next, state }).toString()}`;
}

/** Only this application's own pages are return targets (no open redirect). */
function safeNext(def: SignOnDefinition, next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith(def.prefix) || /[\\\s]|\/\//.test(next)) return def.prefix;
  return next;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const nameOf = (p: { first_name: string; last_name: string; fgid: string }) =>
  `${p.first_name} ${p.last_name}`.trim() || p.fgid;

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
  const user = await findSession(req, deps, def);
  if (user) return user;
  const state = randomToken(16);
  setLoginStates(req, reply, def, [state, ...loginStates(req, def)].slice(0, LOGIN_STATE.kept));
  const cas = deps.portal.cas(req);
  const target = cas.loginUrl(serviceUrl(req, deps, def, req.url, state), { gateway: true });
  await reply.header('Cache-Control', 'no-store').redirect(target, 302);
  return null;
}

const CallbackQuery = z.object({
  next: z.string().max(2000).optional(),
  state: z.string().max(100).optional(),
  ticket: z.string().regex(SERVICE_TICKET).optional(),
});

const SwitchForm = z.object({
  choice: z.enum(['continue', 'keep']),
  token: z.string().min(1).max(100),
  next: z.string().max(2000).optional(),
  lang: z.string().max(5).optional(),
});

/**
 * The question when a sign-on names another person than the browser's session: continue as the new person, or stay
 * the one signed in. Each answer is a form carrying the token of the sign-on kept aside.
 */
function sendSwitchQuestion(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: SignOnDefinition,
  q: { lang: AppLang; current: AppUser; pending: Parameters<typeof nameOf>[0] },
  form: { token: string; next: string },
) {
  const t = COMMON_TEXTS[q.lang];
  const current = nameOf(q.current);
  const pending = nameOf(q.pending);
  const fill = (text: string) => text.replace('{current}', current).replace('{next}', pending);
  const button = (choice: 'continue' | 'keep', label: string, secondary: boolean) =>
    `<form method="post" action="${esc(`${def.prefix}auth/switch`)}">` +
    `<input type="hidden" name="choice" value="${choice}">` +
    `<input type="hidden" name="token" value="${esc(form.token)}">` +
    `<input type="hidden" name="next" value="${esc(form.next)}">` +
    `<input type="hidden" name="lang" value="${q.lang}">` +
    `<button type="submit" class="button${secondary ? ' secondary' : ''}" data-testid="app-switch-${choice}">${esc(fill(label))}</button></form>`;
  return sendHtml(
    reply,
    200,
    page({
      lang: q.lang,
      application: def.application,
      title: t.switchTitle,
      who: { person: current },
      body:
        `<section class="notice" data-testid="app-switch" role="alert"><h2>${esc(t.switchTitle)}</h2>` +
        `<p>${esc(fill(t.switchText))}</p></section>` +
        `<div class="actions">${button('keep', t.switchKeep, false)}${button('continue', t.switchContinue, true)}</div>`,
      config: channelConfig(req, deps, def),
    }),
  );
}

/**
 * The CAS service URL (CAS 3.0 §2.1.1 `service`): checks the state, validates the ticket, opens the session (or asks
 * first, when the browser's session is another person's), 302 → next; and the answer to that question.
 */
export function registerSignOn(app: FastifyInstance, deps: AppsDeps, def: SignOnDefinition): void {
  app.get(`${def.prefix}auth/cas`, async (req, reply) => {
    const q = CallbackQuery.safeParse(req.query);
    if (!q.success) {
      const link = { href: def.prefix, label: COMMON_TEXTS[langOf(req)].tryAgain };
      return sendMessage(req, reply, deps, def, 'signOnFailed', { link });
    }
    const next = safeNext(def, q.data.next);
    // the page the person asked for chose the language (the frame URL's lang)
    const lang = pickLang(new URL(next, 'http://next.invalid').searchParams.get('lang'), req.cookies[LANGUAGE_COOKIE]);
    const states = loginStates(req, def);
    const state = q.data.state;
    const known = state !== undefined && states.includes(state);
    // used up, whatever the ticket turns out to be
    if (known)
      setLoginStates(
        req,
        reply,
        def,
        states.filter((s) => s !== state),
      );
    // §2.1.1 gateway: no sign-on session at CAS, so no ticket: this application stays signed out
    if (!q.data.ticket) return sendMessage(req, reply, deps, def, 'signedOut', { lang });
    if (!known || crossSiteRefused(req, deps)) {
      req.log.warn('sign-on callback refused: not begun in this browser');
      return sendMessage(req, reply, deps, def, 'notBegun', {
        lang,
        link: { href: next, label: COMMON_TEXTS[lang].tryAgain },
      });
    }
    const service = serviceUrl(req, deps, def, q.data.next ?? def.prefix, state);
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
    const person = {
      fgid: result.principal,
      firstName: result.attributes.firstName?.[0] ?? '',
      lastName: result.attributes.lastName?.[0] ?? '',
      ticket: q.data.ticket,
    };
    const current = await findSession(req, deps, def);
    if (current && current.fgid !== person.fgid) {
      const token = await openPendingSession(req, reply, deps, def, person, signOnPath(def));
      const pending = { fgid: person.fgid, first_name: person.firstName, last_name: person.lastName };
      return sendSwitchQuestion(req, reply, deps, def, { lang, current, pending }, { token, next });
    }
    await openSession(req, reply, deps, def, person);
    return reply.header('Cache-Control', 'no-store').redirect(next, 302);
  });

  app.post(`${def.prefix}auth/switch`, async (req, reply) => {
    const form = SwitchForm.safeParse(req.body);
    const next = safeNext(def, form.data?.next);
    const lang = pickLang(form.data?.lang, req.cookies[LANGUAGE_COOKIE]);
    const pending = await findPendingSession(req, deps, def);
    // the question is answered on this application's own page: a form from anywhere else is no answer
    const fetchSite = req.headers['sec-fetch-site'];
    const ownPage = fetchSite === undefined || fetchSite === 'same-origin';
    if (!form.success || !pending || !ownPage || !same(form.data.token, pending.csrf)) {
      req.log.warn('sign-on choice refused');
      await dropPendingSession(req, deps, def, reply, signOnPath(def));
      return sendMessage(req, reply, deps, def, 'signOnFailed', {
        lang,
        link: { href: next, label: COMMON_TEXTS[lang].tryAgain },
      });
    }
    if (form.data.choice === 'continue') await adoptPendingSession(req, reply, deps, def, pending, signOnPath(def));
    else await dropPendingSession(req, deps, def, reply, signOnPath(def));
    return reply.header('Cache-Control', 'no-store').redirect(next, 303);
  });
}
