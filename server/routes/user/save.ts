/**
 * POST user/role/add | user/role/edit (spec 2 §3 "Save command", §4 "Save", "Role selection"): who a person is for
 * a customer and which role they hold in each application. The identity and the administrator flag are written
 * first, in one transaction; then every application in its own transaction, so one application can fail while the
 * others land (the answer names the failed ones). Rules and errors: server/routes/settings/index.ts.
 */
import {
  MAIN_ADMIN_APPLICATION,
  RIGHTS_APPLICATIONS,
  type RoleCommand,
  type SaveCommand,
} from '../../../domain/represented-settings/contract.js';
import { globalPersonId } from '../../../domain/fields/personal-code.js';
import {
  defaultLanguage,
  DOMAIN_LANGUAGES,
  identitySchema,
  MAX,
  MSG,
  RIGHTS_LANGUAGE3,
} from '../../../domain/represented-settings/rules.js';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { isDead } from '../../lib/application-status.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, isoDay } from '../../lib/dates.js';
import { FieldFailures, HttpError, notFound } from '../../lib/errors.js';
import type { Session } from '../../lib/session.js';
import { isMainAdmin, type CustomerRow } from '../settings/access.js';
import { hasPackage, packetOf } from '../enterprise/index.js';
import { raiseRightsVersion, rightsVersion, type IfMatch } from '../../lib/versions.js';

/** identity rule field → [save command field, label in messages, maximum length] */
const IDENTITY_FIELDS: Record<string, [string, string, number]> = {
  personalCode: ['userCode', 'Personal code', MAX.personalCode],
  firstName: ['firstName', 'First name', MAX.personName],
  lastName: ['lastName', 'Last name', MAX.personName],
  email: ['email', 'E-mail', MAX.email],
};

/** Privileges of a person added by a customer's administrator: those of every ordinary demo customer user. */
const NEW_PERSON_PRIVILEGES = ['SHOW_REPRESENTEES', 'SHOW_MY_SETTINGS'];

/** DD.MM.YYYY (already checked to be a real date by the contract's WireDate) → YYYY-MM-DD */
const dmyToIso = (dmy: string) => {
  const [d, m, y] = dmy.split('.');
  return `${y}-${m}-${d}`;
};

export type SaveMode = 'add' | 'edit';

/** Does the simulator console make this application's role save fail? (server/sim/console/rights.ts writes it) */
async function saveSwitchedToFail(db: Db, application: string): Promise<boolean> {
  const row = await db
    .selectFrom('sim_role_save_switches')
    .select('fail')
    .where('application', '=', application)
    .executeTakeFirst();
  return row?.fail === 1;
}

