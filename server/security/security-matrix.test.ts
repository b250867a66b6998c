/**
 * The authorization matrix: every API route the running app registers, for every demo person with a
 * login and for no session, with cross-customer cases (another customer's jgid, another person's fgid, a party
 * with an ended or inactive right), against the expectation table of server/security/access-table.ts. A route without an entry
 * fails; a refused identity that gets a 2xx is a leak; a refusal where the table allows is a mismatch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Privilege } from '../../domain/contract.js';
import { loadDemoData } from '../db/seed.js';
import type { Client, TestApp } from '../test/helpers.js';
import { makeTestApp } from '../test/helpers.js';
import { ACCESS_TABLE, type Access, type RouteEntry } from './access-table.js';
import { registeredRoutes } from './route-list.js';

const demo = loadDemoData();
const PEOPLE = demo.persons.filter((p) => p.login);
/** a demo person's key, or 'none' for no session */
type Identity = string;
const IDENTITIES: Identity[] = [...PEOPLE.map((p) => p.key), 'none'];

/** '-30d' / '+10d' / null → days from today */
const days = (offset: string | null | undefined) => (offset ? Number(offset.replace(/d$/, '')) : null);
const RIGHTS = [
  ...demo.rights.map((r) => ({
    person: r.person,
    gid: r.customer,
    application: r.application,
    valid: !r.notActive && (days(r.begin) ?? -1) <= 0 && (days(r.end) ?? 1) >= 0,
  })),
  // every person who is not staff may act for themself (the demo seed's own OSS right)
  ...PEOPLE.filter((p) => p.authChannel !== 'IN_AD').map((p) => ({
    person: p.key,
    gid: p.fgid,
    application: 'OSS',
    valid: true,
  })),
];
const person = (who: Identity) => PEOPLE.find((p) => p.key === who);
const has = (who: Identity, any: Privilege[]) => any.some((priv) => (person(who)?.privileges ?? []).includes(priv));
const rightsOf = (who: Identity, gid: string) => RIGHTS.filter((r) => r.person === who && r.gid === gid);
const mainAdmin = (who: Identity, gid?: string) =>
  RIGHTS.some((r) => r.person === who && r.application === 'AXAPTA' && r.valid && (gid === undefined || r.gid === gid));

const MARI = PEOPLE.find((p) => p.key === 'mari')!.fgid;
const JAAN = PEOPLE.find((p) => p.key === 'jaan')!.fgid;
/** the parties every party-parameter route is tried with: own, ordinary, ended, inactive, foreign, other country */
const PARTIES = ['EPEE11000015', 'EPEE11000026', 'EPEE11000032', 'EPEE11000049', 'EPEE11000084', 'LVLV40003012345'];

/** The values tried for the rule's parameter, for one identity. */
function valuesFor(access: Access, who: Identity): (string | null)[] {
  const own = person(who)?.fgid;
  switch (access.kind) {
    case 'selfOr':
      return [own ?? MARI, own === MARI ? JAAN : MARI];
    case 'validRight':
    case 'financeRight':
      return [...PARTIES, ...(own ? [own] : []), own === MARI ? JAAN : MARI];
    case 'customerManager':
    case 'anyRight':
      return PARTIES;
    default:
      return [null];
  }
}

function allowed(access: Access, who: Identity, value: string | null): boolean | 'any' {
  const signedIn = who !== 'none';
  switch (access.kind) {
    case 'public':
      return 'any';
    case 'session':
      return signedIn;
    case 'privilege':
      return has(who, access.any);
    case 'staff':
      return person(who)?.authChannel === 'IN_AD';
    case 'selfOr':
      return signedIn && (value === person(who)?.fgid || has(who, access.any));
    case 'validRight':
      return rightsOf(who, value ?? '').some((r) => r.valid);
    case 'financeRight':
      // a person's own party is no business: no invoicing management there
      return rightsOf(who, value ?? '').some(
        (r) => r.valid && (r.application === 'FINANCE' || r.application === 'AXAPTA'),
      );
    case 'customerManager':
      return has(who, ['EDIT_ANY_CUSTOMER']) || mainAdmin(who, value ?? '');
    case 'anyRight':
      return has(who, ['EDIT_ANY_CUSTOMER']) || rightsOf(who, value ?? '').length > 0;
    case 'mainAdminOrPrivilege':
      return has(who, access.any) || mainAdmin(who);
    case 'machine':
      return false;
  }
}

