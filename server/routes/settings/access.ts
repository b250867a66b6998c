/**
 * Who may read and change a business customer's settings and rights (spec 2 §5 "Main admin", §6), checked by the
 * server on every call of settings/*, enterprise/users/* and user/role/*: a main administrator of that customer
 * (an active AXAPTA right of theirs in it) or staff with EDIT_ANY_CUSTOMER. Anyone else gets 403 FORBIDDEN, also
 * for a customer that does not exist (so the answer does not tell which customers exist); staff get 404 for those.
 */
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { MAIN_ADMIN_APPLICATION } from '../../../domain/represented-settings/contract.js';
import type { Db } from '../../db/index.js';
import type { CustomersTable } from '../../db/schema.js';
import { isoDay } from '../../lib/dates.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { requireRepresentedRight } from '../../context/represented-right.js';
import { hasPrivilege, requireSession, type Session } from '../../lib/session.js';

export type CustomerRow = Selectable<CustomersTable>;

/**
 * Is `fgid` a main administrator of `customerId` on `today` (YYYY-MM-DD)? An AXAPTA right that is not notActive
 * (spec 2 §5), and, being a right, one that has begun and not ended (spec 1 §4 role validity, end day included).
 */
export async function isMainAdmin(db: Db, fgid: string, customerId: string, today: string): Promise<boolean> {
  const row = await db
    .selectFrom('rights')
    .select('id')
    .where('person_fgid', '=', fgid)
    .where('represented_gid', '=', customerId)
    .where('application', '=', MAIN_ADMIN_APPLICATION)
    .where('not_active', '=', 0)
    .where((eb) => eb.or([eb('begin_date', 'is', null), eb('begin_date', '<=', today)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findCustomer(db: Db, customerId: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('jgid', '=', customerId).executeTakeFirst();
}

export interface CustomerAccess {
  session: Session;
  customer: CustomerRow;
  /** the caller holds EDIT_ANY_CUSTOMER (may also change permissionNoCheckPersonalCode) */
  staff: boolean;
  today: string;
}

/** The caller's session and the customer, or 401 / 403 / 404 (see the module comment). */
export async function requireCustomerManager(req: FastifyRequest, customerId: string): Promise<CustomerAccess> {
  const session = await requireSession(req);
  const { db, clock } = req.server.deps;
  const today = isoDay(clock.now());
  const staff = hasPrivilege(session, 'EDIT_ANY_CUSTOMER');
  const customer = await findCustomer(db, customerId);
  if (staff) {
    if (!customer) throw notFound(`No customer ${customerId}.`);
    return { session, customer, staff, today };
  }
  // the settings of the party the person acts for: no right left in it at all ends the representation itself
  if (customerId === session.representedGid) await requireRepresentedRight(req, session);
  if (!customer || !(await isMainAdmin(db, session.fgid, customerId, today)))
    throw forbidden('Only a main administrator of this customer may see or change its settings and rights.');
  return { session, customer, staff, today };
}
