/** POST /api/security/single-signout?locale=et_EE — ends the portal session; the client then goes to the returned CAS logout. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseOrThrow } from '../../lib/errors.js';
import { closeSession, originOf } from '../../lib/session.js';
import { casClientOf } from '../security/index.js';

export const SignoutQuery = z.object({
  locale: z
    .string({ error: 'is required, e.g. et_EE' })
    .regex(/^(et|en|ru|lv|lt)_(EE|LV|LT)$/, 'must be language_DOMAIN such as et_EE, en_LV or lt_LT'),
});

export const singleSignoutRoutes: FastifyPluginAsync = (app) => {
  const cas = casClientOf(app);
  // Works without a session too: signing out twice is harmless and must still lead to the CAS logout.
  app.post('/single-signout', async (req, reply) => {
    parseOrThrow(SignoutQuery, req.query, 'query');
    await closeSession(req, reply);
    // CAS 3.0 §2.3.1 `service`: after the CAS logout the browser lands on the sign-on page, which returns to the portal
    const back = `${originOf(req)}/api/security/login?target=/ui/`;
    return { value: cas.logoutUrl(back) };
  });
  return Promise.resolve();
};
