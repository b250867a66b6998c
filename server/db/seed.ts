/**
 * Seeds an EMPTY database from ./seed/portal-demo.json (a verbatim copy of the shared demo data;
 * never edited, never read from ../shared at run time). A database that already holds a seeding
 * mark or people is left alone, so a second start does not reseed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { personOfCode } from '../clients/registry.js';
import { APPLICATIONS, LANGUAGE2, NOPREFERENCE } from '../../domain/contract.js';
import type { Clock } from '../lib/clock.js';
import { offsetToIso } from '../lib/dates.js';
import { keepMail } from '../lib/mail.js';
import { hashPassword } from '../lib/password.js';
import { createPasswordResetKey } from '../lib/reset-keys.js';
import { buildServiceUrl, domainOfGid } from '../lib/service-url.js';
import type { Transaction } from 'kysely';
import type { DB } from './schema.js';
import type { Db } from './index.js';

const Names = z.record(z.string(), z.string());
const DemoAddress = z.object({
  street: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  padreFullName: z.string().nullable().optional(),
});

/** The shape of portal-demo.json; checked when the file is read, so a broken copy fails at start, not mid-seed. */
const DemoData = z.object({
  roleCategories: z.record(z.string(), Names),
  roles: z.array(
    z.object({
      application: z.string(),
      id: z.number(),
      epCompanyId: z.string(),
      packetId: z.number().nullable(),
      category: z.string(),
      primary: z.boolean(),
      names: Names,
    }),
  ),
  persons: z.array(
    z.object({
      key: z.string(),
      fgid: z.string(),
      country: z.string(),
      personalCode: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      authChannel: z.string(),
      privileges: z.array(z.string()),
      login: z.object({ username: z.string(), password: z.string() }).nullable(),
      preferredLanguage: z.string().nullable(),
      email: z.string().nullable(),
      mobile: z.string().nullable(),
      phone: z.string().nullable(),
      address: DemoAddress.nullable(),
      preference: z.object({ represented: z.string().nullable(), service: z.string().nullable() }).nullable(),
    }),
  ),
  customers: z.array(
    z.object({
      jgid: z.string(),
      regCode: z.string(),
      name: z.string(),
      country: z.string(),
      epCompanyId: z.string(),
      isPerson: z.boolean(),
      hasContract: z.boolean(),
      contractStopped: z.boolean(),
      active: z.boolean(),
      creditRating: z.string().nullable(),
      userProfileCode: z.string(),
      creditLimit: z.number(),
      clientManager: z.object({ name: z.string(), phone: z.string(), email: z.string() }).nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      homepage: z.string().nullable(),
      eShop: z.string().nullable(),
      vatNr: z.string().nullable(),
      addressLegal: DemoAddress.nullable(),
      addressContact: DemoAddress.nullable(),
      permissionNoCheckPersonalCode: z.boolean(),
      packets: z.object({ OSS: z.number().nullable(), PERIODICALS: z.number().nullable(), FINANCE: z.boolean() }),
      boardMembers: z.array(z.string()),
    }),
  ),
  rights: z.array(
    z.object({
      person: z.string(),
      customer: z.string(),
      application: z.string(),
      roleId: z.number().nullable(),
      begin: z.string().nullable(),
      end: z.string().nullable(),
      notActive: z.boolean(),
    }),
  ),
  registry: z.array(
    z.object({
      regCode: z.string(),
      name: z.string(),
      country: z.string(),
      active: z.boolean(),
      creditRating: z.string().nullable(),
      digidocFails: z.boolean().optional(),
      address: DemoAddress.nullable(),
      boardMembers: z.array(z.string()),
      /** the position of a board member (by the code in boardMembers) in the register; absent: BOARD_MEMBER */
      positions: z.record(z.string(), z.string()).optional(),
    }),
  ),
  invites: z.array(z.object({ person: z.string(), customer: z.string(), invitedBy: z.string() })),
  /** read by server/sim/signing-data.ts */
  signing: z.unknown(),
});
export type DemoData = z.infer<typeof DemoData>;

export const DEMO_JSON_PATH = fileURLToPath(new URL('./seed/portal-demo.json', import.meta.url));

let cached: DemoData | null = null;
export function loadDemoData(): DemoData {
  cached ??= DemoData.parse(JSON.parse(readFileSync(DEMO_JSON_PATH, 'utf8')));
  return cached;
}

export interface SeedContext {
  db: Db;
  clock: Clock;
  demo: DemoData;
  /** absolute origin for links in e-mails, e.g. http://localhost:8080 */
  origin: string;
}

/**
 * Extra seeding steps run after the core ones, once, on an empty database.
 * Helpers that own more tables append here (import this array in their module and push).
 */
export const seedExtensions: Array<(ctx: SeedContext) => Promise<void>> = [];

