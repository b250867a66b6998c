/**
 * The authorization matrix's expectation table: who may call each API route, in the words of the specs'
 * roles and privileges (spec 1 §3, §7; spec 2 §6, §7). `security-matrix.test.ts` walks every route the running app
 * registers, for every demo person and for no session, and fails on a route without an entry here.
 *
 * Access kinds:
 * - public: anyone, signed in or not (the answer may still refuse bad input or an unknown key)
 * - session: any signed-in person; 401 without a session
 * - privilege: a signed-in person holding one of `any`; 403 otherwise
 * - staff: an internal user (IN_AD); 403 for everyone else
 * - selfOr: the person named by `param` themself, or a holder of one of `any` (none: themself only)
 * - validRight: a representation right valid today in the party named by `param` (spec 1 §4 role validity)
 * - financeRight: invoicing management held today in the business named by `param`: a FINANCE role valid today or a
 *   valid main-administrator (AXAPTA) right there (spec 2 §6, §8)
 * - customerManager: a valid main-administrator (AXAPTA) right in the customer named by `param`, or EDIT_ANY_CUSTOMER
 * - anyRight: any right (valid or not) in the customer named by `param`, or EDIT_ANY_CUSTOMER
 * - mainAdminOrPrivilege: a valid main-administrator right anywhere, or one of `any`
 * - machine: server-to-server (a shared secret or a CAS logout request); every browser identity is refused
 */
import type { Privilege } from '../../domain/contract.js';

export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'privilege'; any: Privilege[] }
  | { kind: 'staff' }
  | { kind: 'selfOr'; param: string; any: Privilege[] }
  | { kind: 'validRight'; param: string }
  | { kind: 'financeRight'; param: string }
  | { kind: 'customerManager'; param: string }
  | { kind: 'anyRight'; param: string }
  | { kind: 'mainAdminOrPrivilege'; any: Privilege[] }
  | { kind: 'machine' };

export interface RouteEntry {
  access: Access;
  /** values for path parameters that the access kind does not name (e.g. `:app` → OSS) */
  params?: Record<string, string>;
  /** a query string to send (without `?`), e.g. a customerId naming the party of a validRight rule */
  query?: string;
  /** the parameter of the access rule is in the query string, not the path */
  inQuery?: boolean;
}

const session: RouteEntry = { access: { kind: 'session' } };
const open: RouteEntry = { access: { kind: 'public' } };
const staff: RouteEntry = { access: { kind: 'staff' } };
const selfOrStaff = (param = 'userId'): RouteEntry => ({ access: { kind: 'selfOr', param, any: ['EDIT_ANY_USER'] } });

