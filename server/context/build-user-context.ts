/**
 * Builds the user context (contract `UserContext`, spec 1 §3) from the database for a session.
 * Reused by context/getUserContext, changeRepresented, checkDeadApplications and anyone who needs
 * the caller's rights (e.g. `loadRepresentationRights`).
 */
import {
  LANGUAGE2,
  LANGUAGE3,
  LANGUAGES,
  type Application,
  type RepresentationRight,
  type Represented,
  type RepresentedDetails,
  type UserContext,
} from '../../machines/lib/contract.js';
import type { Db } from '../db/index.js';
import { deadApplications } from '../lib/applications.js';
import type { ApplicationLink } from '../lib/external-applications.js';
import { isoToDmy } from '../lib/dates.js';
import type { Session } from '../lib/session.js';

/** Example home addresses per domain (spec 1 §2 header: home link = home URL + '/' + language). */
export const HOME_URLS: Record<string, string> = {
  EE: 'https://www.post.example.ee',
  LV: 'https://www.post.example.lv',
  LT: 'https://www.post.example.lt',
};

/** The service of each application (spec 1 §1). */
const APP_SERVICE: Record<string, string> = {
  OSS: 'LOGISTICS',
  PERIODICALS: 'PERIODICS',
  FINANCE: 'FINANCE',
  AXAPTA: 'AXAPTA',
};

const SERVICE_APP: Record<string, Application> = { LOGISTICS: 'OSS', PERIODICS: 'PERIODICALS', FINANCE: 'FINANCE' };
const SERVICE_ICON: Record<string, string> = { LOGISTICS: 'logistics', PERIODICS: 'periodics', FINANCE: 'finance' };

export const UI_LANGUAGES = LANGUAGES.map((l) => ({ twoLetterCode: l, threeLetterCode: LANGUAGE3[l].toLowerCase() }));

interface RightRow {
  represented_gid: string;
  application: string;
  role_id: number | null;
  begin_date: string | null;
  end_date: string | null;
  not_active: number;
}

/** The caller's representation rights keyed by gid, with every role (ended and future ones included). */
export async function loadRepresentationRights(db: Db, fgid: string): Promise<Record<string, RepresentationRight>> {
  const rows: RightRow[] = await db
    .selectFrom('rights')
    .select(['represented_gid', 'application', 'role_id', 'begin_date', 'end_date', 'not_active'])
    .where('person_fgid', '=', fgid)
    .orderBy('id')
    .execute();
  const gids = [...new Set(rows.map((r) => r.represented_gid))];
  if (gids.length === 0) return {};
  const customers = await db
    .selectFrom('customers')
    .select(['jgid', 'name', 'is_person'])
    .where('jgid', 'in', gids)
    .execute();
  const persons = await db
    .selectFrom('persons')
    .select(['fgid', 'first_name', 'last_name'])
    .where('fgid', 'in', gids)
    .execute();
  const out: Record<string, RepresentationRight> = {};
  for (const gid of gids) {
    const c = customers.find((x) => x.jgid === gid);
    const p = persons.find((x) => x.fgid === gid);
    out[gid] = {
      gid,
      name: c ? c.name : p ? `${p.first_name} ${p.last_name}` : null,
      isPerson: c ? c.is_person === 1 : Boolean(p),
      userRoleList: rows
        .filter((r) => r.represented_gid === gid)
        .map((r) => ({
          application: r.application,
          roleId: r.role_id,
          begin: isoToDmy(r.begin_date),
          end: isoToDmy(r.end_date),
          notActive: r.not_active === 1,
        })),
    };
  }
  return out;
}

/** Details of a represented party (context/representedDetails); null when the gid is unknown. */
export async function loadRepresentedDetails(db: Db, gid: string): Promise<RepresentedDetails | null> {
  const c = await db.selectFrom('customers').selectAll().where('jgid', '=', gid).executeTakeFirst();
  if (c) {
    return {
      regCode: c.reg_code,
      phone: c.phone,
      address:
        c.legal_street || c.legal_city || c.legal_padre_full_name
          ? {
              padreFullName: c.legal_padre_full_name,
              street: c.legal_street,
              zipCode: c.legal_zip_code,
              city: c.legal_city,
            }
          : null,
      credit: c.credit_limit >= 1,
      customerType: c.is_person === 1 ? 'PRIVATE' : 'BUSINESS',
      clientManagerName: c.client_manager_name,
      clientManagerPhone: c.client_manager_phone,
      clientManagerEmail: c.client_manager_email,
      // spec 2 §3: OLD hides shipment registration (OSS) for this party (spec 1 §4 "Supported applications")
      userProfileCode: c.user_profile_code,
    };
  }
  const p = await db.selectFrom('persons').selectAll().where('fgid', '=', gid).executeTakeFirst();
  if (p) {
    return {
      regCode: p.personal_code,
      phone: p.phone ?? p.mobile,
      address:
        p.address_street || p.address_city
          ? {
              padreFullName: p.address_padre_full_name,
              street: p.address_street,
              zipCode: p.address_zip_code,
              city: p.address_city,
            }
          : null,
      credit: null,
      customerType: 'PRIVATE',
      clientManagerName: null,
      clientManagerPhone: null,
      clientManagerEmail: null,
    };
  }
  return null;
}

