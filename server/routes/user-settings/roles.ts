/**
 * The roles tab (spec 2 §2 "Roles view", §3 "Role list item", §7, §8):
 *   GET /api/user-settings/roles/clientapp/{OSS|PERIODICALS}/{userId}
 * See index.ts for the answer. The simulator console's switch (server/sim/console/roles-load.ts, table
 * sim_role_load_failures) and a dead application (application_status) make the call fail with 503, so the tab can
 * show error.client across that application's column while the customers stay.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { RoleListItem } from '../../../domain/user-settings/index.js';
import type { Db } from '../../db/index.js';
import { requireAlive } from '../../lib/application-status.js';
import { isoToDmy } from '../../lib/dates.js';
import { parseOrThrow, unavailable } from '../../lib/errors.js';
import { targetPerson } from './access.js';

const ROLE_LIST_APPLICATIONS = ['OSS', 'PERIODICALS'] as const;
/** the application of the path; its userId is read by targetPerson (access.ts UserIdParams) */
export const RoleListAppParams = z.object({ app: z.enum(ROLE_LIST_APPLICATIONS) });

/**
 * The person's roles in one application, one item per represented customer, by customer name. The person's own
 * entry (the private right every customer has for themself, spec 1 §3) is not a customer and is left out.
 */
async function loadRoleList(db: Db, fgid: string, application: string): Promise<RoleListItem[]> {
  const rows = await db
    .selectFrom('rights as r')
    .leftJoin('customers as c', 'c.jgid', 'r.represented_gid')
    .leftJoin('persons as p', 'p.fgid', 'r.represented_gid')
    .select([
      'r.represented_gid',
      'r.role_id',
      'r.begin_date',
      'r.end_date',
      'r.not_active',
      'c.name as customer_name',
      'p.first_name',
      'p.last_name',
    ])
    .where('r.person_fgid', '=', fgid)
    .where('r.application', '=', application)
    .where('r.represented_gid', '!=', fgid)
    .orderBy('r.id')
    .execute();
  return rows
    .map((r) => ({
      customerId: r.represented_gid,
      name: r.customer_name ?? (r.first_name !== null ? `${r.first_name} ${r.last_name ?? ''}`.trim() : null),
      application,
      roleId: r.role_id,
      begin: isoToDmy(r.begin_date),
      end: isoToDmy(r.end_date),
      notActive: r.not_active === 1,
    }))
    .sort(
      (a, b) =>
        (a.name ?? a.customerId).localeCompare(b.name ?? b.customerId, 'et') ||
        a.customerId.localeCompare(b.customerId),
    );
}

export const rolesRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db } = app.deps;
  app.get('/roles/clientapp/:app/:userId', async (req) => {
    const { person } = await targetPerson(req, 'self-or-staff');
    const { app: application } = parseOrThrow(RoleListAppParams, { app: (req.params as { app?: unknown }).app }, 'app');
    await requireAlive(db, application);
    const failing = await db
      .selectFrom('sim_role_load_failures')
      .select('failing')
      .where('application', '=', application)
      .executeTakeFirst();
    if (failing?.failing === 1)
      throw unavailable(`The roles of ${application} cannot be loaded at the moment.`, 'ROLE_LOAD_FAILED');
    return loadRoleList(db, person.fgid, application);
  });
  done();
};
