/**
 * GET /api/roles-and-packets/clientapp/{app} — the role catalogue of OSS, PERIODICALS, FINANCE or AXAPTA grouped by
 * packet and category (contract RolesAndPackets). 503 while the application is dead; 504 past ROLE_REQUEST_TIMEOUT
 * (the client flags that application's error, spec 1 §8 "Role loading failure").
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { RolesAndPackets } from '../../../domain/contract.js';
import type { Db } from '../../db/index.js';
import { requireAlive } from '../../lib/application-status.js';
import { HttpError, parseOrThrow } from '../../lib/errors.js';
import { requireSession } from '../../lib/session.js';

export const ROLE_APPLICATIONS = ['OSS', 'PERIODICALS', 'FINANCE', 'AXAPTA'] as const;
export const RolesAndPacketsParams = z.object({ app: z.enum(ROLE_APPLICATIONS) });

/** Names per language, stored as JSON text in roles.names and role_categories.names. */
const StoredNames = z.record(z.string(), z.string());
const parseNames = (json: string): Record<string, string> => StoredNames.parse(JSON.parse(json));

export async function loadRolesAndPackets(db: Db, application: string): Promise<RolesAndPackets> {
  const roles = await db
    .selectFrom('roles')
    .selectAll()
    .where('application', '=', application)
    .orderBy('id')
    .orderBy('ep_company_id')
    .execute();
  const cats = await db.selectFrom('role_categories').selectAll().execute();
  const catNames = new Map(cats.map((c) => [c.code, parseNames(c.names)]));
  const packetIds = [...new Set(roles.map((r) => r.packet_id))].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  return {
    application,
    packets: packetIds.map((packet) => {
      const inPacket = roles.filter((r) => r.packet_id === packet);
      const categories = [...new Set(inPacket.map((r) => r.category))];
      return {
        packet,
        categories: categories.map((category) => ({
          category,
          names: catNames.get(category),
          roles: inPacket
            .filter((r) => r.category === category)
            .map((r) => ({
              id: r.id,
              primary: r.is_primary === 1,
              names: parseNames(r.names),
              category: r.category,
              packetId: r.packet_id,
              epCompanyId: r.ep_company_id,
            })),
        })),
      };
    }),
  };
}

function withTimeout<T>(work: Promise<T>, ms: number, application: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new HttpError(
            504,
            'ROLE_TIMEOUT',
            `Loading the roles of ${application} took too long. Please try again later.`,
          ),
        ),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const rolesAndPacketsRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, env } = app.deps;
  app.get('/clientapp/:app', async (req) => {
    await requireSession(req);
    const { app: application } = parseOrThrow(RolesAndPacketsParams, req.params, 'app');
    await requireAlive(db, application);
    return withTimeout(loadRolesAndPackets(db, application), env.roleRequestTimeout, application);
  });
  done();
};