/**
 * `links`: where the applications live (server/lib/external-applications.ts `loadApplicationLinks`, addresses on the
 * applications' origin), handed to the browser in applications[] and externalApps[] customParameters.
 */
export async function buildUserContext(
  db: Db,
  session: Session,
  links: Record<string, ApplicationLink>,
): Promise<UserContext> {
  const person = session.person;
  const rights = await loadRepresentationRights(db, session.fgid);
  const dead = await deadApplications(db);

  let represented: Represented | null = null;
  if (session.representedGid && rights[session.representedGid]) {
    const right = rights[session.representedGid];
    represented = {
      gid: right.gid,
      name: right.name ?? right.gid,
      isPerson: right.isPerson,
      // details come from the back office (AXAPTA); while it is dead the client shows error.axapta.dead
      details: dead.includes('AXAPTA') ? null : await loadRepresentedDetails(db, right.gid),
    };
  }

  // Which applications the person has any role in, and whether a finance package is reachable.
  const allRoles = Object.values(rights).flatMap((r) => r.userRoleList.map((u) => ({ ...u, gid: r.gid })));
  const apps = new Set(allRoles.map((r) => r.application));
  const customerGids = Object.values(rights)
    .filter((r) => !r.isPerson)
    .map((r) => r.gid);
  const finance =
    customerGids.length > 0 &&
    (await db
      .selectFrom('customers')
      .select('jgid')
      .where('jgid', 'in', customerGids)
      .where('has_finance', '=', 1)
      .limit(1)
      .executeTakeFirst()) !== undefined;
  if (finance) apps.add('FINANCE');
  if (session.privileges.includes('NO_REPRESENTEE')) apps.add('OSS'); // spec 1 §5: LOGISTICS without a representee

  const services = (['FINANCE', 'LOGISTICS', 'PERIODICS'] as const).filter((s) => apps.has(SERVICE_APP[s]));
  const externalApps = services.map((service) => {
    const app = links[SERVICE_APP[service]];
    const customParameters: Record<string, string> = { application: SERVICE_APP[service], url: app.baseUrl };
    if (app.customParameters.logoutUrl) customParameters.logoutUrl = app.customParameters.logoutUrl;
    return { service, name: `app.name.${service}`, iconCode: SERVICE_ICON[service], customParameters };
  });

  const applications = (['AXAPTA', 'OSS', 'PERIODICALS', 'FINANCE'] as const)
    .filter((a) => apps.has(a))
    .map((name) => {
      const app = links[name];
      const customParameters: Record<string, string> = {
        ...app.customParameters,
        service: APP_SERVICE[name],
        baseUrl: app.baseUrl,
      };
      return { name, customParameters };
    });

  const preference =
    person.pref_represented !== null || person.pref_service_url !== null
      ? { representedId: person.pref_represented, serviceUrl: person.pref_service_url }
      : null;

  // spec 1 §8 representation failure: role loading of a dead application fails (AXAPTA has its own message)
  const errors: Record<string, string> = {};
  for (const a of dead) if (a !== 'AXAPTA' && apps.has(a)) errors[a] = 'ROLE_LOAD_FAILED';

  return {
    epitPrincipal: {
      representative: { id: person.fgid, firstName: person.first_name, lastName: person.last_name },
      represented,
      representationRightsCache: rights,
      userPreference: preference,
      errors,
      authChannel: person.auth_channel,
    },
    externalApps,
    applications,
    uiLanguages: UI_LANGUAGES,
    language: session.language,
    homeUrls: HOME_URLS,
    privileges: session.privileges,
    preference,
    deadApplications: dead,
  };
}

/** two-letter UI language of a session ('EST' → 'et') */
export const language2 = (language3: string) => LANGUAGE2[language3.toUpperCase()] ?? 'et';