export const ACCESS_TABLE: Record<string, RouteEntry> = {
  // the security service and single sign-out (spec 1 §7): open by nature
  'GET /api/security/login': open,
  'GET /api/security/callback': open,
  'POST /api/security/callback': { access: { kind: 'machine' } },
  'POST /api/security/single-signout': { ...open, query: 'locale=et_EE' },

  // user context (spec 1 §7)
  'GET /api/context/getUserContext': session,
  'GET /api/context/getSimpleUserContext': open,
  'GET /api/context/getUserDetails': {
    access: { kind: 'selfOr', param: 'fgid', any: ['EDIT_ANY_USER'] },
    inQuery: true,
  },
  'GET /api/context/representedDetails': session,
  'GET /api/context/changeRepresented/:gid': { access: { kind: 'validRight', param: 'gid' } },
  'POST /api/context/changeLanguage': session,
  'GET /api/context/checkDeadApplications': session,

  // customer-add and signing (spec 1 §4): any signed-in person may look a company up and sign for it
  'GET /api/customer-add/find': { ...session, query: 'term=Maasikas' },
  'GET /api/customer-add/get/:id': { ...session, params: { id: 'EPEE11000015' } },
  'POST /api/customer-add/create-rights': session,
  'POST /api/customer-add/create-customer': { access: { kind: 'privilege', any: ['ADD_ANY_CUSTOMER'] } },
  'POST /api/sign/digest': session,
  'POST /api/sign/finalize': session,
  'POST /api/sign/mobile/start': session,
  'GET /api/sign/mobile/check': session,
  'POST /api/sign/smart_id/start': session,
  'GET /api/sign/smart_id/check': session,

  // admin search (spec 1 §5)
  'POST /api/customer-search/customer': { access: { kind: 'privilege', any: ['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'] } },
  'POST /api/customer-search/user': { access: { kind: 'privilege', any: ['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'] } },

  // role catalogue and external applications (spec 1 §4)
  'GET /api/roles-and-packets/clientapp/:app': { ...session, params: { app: 'OSS' } },
  'GET /api/apps/access': { access: { kind: 'machine' } },
  'GET /api/apps/finance/status': { access: { kind: 'financeRight', param: 'customerId' }, inQuery: true },

  // user settings (spec 2 §6): oneself, or staff with EDIT_ANY_USER; the password tab only oneself
  'GET /api/user-settings/service-urls': session,
  'GET /api/user-settings/edit/:userId': selfOrStaff(),
  'POST /api/user-settings/edit/:userId': selfOrStaff(),
  'POST /api/user-settings/password/sendPasswordReset': { access: { kind: 'privilege', any: ['EDIT_ANY_USER'] } },
  'POST /api/user-settings/password/sendPasswordReset/': { access: { kind: 'privilege', any: ['EDIT_ANY_USER'] } },
  'GET /api/user-settings/password/:userId': { access: { kind: 'selfOr', param: 'userId', any: [] } },
  'POST /api/user-settings/password/:userId': { access: { kind: 'selfOr', param: 'userId', any: [] } },
  'GET /api/user-settings/preferences/:userId': selfOrStaff(),
  'POST /api/user-settings/preferences/:userId': selfOrStaff(),
  'GET /api/user-settings/roles/clientapp/:app/:userId': { ...selfOrStaff(), params: { app: 'OSS' } },
  'GET /api/user-settings/rights/:userId': selfOrStaff(),

  // accounts by invitation key (spec 2 §8): the key is the proof, so open; an unknown key finds nobody
  'GET /api/user-reset-password/getUserByResetPasswordKey/:key': { ...open, params: { key: 'not-a-real-key' } },
  'POST /api/user-reset-password/saveCredentials/': open,
  'GET /api/user-add/getUserInfo': open,
  'GET /api/user-add/getRepresentedWithAdminRoles': open,
  'POST /api/user-add/confirm': open,
  'GET /api/user-add/eula/:file': { ...open, params: { file: 'eula-en.pdf' } },

  // business customer settings and rights (spec 2 §3, §4): main administrators of that customer, or staff
  'POST /api/settings': { access: { kind: 'customerManager', param: 'id' } },
  'POST /api/settings/get': { access: { kind: 'customerManager', param: 'value' } },
  'GET /api/settings/userProfileCode/:customerId': { access: { kind: 'anyRight', param: 'customerId' } },
  'GET /api/enterprise/users/administrators/:customerId': { access: { kind: 'customerManager', param: 'customerId' } },
  'GET /api/enterprise/users/clientapp/:clientapp/:customerId': {
    access: { kind: 'customerManager', param: 'customerId' },
    params: { clientapp: 'OSS' },
  },
  'GET /api/enterprise/users/position/:customerId/:userId': {
    access: { kind: 'customerManager', param: 'customerId' },
    params: { userId: 'EE48709050218' },
  },
  'POST /api/user/role/add': { access: { kind: 'customerManager', param: 'customerId' } },
  'POST /api/user/role/edit': { access: { kind: 'customerManager', param: 'customerId' } },
  'GET /api/user/:gid': {
    access: { kind: 'mainAdminOrPrivilege', any: ['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'] },
    params: { gid: 'EE48709050218' },
  },

  // the address register (spec 2 §6): any signed-in person
  'GET /api/address/search': { ...session, query: 'term=Tartu' },
  'GET /api/address/:padreId': { ...session, params: { padreId: '1' } },

  // developer pages (spec 2 §9): deployment admins, or staff
  'GET /api/deployment/listDeployments': { access: { kind: 'privilege', any: ['DEPLOYMENT_ADMIN'] } },
  'GET /api/deployment/listBundles': { access: { kind: 'privilege', any: ['DEPLOYMENT_ADMIN'] } },
  'POST /api/deployment/installDeployment': { access: { kind: 'privilege', any: ['DEPLOYMENT_ADMIN'] } },
  'GET /sla/test': staff,
  'GET /api/ax/fisik/:id': { ...staff, params: { id: 'EE48709050218' } },
  'POST /api/ax/fisik/create': staff,
  'POST /api/ax/fisik/modify': staff,
  'POST /api/test/digidoc/digest': staff,
  'GET /api/test/digidoc/download': staff,
  'POST /api/test/digidoc/finalize': staff,
  'POST /api/test/execLdap': staff,
  'POST /api/test/enterprise': staff,
  'GET /api/test/enterprise/vat/:code': { ...staff, params: { code: '11000015' } },
  'GET /api/test/enterprise/rating/:code': { ...staff, params: { code: '11000015' } },
  'GET /api/test/enterprise/:code': { ...staff, params: { code: '11000015' } },
  'POST /api/test/is-board-member': staff,
  'GET /api/test/roles': staff,
  'GET /api/test/userRoles': { access: { kind: 'privilege', any: ['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'] } },

  // the published contract and its reference page (server/routes/api-docs)
  'GET /api/openapi.json': open,
  'GET /api/docs': open,
  'GET /api/docs/:file': { ...open, params: { file: 'docs.js' } },
};
