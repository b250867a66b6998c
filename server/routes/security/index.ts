/**
 * The "security service" (docs/conventions.md):
 *   GET /api/security/login?target=/ui/...     302 → /cas/login?service=<origin>/api/security/callback?target=...
 *   GET /api/security/callback?ticket=ST-…&target=...   validates the ticket (CAS 2.0, same store as
 *       /cas/serviceValidate), opens the portal session, 302 → target (relative /ui/... only, else /ui/)
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COOKIE } from '../../../machines/lib/contract.js';
import { validateServiceTicket } from '../../cas/tickets.js';
import { HttpError, parseOrThrow } from '../../lib/errors.js';
import { esc } from '../../lib/html.js';
import { layout } from '../../cas/pages.js';
import { CAS_LANG_FROM_COOKIE, CAS_TEXTS } from '../../cas/texts.js';
import { closeSession, isLanguage3, openSession, originOf } from '../../lib/session.js';

/** Only relative portal pages are allowed as targets (no open redirect). */
export function safeTarget(target: unknown): string {
  if (typeof target !== 'string') return '/ui/';
  if (!(target === '/ui' || target.startsWith('/ui/'))) return '/ui/';
  if (/[\\\s]|\/\/|^\/ui\/\.\./.test(target) || /[\u0000-\u001f]/.test(target)) return '/ui/';
  return target;
}

export const callbackService = (req: FastifyRequest, target: string) =>
  `${originOf(req)}/api/security/callback?target=${encodeURIComponent(target)}`;

const CallbackQuery = z.object({
  ticket: z
    .string({ error: 'is required: open the page through the sign-on service' })
    .regex(/^ST-[A-Za-z0-9_-]{10,200}$/, 'must be a service ticket (ST-…)'),
  target: z.string().max(2000).optional(),
});

export const securityRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.deps;

  app.get('/login', async (req, reply) => {
    const target = safeTarget((req.query as Record<string, unknown>).target);
    const service = callbackService(req, target);
    return reply.header('Cache-Control', 'no-store').redirect(`/cas/login?service=${encodeURIComponent(service)}`, 302);
  });

  app.get('/callback', async (req, reply) => {
    const q = parseOrThrow(CallbackQuery, req.query, 'query');
    const target = safeTarget(q.target);
    // the service the ticket was issued for: this very address without the ticket
    const result = await validateServiceTicket(db, clock, q.ticket, callbackService(req, q.target ?? '/ui/'));
    if (!result.ok) {
      const message = 'The sign-on ticket is invalid, used or expired. Log in again.';
      if ((req.headers.accept ?? '').includes('text/html')) {
        const again = `/api/security/login?target=${encodeURIComponent(target)}`;
        // a person reads this page, so it speaks the sign-on service's language (EPIT-LANGUAGE cookie)
        const lang = CAS_LANG_FROM_COOKIE[req.cookies[COOKIE.language]?.toLowerCase() ?? ''] ?? 'en';
        const t = CAS_TEXTS[lang];
        const body = `<section><h1>${esc(t.ticketFailedTitle)}</h1><p>${esc(t.ticketFailed)}</p><p><a href="${esc(again)}">${esc(t.logInAgain)}</a></p></section>`;
        return reply
          .status(401)
          .type('text/html; charset=utf-8')
          .send(layout(lang, t.ticketFailedTitle, body, (l) => `${again}&locale=${l}`));
      }
      throw new HttpError(401, 'INVALID_TICKET', message);
    }
    const person = await db
      .selectFrom('persons')
      .select(['fgid', 'preferred_language'])
      .where('fgid', '=', result.user)
      .executeTakeFirst();
    if (!person) throw new HttpError(401, 'UNAUTHENTICATED', 'Unknown user. Log in again.');
    await closeSession(req, reply); // a new session id on every login (no session fixation)
    const cookieLang = req.cookies[COOKIE.language];
    const language = (isLanguage3(cookieLang) ? cookieLang : (person.preferred_language ?? 'EST')).toUpperCase();
    await openSession(req, reply, person.fgid, language);
    return reply.redirect(target, 302);
  });
};