/** Spec 2 §5 rights modal and role offering; every failing field at once (400), before anything is written. */
async function checkCommand(db: Db, customer: CustomerRow, cmd: SaveCommand, isNew: boolean): Promise<void> {
  const check = new FieldFailures();
  if (cmd.country === 'ZZ' && customer.permission_no_check_personal_code !== 1)
    check.fail('country', 'Country "other" is allowed only for a customer without the personal-code check');
  // the modal's own identity rules (domain/represented-settings/rules.ts), with the spec's English messages
  const identity = identitySchema(true).safeParse({
    country: cmd.country,
    personalCode: cmd.userCode,
    firstName: cmd.firstName,
    lastName: cmd.lastName,
    email: cmd.email,
  });
  for (const issue of identity.success ? [] : identity.error.issues) {
    const key = String(issue.path[0]);
    // a person the system knows keeps their names: the modal shows them locked
    if (!isNew && (key === 'firstName' || key === 'lastName')) continue;
    const [field, label, max] = IDENTITY_FIELDS[key] ?? [key, key, 0];
    check.failRule(field, issue.message, label, { max });
  }
  if (!('userCode' in check.fields) && cmd.userId !== globalPersonId(cmd.country, cmd.userCode))
    check.fail('userId', 'must be the country followed by the personal code');
  if (isNew && cmd.language && !(DOMAIN_LANGUAGES[cmd.domain] as readonly string[]).includes(cmd.language))
    check.fail('language', `must be one of ${DOMAIN_LANGUAGES[cmd.domain].join(', ')} for the domain ${cmd.domain}`);

  for (const [application, role] of Object.entries(cmd.roles)) {
    const field = `roles.${application}`;
    if (!(RIGHTS_APPLICATIONS as readonly string[]).includes(application)) {
      check.fail(field, `must be one of ${RIGHTS_APPLICATIONS.join(', ')}`);
      continue;
    }
    if (role.roleId === null) continue;
    // a role is granted only in a package the customer has: invoicing management's only with the finance package
    // (spec 2 §8 "Subscribe first to billing services and then set the permissions")
    if (!hasPackage(customer, application)) {
      check.fail(`${field}.roleId`, `The customer has no ${application} package`);
      continue;
    }
    const packet = packetOf(customer, application);
    const offered = await db
      .selectFrom('roles')
      .select(['category'])
      .where('application', '=', application)
      .where('id', '=', role.roleId)
      .where('ep_company_id', '=', customer.ep_company_id)
      .where((eb) =>
        packet === null
          ? eb('packet_id', 'is', null)
          : eb.or([eb('packet_id', 'is', null), eb('packet_id', '=', packet)]),
      )
      .executeTakeFirst();
    if (!offered)
      check.fail(`${field}.roleId`, `Role ${role.roleId} is not offered for this customer's ${application}`);
    else if (role.categoryId !== null && role.categoryId !== offered.category)
      check.fail(`${field}.categoryId`, `Role ${role.roleId} is not in the category ${role.categoryId}`);
    if (role.validity === 'LIMITED') {
      if (role.begin === null) check.failRule(`${field}.begin`, MSG.required, 'From date');
      if (role.end === null) check.failRule(`${field}.end`, MSG.required, 'To date');
      if (role.begin !== null && role.end !== null && dmyToIso(role.begin) > dmyToIso(role.end))
        check.failRule(`${field}.end`, MSG.dateRange, 'To date');
    }
  }
  check.throwIfAny();
}

/** Ends the person's running or future rights in one application of the customer yesterday (spec 2 §4). */
async function endRights(
  trx: Db,
  fgid: string,
  customerId: string,
  application: string,
  today: string,
  yesterday: string,
) {
  for (const set of [{ begin_date: yesterday }, { end_date: yesterday }]) {
    await trx
      .updateTable('rights')
      .set(set)
      .where('person_fgid', '=', fgid)
      .where('represented_gid', '=', customerId)
      .where('application', '=', application)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
      // a right that had not begun yet ends before it begins: its begin moves to yesterday too (first pass)
      .$if('begin_date' in set, (qb) => qb.where('begin_date', '>', yesterday))
      .execute();
  }
}

async function applyRole(
  trx: Db,
  fgid: string,
  customerId: string,
  application: string,
  role: RoleCommand,
  today: string,
  yesterday: string,
) {
  if (role.roleId === null) return endRights(trx, fgid, customerId, application, today, yesterday);
  await trx
    .deleteFrom('rights')
    .where('person_fgid', '=', fgid)
    .where('represented_gid', '=', customerId)
    .where('application', '=', application)
    .execute();
  const limited = role.validity === 'LIMITED';
  await trx
    .insertInto('rights')
    .values({
      person_fgid: fgid,
      represented_gid: customerId,
      application,
      role_id: role.roleId,
      begin_date: role.begin ? dmyToIso(role.begin) : today,
      end_date: limited && role.end ? dmyToIso(role.end) : null,
      not_active: 0,
    })
    .execute();
}

/**
 * Saves a command for `customer` on behalf of `session`; returns the applications whose save failed and the
 * version of the person's rights the save made.
 * Throws 400 (rules), 403 OWN_ADMIN (clearing one's own administrator flag), 404 (edit of an unknown person).
 */
