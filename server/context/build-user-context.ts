/**
 * Builds the user context (contract `UserContext`, spec 1 §3) from the database for a session.
 * Reused by context/getUserContext, changeRepresented, checkDeadApplications and anyone who needs
 * the caller's rights (e.g. `loadRepresentationRights`).
 */
import { sql } from 'kysely';
import {
  APPLICATIONS,
  LANGUAGE2,
  LANGUAGE3,
  LANGUAGES,
  type Application,
  type RepresentationRight,
  type Represented,
  type RepresentedDetails,
  type UserContext,
} from '../../domain/contract.js';
import type { Db } from '../db/index.js';
import { prepared } from '../db/prepared.js';
import { deadApplications } from '../lib/application-status.js';
import type { ApplicationLink } from '../lib/external-applications.js';
import { isoToDmy } from '../lib/dates.js';
import { sendsAgain } from '../lib/json-text.js';
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

/** A right of the person with its party's name: customers and persons joined in (one query). */
interface RightRow {
  represented_gid: string;
  application: string;
  role_id: number | null;
  begin_date: string | null;
  end_date: string | null;
  not_active: number;
  customer_gid: string | null;
  customer_name: string | null;
  customer_is_person: number | null;
  customer_has_finance: number | null;
  person_gid: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The person's rights, each with its party joined in: one query, compiled once.
 */
const rightRows = prepared(
  (db, fgid: string) =>
    db
      .selectFrom('rights as r')
      .leftJoin('customers as c', 'c.jgid', 'r.represented_gid')
      .leftJoin('persons as p', 'p.fgid', 'r.represented_gid')
      .select([
        'r.represented_gid',
        'r.application',
        'r.role_id',
        'r.begin_date',
        'r.end_date',
        'r.not_active',
        'c.jgid as customer_gid',
        'c.name as customer_name',
        'c.is_person as customer_is_person',
        'c.has_finance as customer_has_finance',
        'p.fgid as person_gid',
        'p.first_name',
        'p.last_name',
      ])
      .where('r.person_fgid', '=', fgid)
      .orderBy('r.id'),
  { reuse: true },
);
const loadRightRows = (db: Db, fgid: string): Promise<readonly RightRow[]> => rightRows(db, fgid);

/**
 * A few hundred distinct days at most are ever shown; `isoToDmy` parses with dayjs, which cost more than the rights
 * query itself, so each day is converted once (bounded, and a bad day still throws as isoToDmy does).
 */
const dmyCache = new Map<string, string | null>();
function dmy(iso: string | null): string | null {
  if (iso === null) return null;
  let out = dmyCache.get(iso);
  if (out === undefined) {
    out = isoToDmy(iso);
    if (dmyCache.size >= 10_000) dmyCache.clear();
    dmyCache.set(iso, out);
  }
  return out;
}

/**
 * Rights keyed by gid, in the order of the rows; whether the person is main administrator (AXAPTA, ended ones
 * included, as every application of a role is listed) of a business customer with a finance package: they hold
 * invoicing management by their role (spec 2 §6), everyone else by a FINANCE role of their own.
 */
function rightsFromRows(rows: readonly RightRow[]): { rights: Record<string, RepresentationRight>; finance: boolean } {
  const rights: Record<string, RepresentationRight> = {};
  let finance = false;
  for (const r of rows) {
    let right = rights[r.represented_gid];
    if (!right) {
      const isPerson = r.customer_gid !== null ? r.customer_is_person === 1 : r.person_gid !== null;
      right = rights[r.represented_gid] = {
        gid: r.represented_gid,
        name:
          r.customer_gid !== null ? r.customer_name : r.person_gid !== null ? `${r.first_name} ${r.last_name}` : null,
        isPerson,
        userRoleList: [],
      };
    }
    if (r.application === 'AXAPTA' && r.customer_gid !== null && !right.isPerson && r.customer_has_finance === 1)
      finance = true;
    right.userRoleList.push({
      application: r.application,
      roleId: r.role_id,
      begin: dmy(r.begin_date),
      end: dmy(r.end_date),
      notActive: r.not_active === 1,
    });
  }
  return { rights, finance };
}

/** The caller's representation rights keyed by gid, with every role (ended and future ones included). */
export async function loadRepresentationRights(db: Db, fgid: string): Promise<Record<string, RepresentationRight>> {
  return rightsFromRows(await loadRightRows(db, fgid)).rights;
}

const catalogueRows = prepared(
  (db) =>
    db
      .selectFrom('external_applications')
      .select(['application', 'base_url', 'custom_parameters', sql<string>`'link'`.as('kind')])
      .unionAll(
        db
          .selectFrom('application_status')
          .select([
            'application',
            sql<string>`null`.as('base_url'),
            sql<string>`null`.as('custom_parameters'),
            sql<string>`'dead'`.as('kind'),
          ])
          .where('dead', '=', 1),
      ),
  { reuse: true },
);

/**
 * What every context needs besides the person's rights, read in one query: the applications marked
 * dead and the rows of external_applications. Both change at run time (the simulator console, an administrator),
 * possibly in another process on the same database, so they are read per request, never kept.
 */
async function loadContextCatalogues(db: Db): Promise<Catalogues> {
  const rows = await catalogueRows(db);
  let out = catalogues.get(rows);
  if (!out) {
    const deadSet = new Set(rows.filter((r) => r.kind === 'dead').map((r) => r.application));
    out = {
      // the contract's order, so the list compares stably (as server/lib/application-status.ts deadApplications)
      dead: APPLICATIONS.filter((a) => deadSet.has(a)),
      links: rows.filter((r) => r.kind === 'link'),
    };
    catalogues.set(rows, out);
  }
  return out;
}

interface Catalogues {
  dead: readonly Application[];
  links: readonly LinkRow[];
}
/** Kept rows are the same array until the database changes: what is read from them is worked out once (shared). */
const catalogues = new WeakMap<object, Catalogues>();

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
  const rows = await loadRightRows(db, session.fgid);
  return assembleUserContext(db, session, rightsFromRows(rows), await deadApplications(db), links);
}

