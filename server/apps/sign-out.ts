/**
 * How an application's session ends with the portal's: CAS single logout (the CAS server POSTs a `logoutRequest`
 * naming the service ticket, CAS 3.0 §2.3.3, Appendix C) and the logout URL the portal GETs from its page at logout
 * (the OSS logout URL, spec 1 §4 "Logout").
 */
import type { FastifyInstance } from 'fastify';
import { parseLogoutRequest } from '../clients/cas.js';
import { portalOrigin } from '../lib/origins.js';
import type { AppsDeps, SignOnDefinition } from './definitions.js';
import { channelConfig, langOf, sendHtml } from './replies.js';
import { clearSessionCookie, endSession, endSessionsOfTicket } from './sessions.js';
import { messagePage } from './layout.js';
import { COMMON_TEXTS } from './texts.js';

/** POST {prefix}auth/cas (back-channel single logout) and GET {prefix}logout. */
export function registerSignOut(app: FastifyInstance, deps: AppsDeps, def: SignOnDefinition): void {
  // the answer is the same whether a session matched or not, so it tells a caller nothing
  app.post(`${def.prefix}auth/cas`, async (req, reply) => {
    const body = req.body;
    const xml =
      typeof body === 'string'
        ? body
        : body && typeof body === 'object' && 'logoutRequest' in body && typeof body.logoutRequest === 'string'
          ? body.logoutRequest
          : null;
    const ticket = xml ? parseLogoutRequest(xml) : null;
    if (ticket) await endSessionsOfTicket(deps, def, ticket);
    return reply.status(200).header('Cache-Control', 'no-store').send();
  });

  // the portal GETs this from its page, so it answers the portal's origin with credentials (CORS)
  app.get(`${def.prefix}logout`, async (req, reply) => {
    await endSession(req, deps, def);
    clearSessionCookie(req, reply, def);
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
