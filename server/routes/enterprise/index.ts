/**
 * /api/enterprise/users/* — the rights list of a business customer (spec 2 §2 "user rights", §3 "Rights list",
 * "Enterprise user"). Summary of every business-settings call: server/routes/settings/index.ts.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
  type BoardPositionAnswer,
  MAIN_ADMIN_APPLICATION,
  RESULT_NO_PACKAGE,
  RIGHTS_APPLICATIONS,
  type Admin,
  type EnterpriseUserRole,
  type EnterpriseUsersAnswer,
} from '../../../domain/represented-settings/contract.js';
import type { Db } from '../../db/index.js';
import { requireAlive } from '../../lib/application-status.js';
import { parseOrThrow } from '../../lib/errors.js';
import { sendJsonText } from '../../lib/json-text.js';
import { requireCustomerManager, type CustomerRow } from '../settings/access.js';
import { signingServices } from '../../clients/index.js';
import { boardPosition, personOfCode } from '../../clients/registry.js';
import { rightsVersionsOf } from '../../lib/versions.js';

export const CustomerIdParam = z.object({ customerId: z.string().min(1).max(40) });
export const ClientAppParams = CustomerIdParam.extend({ clientapp: z.enum(RIGHTS_APPLICATIONS) });
export const PositionParams = CustomerIdParam.extend({ userId: z.string().regex(/^[A-Za-z]{2}[0-9A-Za-z-]{1,23}$/) });

/** The customer's packet of an application (null: none; invoicing management has no packets, only the package). */
export function packetOf(customer: CustomerRow, application: string): number | null {
  return application === 'OSS'
    ? customer.packet_oss
    : application === 'PERIODICALS'
      ? customer.packet_periodicals
      : null;
}

/**
 * Whether the customer has a package of the application (spec 2 §2 placeholders): a packet of shipment registration
 * or periodicals, the finance package of invoicing management (spec 2 §8 "Finance package absent").
 */
export function hasPackage(customer: CustomerRow, application: string): boolean {
  return application === 'FINANCE' ? customer.has_finance === 1 : packetOf(customer, application) !== null;
}

/** The main administrators of a customer on `today` (YYYY-MM-DD), sorted by last name. */
export async function loadAdministrators(db: Db, customerId: string, today: string): Promise<Admin[]> {
  const rows = await db
    .selectFrom('rights')
    .innerJoin('persons', 'persons.fgid', 'rights.person_fgid')
    .select(['persons.fgid', 'persons.first_name', 'persons.last_name', 'persons.email'])
    .where('rights.represented_gid', '=', customerId)
    .where('rights.application', '=', MAIN_ADMIN_APPLICATION)
    .where('rights.not_active', '=', 0)
    .where((eb) => eb.or([eb('rights.begin_date', 'is', null), eb('rights.begin_date', '<=', today)]))
    .where((eb) => eb.or([eb('rights.end_date', 'is', null), eb('rights.end_date', '>=', today)]))
    .orderBy('persons.last_name')
    .orderBy('persons.first_name')
    .execute();
  const seen = new Set<string>();
  const out: Admin[] = [];
  for (const r of rows) {
    if (seen.has(r.fgid)) continue;
    seen.add(r.fgid);
    out.push({ userId: r.fgid, firstName: r.first_name, lastName: r.last_name, email: r.email });
  }
  return out;
}

/**
 * A stored day 'YYYY-MM-DD' → DD.MM.YYYY by slicing (lib/dates.ts isoToDmy parses with dayjs, which costs more than
 * the whole query for 10,000 users; the column holds only ISO days, written by the seed and server/routes/user/).
 */
const dmy = (iso: string | null): string | null =>
  iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : null;

interface RightRow {
  person_fgid: string;
  begin_date: string | null;
  end_date: string | null;
  not_active: number;
}

/** Ranks a right for "the one to show" when a person has several in one application: running > future > ended. */
function rank(r: RightRow, today: string): number {
  if (r.end_date !== null && r.end_date < today) return 0;
  if (r.not_active === 1) return 1;
  if (r.begin_date !== null && r.begin_date > today) return 2;
  return 3;
}

/**
 * Of two rights of one person in one application, the one the list shows: the higher rank, then the later begin,
 * then the later end (none: open-ended, the latest).
 */