// Seeding many test databases in one process: hash each demo password once (tests stay fast on 2 cores).
const hashCache = new Map<string, Promise<string>>();
const demoHash = (pw: string) => {
  let h = hashCache.get(pw);
  if (!h) hashCache.set(pw, (h = hashPassword(pw)));
  return h;
};

/**
 * The reference data every database holds, a live one too (security/live-seed.ts): the role catalogue and its
 * categories, and a status row per application (none dead).
 */
export async function seedReferenceData(trx: Transaction<DB>, demo: DemoData, nowIso: string): Promise<void> {
  await trx
    .insertInto('role_categories')
    .values(Object.entries(demo.roleCategories).map(([code, names]) => ({ code, names: JSON.stringify(names) })))
    .execute();
  await trx
    .insertInto('roles')
    .values(
      demo.roles.map((r) => ({
        application: r.application,
        id: r.id,
        ep_company_id: r.epCompanyId,
        packet_id: r.packetId,
        category: r.category,
        is_primary: r.primary ? 1 : 0,
        names: JSON.stringify(r.names),
      })),
    )
    .execute();
  await trx
    .insertInto('application_status')
    .values(APPLICATIONS.map((application) => ({ application, dead: 0, changed_at: nowIso })))
    .execute();
}

export async function isSeeded(db: Db): Promise<boolean> {
  const mark = await db.selectFrom('meta').select('value').where('key', '=', 'seeded_at').executeTakeFirst();
  if (mark) return true;
  const anyone = await db.selectFrom('persons').select('fgid').limit(1).executeTakeFirst();
  return anyone !== undefined;
}