/** A row of external_applications, as the context reads it. */
export type LinkRow = { application: string; base_url: string; custom_parameters: string };

/**
 * The user context as the context/* routes answer it, in two queries after the session's: the rights
 * with their parties, and the catalogues (dead applications and the applications' rows), plus the represented
 * party's details when one is chosen. `linksOf` turns the applications' rows into their addresses.
 */
export async function loadUserContext(
  db: Db,
  session: Session,
  linksOf: (rows: readonly LinkRow[]) => Record<string, ApplicationLink>,
): Promise<UserContext> {
  const rows = await loadRightRows(db, session.fgid);
  const catalogues = await loadContextCatalogues(db);
  const links = linksOf(catalogues.links);
  // With a represented party its details are read on every call; without one the context is made of kept rows only
  // (the rights, the catalogues and the session's person: the same objects until the database changes, by anyone),
  // so the same objects give the same context, and it is assembled once for them. Any write, and the next call reads
  // and assembles again: never a stale right.
  if (session.representedGid) return assembleUserContext(db, session, rightsFromRows(rows), catalogues.dead, links);
  let byPerson = assembled.get(rows);
  if (!byPerson) assembled.set(rows, (byPerson = new WeakMap<object, Assembled>()));
  const hit = byPerson.get(session.person);
  if (hit?.catalogues === catalogues && hit.links === links) return hit.context;
  const context = await assembleUserContext(db, session, rightsFromRows(rows), catalogues.dead, links);
  byPerson.set(session.person, { catalogues, links, context });
  keptContexts.add(context);
  return context;
}

/**
 * The context `loadUserContext` would answer now, when it needs no query: no represented party, and the rights, the
 * catalogues and the context itself kept and current (server/db/prepared.ts `kept`). Else undefined, and
 * `loadUserContext` reads. No promise: the context call answers at once with it.
 */
export function keptUserContext(
  db: Db,
  session: Session,
  linksOf: (rows: readonly LinkRow[]) => Record<string, ApplicationLink>,
): UserContext | undefined {
  if (session.representedGid) return undefined;
  const rows = rightRows.kept(db, session.fgid);
  const catalogueRowsNow = catalogueRows.kept(db);
  if (!rows || !catalogueRowsNow) return undefined;
  const kept = catalogues.get(catalogueRowsNow);
  if (!kept) return undefined;
  const hit = assembled.get(rows)?.get(session.person);
  return hit?.catalogues === kept && hit.links === linksOf(kept.links) ? hit.context : undefined;
}

interface Assembled {
  catalogues: Catalogues;
  links: Record<string, ApplicationLink>;
  context: UserContext;
}
/** contexts assembled from kept rows, by the rights rows and the session's person (both kept objects); shared */
const assembled = new WeakMap<object, WeakMap<object, Assembled>>();
/** the contexts `assembled` holds: nobody changes them, so their JSON is the same for as long as they are used */
const keptContexts = new WeakSet<UserContext>();
const keptJson = new WeakMap<UserContext, Buffer>();

/**
 * The JSON of a context from `loadUserContext`, as `JSON.stringify` writes it, in UTF-8. A context
 * assembled from kept rows is answered until the database changes (then `loadUserContext` assembles a new object), so
 * its text is worked out once per such object instead of once per request, and kept as the bytes that are sent: a
 * string would be measured (Content-Length) and encoded again for every answer, its names and addresses being no
 * plain ASCII. Any other context is serialised each time.
 */
export function userContextJson(context: UserContext): Buffer {
  let json = keptJson.get(context);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(context), 'utf8');
    // its compressed forms are kept with it as well (server/lib/json-text.ts)
    if (keptContexts.has(context)) keptJson.set(context, sendsAgain(json));
  }
  return json;
}

async function assembleUserContext(
  db: Db,
  session: Session,
  { rights, finance }: { rights: Record<string, RepresentationRight>; finance: boolean },
  dead: readonly Application[],
  links: Record<string, ApplicationLink>,
): Promise<UserContext> {
  const person = session.person;

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

  // Which applications the person has any role in; invoicing management also for a main administrator of a customer
  // with the finance package.
  const apps = new Set<string>();
  for (const r of Object.values(rights)) for (const role of r.userRoleList) apps.add(role.application);
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
    deadApplications: [...dead],
  };
}

/** two-letter UI language of a session ('EST' → 'et') */
export const language2 = (language3: string) => LANGUAGE2[language3.toUpperCase()] ?? 'et';
