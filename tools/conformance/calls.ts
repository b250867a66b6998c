/**
 * What the conformance kit asks of a backend, for each operation of the document: the request(s) it makes for the
 * signed-in person, or why it makes none (a skip, with the reason printed). Reads come first; the calls that change
 * data (`write`) run only with --writes, and each writes back what it read (the same language, preference, user data
 * and customer settings), so a test backend ends as it was. Every operation of the document has an entry here
 * (calls.test.ts), so a new route is never left out silently.
 */
import type { RepresentationRight, UserContext } from '../../domain/contract.js';
import { SettingsSaveBody, type RepresentedCustomer } from '../../domain/represented-settings/contract.js';
import { isRoleValid } from '../../domain/rights/validity.js';
import { EditUserBody, type UserEditAnswer } from '../../domain/user-settings/schemas.js';

export interface Request {
  /** the concrete path on its base, e.g. /roles-and-packets/clientapp/OSS */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  accept?: string;
  /** statuses that pass besides 200 (e.g. 404 for a person the accounting system does not know) */
  alsoOk?: number[];
  /**
   * The body writes back what the backend answered. When the backend's save rules refuse that stored data (400,
   * e.g. a customer without the phone the form requires), the call is skipped with the backend's message: the answer
   * is still checked against the document, but a refusal of such data says nothing about conformance.
   */
  writesBack?: true;
}
export type Plan = Request | { skip: string };

/** What the kit knows of the signed-in person, from the user context and the answers so far. */
export interface Known {
  user: string;
  today: Date;
  context: UserContext | null;
  /** answers by route key, the last one of each */
  answers: Map<string, unknown>;
}

export interface Call {
  /** the operation, keyed as server/contract/routes.ts (`GET /api/user/:gid`) */
  route: string;
  write?: boolean;
  plan(k: Known): Plan | Plan[];
}

const person = (k: Known) => k.context?.epitPrincipal ?? null;
const fgid = (k: Known) => person(k)?.representative.id ?? null;
const privileges = (k: Known) => k.context?.privileges ?? [];
const has = (k: Known, ...any: string[]) => any.some((p) => privileges(k).includes(p));
const staff = (k: Known) => person(k)?.authChannel === 'IN_AD';
const rights = (k: Known): RepresentationRight[] => Object.values(person(k)?.representationRightsCache ?? {});
const valid = (k: Known, r: RepresentationRight, application?: string) =>
  r.userRoleList.some((role) => (!application || role.application === application) && isRoleValid(role, k.today));
/** the customers the person is a main administrator of (a valid AXAPTA right, spec 2 §5) */
const mainAdminOf = (k: Known) => rights(k).filter((r) => !r.isPerson && valid(k, r, 'AXAPTA'));
const business = (k: Known) => rights(k).filter((r) => !r.isPerson);

const noContext = { skip: 'needs the user context (context/getUserContext failed)' };
const own = (build: (id: string, k: Known) => Plan | Plan[]) => (k: Known) => {
  const id = fgid(k);
  return id ? build(id, k) : noContext;
};
const lacks = (k: Known, ...any: string[]) => ({ skip: `${k.user} lacks ${any.join(' and ')}` });
const privileged =
  (any: string[], build: (k: Known) => Plan | Plan[]) =>
  (k: Known): Plan | Plan[] =>
    !k.context ? noContext : has(k, ...any) ? build(k) : lacks(k, ...any);
const forStaff =
  (build: (k: Known) => Plan | Plan[]) =>
  (k: Known): Plan | Plan[] =>
    !k.context ? noContext : staff(k) ? build(k) : { skip: `${k.user} is not staff (the test pages are staff only)` };
const asMainAdmin =
  (build: (gid: string, k: Known) => Plan | Plan[]) =>
  (k: Known): Plan | Plan[] => {
    if (!k.context) return noContext;
    const gid = mainAdminOf(k)[0]?.gid;
    return gid ? build(gid, k) : { skip: `${k.user} is main administrator of no customer` };
  };
const the = <T>(k: Known, route: string) => k.answers.get(route) as T | undefined;
const e = encodeURIComponent;