function better<R extends RightRow>(a: R, b: R, today: string): R {
  const ra = rank(a, today);
  const rb = rank(b, today);
  if (ra !== rb) return ra > rb ? a : b;
  const ba = a.begin_date ?? '';
  const bb = b.begin_date ?? '';
  if (ba !== bb) return bb > ba ? b : a;
  return (b.end_date ?? '9999') > (a.end_date ?? '9999') ? b : a;
}

/**
 * One customer's users of one application: one entry per person (their current right, see `better`), in person id
 * order. The portal merges the applications' lists and sorts the rows itself (domain/represented-settings/
 * list.ts, by last and first name under the Estonian collation), so the server does not sort by name: rows come in
 * the order of the index rights_represented_app (represented_gid, application, person_fgid, …), which puts a
 * person's rights next to each other and needs no sort step. One query, no per-row work beyond building the item
 * (10,000 users: bench/rights.ts).
 */
export async function loadEnterpriseUsers(
  db: Db,
  customer: CustomerRow,
  application: string,
  today: string,
): Promise<EnterpriseUsersAnswer> {
  const rows = await db
    .selectFrom('rights')
    .innerJoin('persons', 'persons.fgid', 'rights.person_fgid')
    .select([
      'rights.person_fgid',
      'rights.role_id',
      'rights.begin_date',
      'rights.end_date',
      'rights.not_active',
      'persons.first_name',
      'persons.last_name',
      'persons.email',
    ])
    .where('rights.represented_gid', '=', customer.jgid)
    .where('rights.application', '=', application)
    .orderBy('rights.person_fgid')
    .execute();
  const packetId = packetOf(customer, application);
  const list: EnterpriseUserRole[] = [];
  for (let i = 0; i < rows.length; i++) {
    let r = rows[i];
    // the person's other rights in this application follow at once (person id order): keep the one to show
    while (i + 1 < rows.length && rows[i + 1].person_fgid === r.person_fgid) r = better(r, rows[++i], today);
    list.push({
      userId: r.person_fgid,
      email: r.email,
      roleId: r.role_id,
      application,
      begin: dmy(r.begin_date),
      end: dmy(r.end_date),
      notActive: r.not_active === 1,
      firstName: r.first_name,
      lastName: r.last_name,
    });
  }
  return { list, packetId, result: hasPackage(customer, application) ? null : RESULT_NO_PACKAGE };
}

export const enterpriseRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db } = app.deps;

  app.get('/users/administrators/:customerId', async (req) => {
    const { customerId } = parseOrThrow(CustomerIdParam, req.params, 'customerId');
    const { today } = await requireCustomerManager(req, customerId);
    return loadAdministrators(db, customerId, today);
  });

  app.get('/users/clientapp/:clientapp/:customerId', async (req, reply) => {
    const { customerId, clientapp } = parseOrThrow(ClientAppParams, req.params, 'params');
    const { customer, today } = await requireCustomerManager(req, customerId);
    await requireAlive(db, clientapp);
    // the rows and their versions from one snapshot (RFC 9110 §8.8.3: an entity-tag names one state): read apart, a
    // save landing between the two reads would pair one version's rows with the next version's tag, and a change
    // based on them would overwrite a save its author never saw
    const { answer, version } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => ({
        answer: await loadEnterpriseUsers(trx, customer, clientapp, today),
        version: await rightsVersionsOf(trx, customerId),
      }));
    for (const row of answer.list) row.version = version(row.userId);
    // a large customer's answer is megabytes (names with õ, ä, ü make it a two-byte string): encoded once here,
    // Fastify neither measures the string for Content-Length nor encodes it again on the way out
    return sendJsonText(reply, Buffer.from(JSON.stringify(answer)));
  });

  /**
   * The job title of the rights modal (spec 2 §2): the position the person holds in the customer's company in the
   * business register, asked of the register itself; null for a customer without a registry code or a person who
   * holds none there. Only someone who may manage the customer's rights may ask.
   */
  app.get('/users/position/:customerId/:userId', async (req): Promise<BoardPositionAnswer> => {
    const { customerId, userId } = parseOrThrow(PositionParams, req.params, 'params');
    const { customer } = await requireCustomerManager(req, customerId);
    if (!customer.reg_code || customer.is_person === 1) return { value: null };
    const company = await signingServices(app.deps).registry.company(customer.reg_code);
    return { value: company ? boardPosition(company, personOfCode(userId, customer.country)) : null };
  });

  done();
};
