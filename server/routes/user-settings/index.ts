/** /api/user-settings/* — this issue: service-urls (spec 2 §3 "Service-urls response"). */
import type { FastifyPluginCallback } from 'fastify';
import { DOMAINS } from '../../../machines/lib/contract.js';
import { language2 } from '../../context/build-user-context.js';
import { requireSession } from '../../lib/session.js';

/** The private package service per domain (an external service; the demo one lives under /apps/). */
export const packagePrivateUrl = (domain: string, language: string) =>
  `/apps/parcels/${domain.toLowerCase()}/${language}/private`;

export const userSettingsRoutes: FastifyPluginCallback = (app, _opts, done) => {
  app.get('/service-urls', async (req) => {
    const session = await requireSession(req);
    const lang = language2(session.language);
    return { value: Object.fromEntries(DOMAINS.map((d) => [d, packagePrivateUrl(d, lang)])) };
  });
  done();
};