function request(route: { method: string; url: string }, entry: RouteEntry, value: string | null) {
  const param = 'param' in entry.access ? entry.access.param : null;
  let url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(name === param && !entry.inQuery && value !== null ? value : (entry.params?.[name] ?? 'X')),
  );
  const query = [entry.query, entry.inQuery && param && value !== null ? `${param}=${encodeURIComponent(value)}` : '']
    .filter(Boolean)
    .join('&');
  if (query) url += `?${query}`;
  const inBody = route.method !== 'GET' && param && !route.url.includes(`:${param}`) && !entry.inQuery;
  const body = inBody && value !== null ? { [param]: value } : {};
  return { url, body };
}

type Outcome = 'open' | 'refused' | 'input' | 'error';
const outcomeOf = (status: number): Outcome =>
  status >= 500 && status !== 502 && status !== 503
    ? 'error'
    : status < 400
      ? 'open'
      : status === 401 || status === 403 || status === 404
        ? 'refused'
        : 'input';

let t: TestApp;
const clients = new Map<Identity, Client>();
beforeAll(async () => {
  t = await makeTestApp();
  for (const p of PEOPLE) clients.set(p.key, await t.login(p.key));
  const none = t.client();
  await none.get('/api/context/getSimpleUserContext'); // an XSRF cookie, so refusals are about the session
  clients.set('none', none);
}, 120_000);
afterAll(async () => t.close());

describe('authorization matrix', () => {
  it('every API route has an entry, and no identity reaches what the table refuses', async () => {
    // the API, and sla/test at the backend's root (spec 2 §7)
    const routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/sla/'));
    const missing = routes.map((r) => `${r.method} ${r.url}`).filter((key) => !(key in ACCESS_TABLE));
    const stale = Object.keys(ACCESS_TABLE).filter((key) => !routes.some((r) => `${r.method} ${r.url}` === key));
    // logging out last: it ends the caller's session
    const ordered = [...routes].sort(
      (a, b) => Number(a.url === '/api/security/single-signout') - Number(b.url === '/api/security/single-signout'),
    );
    const leaks: string[] = [];
    const mismatches: string[] = [];
    const rows: string[] = [];
    let cases = 0;
    for (const route of ordered) {
      const entry = ACCESS_TABLE[`${route.method} ${route.url}`];
      if (!entry) continue;
      const cells: string[] = [];
      for (const who of IDENTITIES) {
        let cell = '';
        for (const value of valuesFor(entry.access, who)) {
          const { url, body } = request(route, entry, value);
          const res = await clients
            .get(who)!
            .request(route.method as 'GET' | 'POST', url, { body: route.method === 'GET' ? undefined : body });
          cases++;
          const outcome = outcomeOf(res.statusCode);
          const expected = allowed(entry.access, who, value);
          const label = `${who} ${route.method} ${url} → ${res.statusCode}`;
          if (outcome === 'error') mismatches.push(`${label} (server error)`);
          else if (expected === false && outcome === 'open') leaks.push(label);
          else if (expected === true && outcome === 'refused' && res.statusCode !== 404)
            mismatches.push(`${label} (the table allows it)`);
          else if (who === 'none' && expected === false && entry.access.kind !== 'machine' && res.statusCode !== 401)
            if (outcome !== 'input') mismatches.push(`${label} (no session: 401 expected)`);
          cell += outcome === 'open' ? 'o' : outcome === 'refused' ? 'x' : outcome === 'input' ? '?' : '!';
        }
        cells.push(cell.padEnd(8));
      }
      rows.push(`${`${route.method} ${route.url}`.padEnd(62)} ${cells.join(' ')}`);
    }
    const header = `${'route'.padEnd(62)} ${IDENTITIES.map((i) => i.padEnd(8)).join(' ')}`;
    console.log(
      [
        'authorization matrix (o answered, x refused 401/403/404, ? refused the input; one letter per case)',
        header,
        ...rows,
        `${rows.length} routes × ${IDENTITIES.length} identities = ${cases} cases, leaks: ${leaks.length}, mismatches: ${mismatches.length}`,
      ].join('\n'),
    );
    expect(missing, 'API routes without an entry in server/security/access-table.ts').toEqual([]);
    expect(stale, 'entries for routes the app no longer has').toEqual([]);
    expect(leaks, 'identities that reached what the table refuses').toEqual([]);
    expect(mismatches).toEqual([]);
  }, 300_000);
});
