/**
 * /api/user/* — saving a person's rights in a customer (user/role/add, user/role/edit) and looking a person up by
 * global id (user/{gid}) for the rights modal (spec 2 §4 "Edit flow for a new user"). Summary of every business-settings call:
 * server/routes/settings/index.ts.
 *
 * The look-up turns a personal code into a name, for any person the portal knows, to every main administrator of
 * any customer: so that it cannot be used to resolve codes in bulk, a session may look up USER_LOOKUP_LIMIT people a
 * minute (then 429 with the catalogue's message), every look-up is in the audit log (`user.lookup`: who asked for
 * whom, found or not), and a staff member's name is answered only to staff (to anyone else a staff person is
 * "not known", the very answer of an unknown code, so the answer does not even tell that the code is staff's).
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { SaveCommand, type SaveAnswer, type UserLookup } from '../../../domain/represented-settings/contract.js';
import { isoDay } from '../../lib/dates.js';
import { audit } from '../../audit/audit.js';
import { forbidden, notFound, parseOrThrow } from '../../lib/errors.js';
import { hasPrivilege, requireSession, type Session } from '../../lib/session.js';
import type { Db } from '../../db/index.js';
import { MAIN_ADMIN_APPLICATION } from '../../../domain/represented-settings/contract.js';
import { enforce, USER_LOOKUP_LIMIT } from '../../security/rate-limit.js';
import { sessionHash } from '../../security/request-log.js';
import { requireCustomerManager } from '../settings/access.js';
import { saveRights, type SaveMode } from './save.js';
import { ifMatchOf, setETag } from '../../lib/versions.js';

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
      const { failed, version } = await saveRights(db, clock, session, customer, cmd, mode, ifMatchOf(req));
      setETag(reply, version);
      if (failed.length) req.log.warn({ customer: customer.jgid, failed }, 'role save failed for some applications');
      return { value: failed };
    });
  }

  app.get('/:gid', async (req, reply): Promise<UserLookup> => {
    const session = await requireSession(req);
    const { gid } = parseOrThrow(GidParam, req.params, 'gid');
    if (!(await mayLookUp(db, session, isoDay(clock.now())))) throw forbidden();
    // counted per session (its hash: the counter table holds no session id)
    await enforce(reply, USER_LOOKUP_LIMIT, sessionHash(session.id) ?? session.fgid);
    const p = await db
      .selectFrom('persons')
      .select(['fgid', 'first_name', 'last_name', 'auth_channel'])
      .where('fgid', '=', gid)
      .executeTakeFirst();
    const hidden = p !== undefined && p.auth_channel === 'IN_AD' && !session.isStaff;
    const found = p !== undefined && !hidden;
    await audit(req, 'user.lookup', {
      actorFgid: session.fgid,
      outcome: found ? 'success' : 'failure',
      subject: gid,
      detail: hidden ? { found: false, staff: true } : { found },
    });
    if (!found) throw notFound('The system does not know this person.');
    return { id: p.fgid, firstName: p.first_name, lastName: p.last_name, userId: p.fgid };
  });

  done();
};
