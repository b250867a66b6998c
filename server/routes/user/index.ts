/**
 * /api/user/* — saving a person's rights in a customer (user/role/add, user/role/edit) and looking a person up by
 * global id (user/{gid}) for the rights modal (spec 2 §4 "Edit flow for a new user"). Summary of every business-settings call:
 * server/routes/settings/index.ts.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { SaveCommand, type SaveAnswer, type UserLookup } from '../../../machines/lib/represented-settings/contract.js';
import { isoDay } from '../../lib/dates.js';
import { forbidden, notFound, parseOrThrow } from '../../lib/errors.js';
import { hasPrivilege, requireSession, type Session } from '../../lib/session.js';
import type { Db } from '../../db/index.js';
import { MAIN_ADMIN_APPLICATION } from '../../../machines/lib/represented-settings/contract.js';
import { requireCustomerManager } from '../settings/access.js';
import { saveRights, type SaveMode } from './save.js';
import { ifMatchOf, rightsVersion, setETag } from '../../lib/versions.js';

export const GidParam = z.object({
  gid: z.string().regex(/^[A-Z]{2}[A-Za-z0-9-]{1,23}$/, 'must be a country code followed by a personal code'),
});

/** May look people up: staff who edit customers or users, or a main administrator of some customer. */
async function mayLookUp(db: Db, session: Session, today: string): Promise<boolean> {
  if (hasPrivilege(session, 'EDIT_ANY_CUSTOMER') || hasPrivilege(session, 'EDIT_ANY_USER')) return true;
  const admin = await db
    .selectFrom('rights')
    .select('id')
    .where('person_fgid', '=', session.fgid)
    .where('application', '=', MAIN_ADMIN_APPLICATION)
    .where('not_active', '=', 0)
    .where((eb) => eb.or([eb('begin_date', 'is', null), eb('begin_date', '<=', today)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .limit(1)
    .executeTakeFirst();
  return admin !== undefined;
}

export const userRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock } = app.deps;

  for (const mode of ['add', 'edit'] as const satisfies readonly SaveMode[]) {
    app.post(`/role/${mode}`, async (req, reply): Promise<SaveAnswer> => {
      const cmd = parseOrThrow(SaveCommand, req.body);
      const { session, customer } = await requireCustomerManager(req, cmd.customerId);
      const failed = await saveRights(db, clock, session, customer, cmd, mode, ifMatchOf(req));
      setETag(reply, await rightsVersion(db, cmd.userId, customer.jgid));
      if (failed.length) req.log.warn({ customer: customer.jgid, failed }, 'role save failed for some applications');
      return { value: failed };
    });
  }

  app.get('/:gid', async (req): Promise<UserLookup> => {
    const session = await requireSession(req);
    const { gid } = parseOrThrow(GidParam, req.params, 'gid');
    if (!(await mayLookUp(db, session, isoDay(clock.now())))) throw forbidden();
    const p = await db
      .selectFrom('persons')
      .select(['fgid', 'first_name', 'last_name'])
      .where('fgid', '=', gid)
      .executeTakeFirst();
    if (!p) throw notFound('The system does not know this person.');
    return { id: p.fgid, firstName: p.first_name, lastName: p.last_name, userId: p.fgid };
  });

  done();
};