/** A search term that finds something in the person's own data: a word of a customer's name, else 'a'. */
const term = (k: Known) => (business(k)[0]?.name ?? '').split(/\s+/).find((w) => w.length >= 3) ?? 'a';

/** The customer whose data the kit reads and writes back: the first one the person is a main administrator of. */
export const customerOf = (k: Known): string | null => mainAdminOf(k)[0]?.gid ?? null;

/** The save body that writes a customer's stored data back unchanged, or null when the form's rules refuse it. */
export function settingsBodyOf(c: RepresentedCustomer): SettingsSaveBody | null {
  const body = {
    id: c.id,
    name: c.name,
    permissionNoCheckPersonalCode: c.permissionNoCheckPersonalCode,
    email: c.email ?? '',
    phone: c.phone ?? '',
    homepage: c.homepage,
    eShop: c.eShop,
    ...(c.vatNrExists ? { vatNr: c.vatNr } : {}),
  };
  return SettingsSaveBody.safeParse(body).success ? body : null;
}

/** Asked by the sign-on itself (kit.ts signOn), before any call of the list. */
export const SIGN_ON_ROUTES = ['GET /api/security/login', 'GET /api/security/callback'];

export const CALLS: Call[] = [
  // ---- the user context first: the rest is planned from it ----
  { route: 'GET /api/context/getUserContext', plan: () => ({ path: '/context/getUserContext' }) },
  { route: 'GET /api/context/getSimpleUserContext', plan: () => ({ path: '/context/getSimpleUserContext' }) },
  { route: 'GET /api/context/getUserDetails', plan: () => ({ path: '/context/getUserDetails' }) },
  { route: 'GET /api/context/representedDetails', plan: () => ({ path: '/context/representedDetails' }) },
  { route: 'GET /api/context/checkDeadApplications', plan: () => ({ path: '/context/checkDeadApplications' }) },
  {
    route: 'GET /api/roles-and-packets/clientapp/:app',
    plan: () => ['OSS', 'PERIODICALS', 'AXAPTA'].map((app) => ({ path: `/roles-and-packets/clientapp/${app}` })),
  },
  { route: 'GET /api/user-settings/service-urls', plan: () => ({ path: '/user-settings/service-urls' }) },
  { route: 'GET /api/user-settings/edit/:userId', plan: own((id) => ({ path: `/user-settings/edit/${e(id)}` })) },
  {
    route: 'GET /api/user-settings/password/:userId',
    plan: own((id) => ({ path: `/user-settings/password/${e(id)}` })),
  },
  {
    route: 'GET /api/user-settings/preferences/:userId',
    plan: own((id) => ({ path: `/user-settings/preferences/${e(id)}` })),
  },
  { route: 'GET /api/user-settings/rights/:userId', plan: own((id) => ({ path: `/user-settings/rights/${e(id)}` })) },
  {
    route: 'GET /api/user-settings/roles/clientapp/:app/:userId',
    plan: own((id) =>
      ['OSS', 'PERIODICALS'].map((app) => ({ path: `/user-settings/roles/clientapp/${app}/${e(id)}` })),
    ),
  },
  { route: 'GET /api/user-add/getUserInfo', plan: () => ({ path: '/user-add/getUserInfo' }) },
  {
    route: 'GET /api/user-add/getRepresentedWithAdminRoles',
    plan: () => ({ path: '/user-add/getRepresentedWithAdminRoles' }),
  },
  {
    route: 'GET /api/user-add/eula/:file',
    plan: () => ({ path: '/user-add/eula/EN.pdf', accept: 'application/pdf' }),
  },
  {
    route: 'GET /api/user-reset-password/getUserByResetPasswordKey/:key',
    // a key no link ever had: the answer is { value: null }
    plan: () => ({ path: '/user-reset-password/getUserByResetPasswordKey/conformance-kit-no-such-key' }),
  },
  { route: 'GET /api/customer-add/find', plan: (k) => ({ path: '/customer-add/find', query: { term: term(k) } }) },
  {
    route: 'GET /api/customer-add/get/:id',
    plan: (k) => {
      const gid = business(k)[0]?.gid;
      return gid ? { path: `/customer-add/get/${e(gid)}` } : { skip: `${k.user} has no business customer to look up` };
    },
  },
  {
    route: 'GET /api/apps/finance/status',
    plan: (k) => {
      // invoicing management: a business where the person holds a FINANCE role or is main administrator (spec 2 §8)
      const gid = business(k).find((r) => valid(k, r, 'FINANCE') || valid(k, r, 'AXAPTA'))?.gid;
      return gid
        ? { path: '/apps/finance/status', query: { customerId: gid } }
        : { skip: `${k.user} holds invoicing management in no customer today` };
    },
  },
  { route: 'GET /api/apps/access', plan: () => ({ skip: "server to server: needs the applications' shared secret" }) },
  // with no signing started, a check answers its end status at once
  { route: 'GET /api/sign/mobile/check', plan: () => ({ path: '/sign/mobile/check' }) },
  { route: 'GET /api/sign/smart_id/check', plan: () => ({ path: '/sign/smart_id/check' }) },
  {
    route: 'POST /api/customer-search/customer',
    plan: privileged(['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'], (k) => ({
      path: '/customer-search/customer',
      json: { value: term(k).length >= 3 ? term(k) : 'Maa' },
    })),
  },
  {
    route: 'POST /api/customer-search/user',
    plan: privileged(['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'], (k) => ({
      path: '/customer-search/user',
      json: { value: person(k)!.representative.lastName.padEnd(3, 'a') },
    })),
  },
  {
    route: 'GET /api/settings/userProfileCode/:customerId',
    plan: (k) => {
      const gid = business(k)[0]?.gid;
      return gid
        ? { path: `/settings/userProfileCode/${e(gid)}` }
        : { skip: `${k.user} has no right in a business customer` };
    },
  },
  { route: 'POST /api/settings/get', plan: asMainAdmin((gid) => ({ path: '/settings/get', json: { value: gid } })) },
  {
    route: 'GET /api/enterprise/users/administrators/:customerId',
    plan: asMainAdmin((gid) => ({ path: `/enterprise/users/administrators/${e(gid)}` })),
  },
  {
    route: 'GET /api/enterprise/users/clientapp/:clientapp/:customerId',
    plan: asMainAdmin((gid) =>
      ['OSS', 'PERIODICALS'].map((app) => ({ path: `/enterprise/users/clientapp/${app}/${e(gid)}` })),
    ),
  },
  {
    route: 'GET /api/enterprise/users/position/:customerId/:userId',
    plan: asMainAdmin((gid, k) => ({ path: `/enterprise/users/position/${e(gid)}/${e(fgid(k) ?? '')}` })),
  },
  {
    route: 'GET /api/user/:gid',
    plan: own((id, k) =>
      mainAdminOf(k).length || has(k, 'EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER')
        ? { path: `/user/${e(id)}` }
        : { skip: `${k.user} is neither a main administrator nor holds EDIT_ANY_CUSTOMER or EDIT_ANY_USER` },
    ),
  },
  { route: 'GET /api/address/search', plan: () => ({ path: '/address/search', query: { q: 'Tartu' } }) },
  {
    route: 'GET /api/address/:padreId',
    plan: (k) => {
      const first = the<{ value: { padreId: string }[] }>(k, 'GET /api/address/search')?.value[0];
      return first ? { path: `/address/${e(first.padreId)}` } : { skip: 'the address search found nothing to open' };
    },
  },
  // ---- developer pages (spec 2 §2, §7) ----
  {
    route: 'GET /api/deployment/listDeployments',
    plan: privileged(['DEPLOYMENT_ADMIN'], () => ({ path: '/deployment/listDeployments' })),
  },
  {
    route: 'GET /api/deployment/listBundles',
    plan: privileged(['DEPLOYMENT_ADMIN'], () => ({ path: '/deployment/listBundles' })),
  },
  { route: 'GET /sla/test', plan: forStaff(() => ({ path: '/sla/test' })) },
  { route: 'GET /api/test/roles', plan: forStaff(() => ({ path: '/test/roles' })) },
  { route: 'GET /api/test/userRoles', plan: forStaff(() => ({ path: '/test/userRoles' })) },
  {
    route: 'POST /api/test/enterprise',
    plan: forStaff((k) => ({ path: '/test/enterprise', json: { value: term(k) } })),
  },
  {
    route: 'GET /api/test/enterprise/:code',
    plan: forStaff((k) => {
      const code = the<{ value: { code: string }[] }>(k, 'POST /api/test/enterprise')?.value[0]?.code;
      return code ? { path: `/test/enterprise/${e(code)}` } : { skip: 'the register search found no company' };
    }),
  },
  {
    route: 'GET /api/test/enterprise/vat/:code',
    plan: forStaff((k) => {
      const code = the<{ value: { code: string }[] }>(k, 'POST /api/test/enterprise')?.value[0]?.code;
      return code ? { path: `/test/enterprise/vat/${e(code)}` } : { skip: 'the register search found no company' };
    }),
  },
  {
    route: 'GET /api/test/enterprise/rating/:code',
    plan: forStaff((k) => {
      const code = the<{ value: { code: string }[] }>(k, 'POST /api/test/enterprise')?.value[0]?.code;
      return code ? { path: `/test/enterprise/rating/${e(code)}` } : { skip: 'the register search found no company' };
    }),
  },
  {
    route: 'POST /api/test/is-board-member',
    plan: forStaff((k) => {
      const code = the<{ value: { code: string }[] }>(k, 'POST /api/test/enterprise')?.value[0]?.code;
      const id = fgid(k) ?? '';
      return code
        ? { path: '/test/is-board-member', json: { companyCode: code, personCode: id.slice(2) } }
        : { skip: 'the register search found no company' };
    }),
  },
  {
    route: 'GET /api/ax/fisik/:id',
    // the accounting system need not know the person: 404 is an answer too
    plan: forStaff((k) => ({ path: `/ax/fisik/${e(fgid(k) ?? '')}`, alsoOk: [404] })),
  },
  {
    route: 'GET /api/test/digidoc/download',
    plan: () => ({ skip: 'needs an ID-card signature made on the test page first' }),
  },
  // ---- the sign-on service, and this reference server's own documentation ----
  {
    route: 'POST /api/security/callback',
    write: true,
    plan: () => ({ skip: 'CAS single logout: only the CAS server posts it' }),
  },
  {
    route: 'GET /cas/ticket-check',
    plan: () => ({ path: '/ticket-check', query: { callback: '__epitJsonpconformance' } }),
  },
  { route: 'GET /ui/config.json', plan: () => ({ path: '/config.json' }) },
  {
    route: 'GET /api/openapi.json',
    plan: () => ({ skip: 'the reference server’s own document, not a call of the portal' }),
  },
  { route: 'GET /api/docs', plan: () => ({ skip: 'the reference server’s own page, not a call of the portal' }) },
  { route: 'GET /api/docs/:file', plan: () => ({ skip: 'the reference server’s own page, not a call of the portal' }) },

  // ---- writes (--writes): each writes back what was read ----
  {
    route: 'POST /api/context/changeLanguage',
    write: true,
    plan: (k) =>
      k.context ? { path: '/context/changeLanguage', json: { value: k.context.language.toUpperCase() } } : noContext,
  },
  {
    route: 'GET /api/context/changeRepresented/:gid',
    write: true,
    plan: (k) => {
      if (!k.context) return noContext;
      // back to the party represented now, else to the first one valid today (the session then represents it)
      const gid = person(k)?.represented?.gid ?? rights(k).find((r) => valid(k, r))?.gid;
      return gid ? { path: `/context/changeRepresented/${e(gid)}` } : { skip: `${k.user} has no right valid today` };
    },
  },
  {
    route: 'POST /api/user-settings/preferences/:userId',
    write: true,
    plan: own((id, k) => {
      const p = the<{ representedId: string | null; serviceUrl: string | null }>(
        k,
        'GET /api/user-settings/preferences/:userId',
      );
      return p?.representedId && p.serviceUrl
        ? { path: `/user-settings/preferences/${e(id)}`, json: p, writesBack: true }
        : { skip: `${k.user} has no preference to write back` };
    }),
  },
  {
    route: 'POST /api/user-settings/edit/:userId',
    write: true,
    plan: own((id, k) => {
      const u = the<UserEditAnswer>(k, 'GET /api/user-settings/edit/:userId');
      if (!u) return { skip: 'user-settings/edit could not be read' };
      const a = u.address;
      const body = {
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email ?? '',
        mobile: u.mobile ?? '',
        phone: u.phone ?? '',
        preferredLanguage: u.preferredLanguage ?? '',
        address:
          a && !a.disabled
            ? {
                padreId: a.padreId,
                padreFullName: a.padreFullName,
                street: a.street,
                zipCode: a.zipCode,
                settlement: a.settlement,
                county: a.county,
                countyName: a.countyName,
                municipality: a.municipality,
                municipalityName: a.municipalityName,
              }
            : null,
      };
      // the stored data may predate a rule the form has now: then the kit cannot write it back unchanged
      return EditUserBody.safeParse(body).success
        ? { path: `/user-settings/edit/${e(id)}`, json: body, writesBack: true }
        : { skip: `${k.user}'s stored data does not pass the edit form's rules` };
    }),
  },
  {
    route: 'POST /api/user-settings/password/:userId',
    write: true,
    plan: own((id, k) => {
      const p = the<{ username: string | null; passwordUsed: boolean }>(k, 'GET /api/user-settings/password/:userId');
      // the same username, the password left as it is (an absent password keeps the current one)
      return p?.username && p.passwordUsed
        ? {
            path: `/user-settings/password/${e(id)}`,
            json: { passwordUsed: true, username: p.username },
            writesBack: true,
          }
        : { skip: `${k.user} has no password login to write back` };
    }),
  },
  {
    route: 'POST /api/settings',
    write: true,
    plan: asMainAdmin((_gid, k) => {
      const c = the<RepresentedCustomer>(k, 'POST /api/settings/get');
      if (!c) return { skip: 'settings/get could not be read' };
      const body = settingsBodyOf(c);
      return body
        ? { path: '/settings', json: body, writesBack: true }
        : { skip: "the customer's stored settings do not pass the form's rules" };
    }),
  },
  { route: 'POST /api/test/execLdap', write: true, plan: forStaff(() => ({ path: '/test/execLdap' })) },
  {
    route: 'POST /api/ax/fisik/modify',
    write: true,
    plan: forStaff((k) => {
      const p = the<{ value: unknown }>(k, 'GET /api/ax/fisik/:id')?.value;
      return p
        ? { path: '/ax/fisik/modify', json: { person: p, sendNewPassword: false }, writesBack: true }
        : { skip: 'the accounting system does not know the person' };
    }),
  },
  ...(
    [
      ['POST /api/customer-add/create-rights', 'grants main administrator rights in a customer'],
      ['POST /api/customer-add/create-customer', 'adds a customer from the business register'],
      ['POST /api/sign/digest', 'starts an ID-card signing, which needs a card'],
      ['POST /api/sign/finalize', 'finishes an ID-card signing, which needs a card'],
      ['POST /api/sign/mobile/start', 'starts a Mobile-ID signing on a phone'],
      ['POST /api/sign/smart_id/start', 'starts a Smart-ID signing on a phone'],
      ['POST /api/user/role/add', "changes another person's rights"],
      ['POST /api/user/role/edit', "changes another person's rights"],
      ['POST /api/user-settings/password/sendPasswordReset/', 'sends a person an e-mail'],
      ['POST /api/user-settings/password/sendPasswordReset', 'sends a person an e-mail'],
      ['POST /api/user-reset-password/saveCredentials/', 'needs the key of a reset link'],
      ['POST /api/user-add/confirm', 'needs the key of an invitation link'],
      ['POST /api/deployment/installDeployment', 'installs a package'],
      ['POST /api/ax/fisik/create', 'creates a person in the accounting system'],
      ['POST /api/test/digidoc/digest', 'needs an ID-card'],
      ['POST /api/test/digidoc/finalize', 'needs an ID-card'],
    ] as const
  ).map(([route, why]) => ({ route, write: true, plan: () => ({ skip: `not made by the kit: ${why}` }) })),
  // last: it ends the session
  {
    route: 'POST /api/security/single-signout',
    write: true,
    plan: () => ({ path: '/security/single-signout', query: { locale: 'en_EE' } }),
  },
];