export async function saveRights(
  db: Db,
  clock: Clock,
  session: Session,
  customer: CustomerRow,
  cmd: SaveCommand,
  mode: SaveMode,
  condition: IfMatch = null,
): Promise<{ failed: string[]; version: number }> {
  const fgid = cmd.userId;
  const now = clock.now();
  const today = isoDay(now);
  const yesterday = isoDay(addDays(now, -1));
  const person = await db
    .selectFrom('persons')
    .select(['fgid'])
    .where('fgid', '=', globalPersonId(cmd.country, cmd.userCode))
    .executeTakeFirst();
  await checkCommand(db, customer, cmd, !person);
  if (!person && mode === 'edit') throw notFound('The system does not know this person: add them as a new user.');

  const wasAdmin = await isMainAdmin(db, fgid, customer.jgid, today);
  if (wasAdmin && !cmd.admin && fgid === session.fgid)
    throw new HttpError(403, 'OWN_ADMIN', 'You cannot remove your own administrator rights.', {
      admin: 'You cannot remove your own administrator rights.',
    });

  // One transaction for the whole save, so that the version it raises first stays locked (PostgreSQL; SQLite has one
  // writer) until every part has landed: a save based on the new version cannot slip in between the parts, and no
  // one reads a version whose rights are half written (server/lib/versions.ts). Each application still lands or
  // fails on its own, in a savepoint.
  return db.transaction().execute(async (trx) => {
    // the person's rights in the customer are versioned (server/lib/versions.ts): two administrators may edit them
    await raiseRightsVersion(trx, fgid, customer.jgid, condition);
    if (!person) {
      // the same new user sent again at once (a double click, a retry) made the person meanwhile: one person, and
      // one representation of themselves
      const { numInsertedOrUpdatedRows } = await trx
        .insertInto('persons')
        .values({
          fgid,
          key: null,
          country: cmd.country,
          personal_code: fgid.slice(2),
          first_name: cmd.firstName.trim(),
          last_name: cmd.lastName.trim(),
          auth_channel: 'WEB',
          privileges: JSON.stringify(NEW_PERSON_PRIVILEGES),
          username: null,
          password_hash: null,
          preferred_language: RIGHTS_LANGUAGE3[cmd.language ?? defaultLanguage(cmd.domain)],
          domain: cmd.domain,
          email: cmd.email.trim(),
          // the administrator chose this address, not the person: no reset link goes to it for a day
          // (server/routes/user-settings/email-owner.ts)
          email_set_by: session.fgid,
          email_set_at: now.toISOString(),
          not_active: 0,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column('fgid').doNothing())
        .executeTakeFirst();
      // like every person who is not staff (server/db/seed.ts): a representation right for themselves
      if (numInsertedOrUpdatedRows !== 0n)
        await trx
          .insertInto('rights')
          .values({ person_fgid: fgid, represented_gid: fgid, application: 'OSS', role_id: null, not_active: 0 })
          .execute();
    }
    // asked again under the version's lock: the same save sent twice at once grants the administration once
    const isAdmin = await isMainAdmin(trx, fgid, customer.jgid, today);
    if (cmd.admin && !isAdmin) {
      const axapta = await trx
        .selectFrom('roles')
        .select('id')
        .where('application', '=', MAIN_ADMIN_APPLICATION)
        .where('ep_company_id', '=', customer.ep_company_id)
        .executeTakeFirst();
      await trx
        .insertInto('rights')
        .values({
          person_fgid: fgid,
          represented_gid: customer.jgid,
          application: MAIN_ADMIN_APPLICATION,
          role_id: axapta?.id ?? null,
          begin_date: today,
          end_date: null,
          not_active: 0,
        })
        .execute();
    } else if (!cmd.admin && isAdmin) {
      await endRights(trx, fgid, customer.jgid, MAIN_ADMIN_APPLICATION, today, yesterday);
    }

    const failed: string[] = [];
    // a main administrator has all rights: no per-application roles are edited (spec 2 §6)
    if (!cmd.admin)
      for (const application of RIGHTS_APPLICATIONS) {
        const role = cmd.roles[application];
        if (!role) continue;
        await sql`savepoint role_save`.execute(trx);
        try {
          if (await isDead(trx, application)) throw new Error(`${application} is dead`);
          await applyRole(trx, fgid, customer.jgid, application, role, today, yesterday);
          // checked after writing, so the simulated failure rolls a real write back
          if (await saveSwitchedToFail(trx, application)) throw new Error(`${application} role save switched to fail`);
        } catch {
          await sql`rollback to savepoint role_save`.execute(trx);
          failed.push(application);
        }
        await sql`release savepoint role_save`.execute(trx);
      }
    // the version this save made, read before anyone else may raise it: the answer's ETag
    return { failed, version: await rightsVersion(trx, fgid, customer.jgid) };
  });
}