/** Seeds when empty. Returns true when it seeded, false when the database already had data. */
export async function seedIfEmpty(db: Db, clock: Clock, opts: { origin?: string } = {}): Promise<boolean> {
  if (await isSeeded(db)) return false;
  const demo = loadDemoData();
  const now = clock.now();
  const nowIso = now.toISOString();
  const origin = opts.origin ?? 'http://localhost:8080';

  const hashes = new Map<string, string>();
  for (const p of demo.persons) if (p.login) hashes.set(p.key, await demoHash(p.login.password));

  await db.transaction().execute(async (trx) => {
    await seedReferenceData(trx, demo, nowIso);

    const customerByGid = new Map(demo.customers.map((c) => [c.jgid, c]));
    for (const c of demo.customers) {
      await trx
        .insertInto('customers')
        .values({
          jgid: c.jgid,
          reg_code: c.regCode,
          name: c.name,
          country: c.country,
          ep_company_id: c.epCompanyId,
          is_person: c.isPerson ? 1 : 0,
          has_contract: c.hasContract ? 1 : 0,
          contract_stopped: c.contractStopped ? 1 : 0,
          active: c.active ? 1 : 0,
          credit_rating: c.creditRating,
          user_profile_code: c.userProfileCode ?? 'OLD',
          credit_limit: c.creditLimit ?? 0,
          client_manager_name: c.clientManager?.name ?? null,
          client_manager_phone: c.clientManager?.phone ?? null,
          client_manager_email: c.clientManager?.email ?? null,
          email: c.email,
          phone: c.phone,
          homepage: c.homepage,
          e_shop: c.eShop,
          vat_nr: c.vatNr,
          legal_street: c.addressLegal?.street ?? null,
          legal_zip_code: c.addressLegal?.zipCode ?? null,
          legal_city: c.addressLegal?.city ?? null,
          legal_country: c.addressLegal?.country ?? null,
          legal_padre_full_name: c.addressLegal?.padreFullName ?? null,
          contact_street: c.addressContact?.street ?? null,
          contact_zip_code: c.addressContact?.zipCode ?? null,
          contact_city: c.addressContact?.city ?? null,
          contact_country: c.addressContact?.country ?? null,
          contact_padre_full_name: c.addressContact?.padreFullName ?? null,
          permission_no_check_personal_code: c.permissionNoCheckPersonalCode ? 1 : 0,
          packet_oss: c.packets?.OSS ?? null,
          packet_periodicals: c.packets?.PERIODICALS ?? null,
          has_finance: c.packets?.FINANCE ? 1 : 0,
          created_at: nowIso,
        })
        .execute();
      const board = (c.boardMembers ?? []).map((code) => ({ jgid: c.jgid, ...personOfCode(code, c.country) }));
      if (board.length) await trx.insertInto('customer_board_members').values(board).execute();
    }

    const fgidByKey = new Map(demo.persons.map((p) => [p.key, p.fgid]));
    for (const p of demo.persons) {
      let prefUrl: string | null = null;
      if (p.preference?.service) {
        if (p.preference.service === NOPREFERENCE) prefUrl = NOPREFERENCE;
        else {
          const rep =
            p.preference.represented && p.preference.represented !== NOPREFERENCE
              ? customerByGid.get(p.preference.represented)
              : undefined;
          const isPersonOrNone = !rep || rep.isPerson;
          prefUrl = buildServiceUrl({
            isPersonOrNone,
            domain: rep ? domainOfGid(rep.jgid, rep.isPerson) : p.country,
            language: LANGUAGE2[p.preferredLanguage ?? 'EST'] ?? 'et',
            service: p.preference.service,
          });
        }
      }
      await trx
        .insertInto('persons')
        .values({
          fgid: p.fgid,
          key: p.key,
          country: p.country,
          personal_code: p.personalCode,
          first_name: p.firstName,
          last_name: p.lastName,
          auth_channel: p.authChannel,
          privileges: JSON.stringify(p.privileges ?? []),
          username: p.login?.username ?? null,
          password_hash: hashes.get(p.key) ?? null,
          preferred_language: p.preferredLanguage,
          email: p.email,
          mobile: p.mobile,
          phone: p.phone,
          address_street: p.address?.street ?? null,
          address_zip_code: p.address?.zipCode ?? null,
          address_city: p.address?.city ?? null,
          address_country: p.address?.country ?? null,
          address_padre_full_name: p.address?.padreFullName ?? null,
          pref_represented: p.preference ? (p.preference.represented ?? NOPREFERENCE) : null,
          pref_service: p.preference ? (p.preference.service ?? NOPREFERENCE) : null,
          pref_service_url: p.preference ? (prefUrl ?? NOPREFERENCE) : null,
          not_active: 0,
          created_at: nowIso,
        })
        .execute();
      // Demo README: every person who is not staff has a representation right for themselves.
      if (p.authChannel !== 'IN_AD') {
        await trx
          .insertInto('rights')
          .values({
            person_fgid: p.fgid,
            represented_gid: p.fgid,
            application: 'OSS',
            role_id: null,
            begin_date: null,
            end_date: null,
            not_active: 0,
          })
          .execute();
      }
    }

    for (const r of demo.rights) {
      const fgid = fgidByKey.get(r.person);
      if (!fgid) throw new Error(`demo right for unknown person "${r.person}"`);
      await trx
        .insertInto('rights')
        .values({
          person_fgid: fgid,
          represented_gid: r.customer,
          application: r.application,
          role_id: r.roleId,
          begin_date: offsetToIso(r.begin, now),
          end_date: offsetToIso(r.end, now),
          not_active: r.notActive ? 1 : 0,
        })
        .execute();
    }

    for (const c of demo.registry) {
      await trx
        .insertInto('registry_companies')
        .values({
          reg_code: c.regCode,
          name: c.name,
          country: c.country,
          active: c.active ? 1 : 0,
          credit_rating: c.creditRating,
          digidoc_fails: c.digidocFails ? 1 : 0,
          street: c.address?.street ?? null,
          zip_code: c.address?.zipCode ?? null,
          city: c.address?.city ?? null,
          address_country: c.address?.country ?? null,
          padre_full_name: c.address?.padreFullName ?? null,
        })
        .execute();
      const board = (c.boardMembers ?? []).map((code) => ({
        reg_code: c.regCode,
        ...personOfCode(code, c.country),
        position: c.positions?.[code] ?? 'BOARD_MEMBER',
      }));
      if (board.length) await trx.insertInto('registry_board_members').values(board).execute();
    }

    await trx.insertInto('meta').values({ key: 'seeded_at', value: nowIso }).execute();
  });

  // Invites: a password-reset key valid 24 h and the e-mail in the outbox.
  for (const inv of demo.invites) {
    const person = demo.persons.find((p) => p.key === inv.person);
    const inviter = demo.persons.find((p) => p.key === inv.invitedBy);
    const customer = demo.customers.find((c) => c.jgid === inv.customer);
    if (!person) throw new Error(`invite for unknown person "${inv.person}"`);
    const key = await createPasswordResetKey(db, clock, person.fgid, {
      customerGid: inv.customer,
      invitedBy: inviter?.fgid ?? null,
    });
    if (person.email) {
      // the demo people's addresses are made up: their invitations stay in the outbox, also with SMTP_URL set
      await keepMail(db, clock, {
        to: person.email,
        kind: 'invite',
        language: 'en',
        subject: `Invitation to the e-service${customer ? ` for ${customer.name}` : ''}`,
        body: [
          `Hello ${person.firstName} ${person.lastName},`,
          '',
          `${inviter ? `${inviter.firstName} ${inviter.lastName}` : 'Someone'} has given you rights${customer ? ` to act for ${customer.name}` : ''} in the e-service.`,
          'Choose your username and password here (the link expires in 24 hours):',
          `${origin}/ui/user-add/edit/${key}`,
        ].join('\n'),
      });
    }
  }

  const ctx: SeedContext = { db, clock, demo, origin };
  for (const step of seedExtensions) await step(ctx);
  return true;
}

/** Keys live in server/lib/reset-keys.ts (stored only as a hash); re-exported for callers that import it from here. */
export { createPasswordResetKey };
