/**
 * Sign-on as the application's own CAS service (CAS 3.0): a page without a session redirects to CAS with
 * `gateway=true` (the person signed on at the portal's CAS already, so CAS answers at once with a ticket), and the
 * service URL `{prefix}auth/cas?next=…[&ticket=ST-…]` validates the ticket at {CAS base}/p3/serviceValidate, opens
 * the session and returns to `next`; without a ticket (no sign-on session at CAS) it shows the signed-out page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CasUnavailableError, SERVICE_TICKET } from '../clients/cas.js';
import { appsOrigin } from '../lib/origins.js';
import type { AppsDeps, SignOnDefinition } from './definitions.js';
import { LANGUAGE_COOKIE, langOf, sendMessage } from './replies.js';
import { findSession, openSession, type AppUser } from './sessions.js';
import { COMMON_TEXTS, pickLang } from './texts.js';

/** The CAS service URL of this application for a page to return to (`next`: a path of this application). */
function serviceUrl(req: FastifyRequest, deps: AppsDeps, def: SignOnDefinition, next: string): string {
  return `${appsOrigin(deps.env, req)}${def.prefix}auth/cas?${new URLSearchParams({ next }).toString()}`;
}

/** Only this application's own pages are return targets (no open redirect). */
function safeNext(def: SignOnDefinition, next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith(def.prefix) || /[\\\s]|\/\//.test(next)) return def.prefix;
  return next;
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
  const user = await findSession(req, deps, def);
  if (user) return user;
  const cas = deps.portal.cas(req);
  const target = cas.loginUrl(serviceUrl(req, deps, def, req.url), { gateway: true });
  await reply.header('Cache-Control', 'no-store').redirect(target, 302);
  return null;
}

const CallbackQuery = z.object({
  next: z.string().max(2000).optional(),
  ticket: z.string().regex(SERVICE_TICKET).optional(),
});

/** The CAS service URL (CAS 3.0 §2.1.1 `service`): validates the ticket, opens the session, 302 → next. */
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
    await openSession(req, reply, deps, def, {
      fgid: result.principal,
      firstName: result.attributes.firstName?.[0] ?? '',
      lastName: result.attributes.lastName?.[0] ?? '',
      ticket: q.data.ticket,
    });
    return reply.header('Cache-Control', 'no-store').redirect(next, 302);
  });
}
