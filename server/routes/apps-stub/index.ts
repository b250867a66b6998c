/**
 * Placeholder for the demo external applications under /apps/ (a later issue replaces this folder).
 * Only the OSS logout exists now, because the portal fetches it on every logout (spec 1 §4 "Logout").
 */
import type { FastifyPluginAsync } from 'fastify';

export const appsStubRoutes: FastifyPluginAsync = async (app) => {
  app.get('/oss/logout', async (_req, reply) =>
    reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('logged out'),
  );
};
