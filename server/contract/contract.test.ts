/**
 * The published contract: the document is valid OpenAPI 3.1, it has every route the server answers under /api and
 * every call of both specs' call tables, and the answer check that every server test runs (server/test/
 * answer-check.ts) catches a route that answers a field its schema lacks, one that lacks a required field, and a
 * route without a schema.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { openDb } from '../db/index.js';
import { prepareDb } from '../db/prepare.js';
import { testEnv } from '../test/env.js';
import { fakeClock } from '../lib/clock.js';
import { DOCS_POLICY } from '../routes/api-docs/index.js';
import { registeredRoutes } from '../security/route-list.js';
import { OFF_CONTRACT_FIELD } from '../sim/faults/index.js';
import { takeDifferences } from '../test/answer-check.js';
import { makeTestApp, type Client, type TestApp } from '../test/helpers.js';
import { answerChecker } from './answers.js';
import { operationsOf, splitKey } from './keys.js';
import { openApiDocument, openApiText } from './openapi.js';

/**
 * The call tables of portal-spec-1-shell.md §7 and portal-spec-2-settings.md §7, as written there (paths relative to
 * the API base; `{x}` a parameter). Spec 1's "GET to the OSS logout URL" is the external application's own address
 * (its customParameters), not the backend's: the document says so in its description.
 */
const SPEC_CALLS = [
  // spec 1 §7
  'GET roles-and-packets/clientapp/{clientapp}',
  'GET context/representedDetails',
  'GET context/changeRepresented/{gid}',
  'GET context/getUserContext',
  'GET context/getSimpleUserContext',
  'GET context/getUserDetails',
  'GET context/checkDeadApplications',
  'POST context/changeLanguage',
  // "to the security base" (securityUrl's folder: /api/security on the reference server)
  'POST security/single-signout',
  'GET user-settings/service-urls',
  'GET customer-add/find',
  'GET customer-add/get/{jgid}',
  'POST customer-add/create-rights',
  'POST customer-add/create-customer',
  'POST sign/digest',
  'POST sign/finalize',
  'POST sign/mobile/start',
  'GET sign/mobile/check',
  'POST sign/smart_id/start',
  'GET sign/smart_id/check',
  'POST customer-search/customer',
  'POST customer-search/user',
  // "a single sign-on ticket endpoint (cross-domain script request)", on the CAS base
  'GET cas:ticket-check',
  // spec 2 §7
  'GET user-settings/edit/{userId}',
  'POST user-settings/edit/{userId}',
  'POST user-settings/password/sendPasswordReset/',
  'GET user-settings/roles/clientapp/OSS/{userId}',
  'GET user-settings/password/{userId}',
  'POST user-settings/password/{userId}',
  'GET user-settings/preferences/{userId}',
  'POST user-settings/preferences/{userId}',
  'GET user-settings/rights/{userId}',
  'POST settings/get',
  'POST settings',
  'GET settings/userProfileCode/{customerId}',
  'GET enterprise/users/administrators/{customerId}',
  'GET enterprise/users/clientapp/{clientapp}/{customerId}',
  'POST user/role/add',
  'POST user/role/edit',
  'GET user/{gid}',
  'GET user-reset-password/getUserByResetPasswordKey/{key}',
  'POST user-reset-password/saveCredentials/',
  'GET user-add/getRepresentedWithAdminRoles',
  'GET user-add/getUserInfo',
  'POST user-add/confirm',
  'GET deployment/listBundles',
  'GET deployment/listDeployments',
  'POST deployment/installDeployment',
  'POST test/digidoc/digest',
  'POST test/digidoc/finalize',
  'GET test/digidoc/download',
  'POST test/execLdap',
  'POST test/enterprise',
  'GET test/enterprise/{code}',
  'GET test/enterprise/vat/{code}',
  'GET test/enterprise/rating/{code}',
  'POST test/is-board-member',
  // at the backend's root, not the API base (spec 2 §7)
  'GET sla:test',
  'GET ax/fisik/{id}',
  'POST ax/fisik/create',
  'POST ax/fisik/modify',
];

const document = openApiDocument();

/** The document's operations by method and path segments, those on another base than the API's marked `cas:`. */
function documentCalls(): { method: string; segments: string[] }[] {
  return operationsOf(document.paths).map((o) => ({
    method: o.method.toUpperCase(),
    segments: (o.base === 'api' ? o.path.slice(1) : `${o.base}:${o.path.slice(1)}`).split('/'),
  }));
}

/** A spec call matches an operation when each segment is the same or the operation's is a parameter. */
const matches = (call: string, op: { method: string; segments: string[] }) => {
  const [method, p] = call.split(' ');
  const segments = p.split('/');
  return (
    method === op.method &&
    segments.length === op.segments.length &&
    segments.every((s, i) => s === op.segments[i] || (op.segments[i].startsWith('{') && !s.includes(':')))
  );
};

let t: TestApp;
let mari: Client;
beforeAll(async () => {
  t = await makeTestApp();
  mari = await t.login('mari');
});
afterAll(async () => t.close());

describe('the published document', () => {
  it('is a valid OpenAPI 3.1 document, served at /api/openapi.json and written to docs/openapi.json', async () => {
    const validator = new Validator();
    // the validator's input type is a plain record: the document as its JSON text gives it one, and a copy it may change
    const parsed = JSON.parse(openApiText()) as Record<string, unknown>;
    const result = await validator.validate(parsed);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const served = await t.client().get('/api/openapi.json');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    expect(served.json()).toEqual(document);
    // `npm run contract` wrote the same: this is CI's check of a stale one (npm run contract:check is the same alone)
    const written = readFileSync(path.join(t.env.rootDir, 'docs/openapi.json'), 'utf8');
    expect(written === openApiText(), 'docs/openapi.json is stale: run npm run contract').toBe(true);
  });

  it('has a path for every route the server answers under /api, and nothing the server does not answer', () => {
    // and the two the portal asks elsewhere: the CAS ticket check, and its own configuration
    const inScope = (url: string) =>
      url.startsWith('/api/') || url === '/cas/ticket-check' || url === '/ui/config.json' || url === '/sla/test';
    const routes = registeredRoutes(t.app)
      .filter((r) => inScope(r.url))
      .map((r) => `${r.method} ${r.url}`);
    const operations = operationsOf(document.paths).map((o) => o.key);
    expect(
      routes.filter((r) => !operations.includes(r)),
      'routes without a schema: add them to server/contract/routes.ts',
    ).toEqual([]);
    expect(
      operations.filter((o) => !routes.includes(o)),
      'operations of routes the server no longer has',
    ).toEqual([]);
    expect(routes.filter((r) => r.includes(' /api/')).length).toBeGreaterThan(70);
    // each operation at its own path: the document's path plus its base is the route's address
    for (const o of operationsOf(document.paths))
      expect(splitKey(o.key)).toEqual({ method: o.method, path: o.path, base: o.base });
  });

  it('has every call of both specs’ call tables', () => {
    const ops = documentCalls();
    expect(SPEC_CALLS.filter((call) => !ops.some((op) => matches(call, op)))).toEqual([]);
    expect(String((document.info as { description: string }).description)).toContain('OSS logout URL');
  });

  it('names the security: the session cookie, the X-XSRF-TOKEN header on changes, the shared secret', () => {
    const op = (p: string, m: string) => (document.paths[p] as Record<string, { security: unknown }>)[m];
    expect(op('/context/getUserContext', 'get').security).toEqual([{ session: [] }]);
    expect(op('/context/changeLanguage', 'post').security).toEqual([{ session: [], xsrf: [] }]);
    expect(op('/context/changeRepresented/{gid}', 'get').security).toEqual([{ session: [], xsrf: [] }]);
    expect(op('/context/getSimpleUserContext', 'get').security).toEqual([]);
    expect(op('/apps/access', 'get').security).toEqual([{ appsSecret: [] }]);
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'EPIT-SESSION' },
      xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    });
    // the failure body with its catalogue key
    expect(Object.keys(document.components.schemas.ServiceError.properties as object)).toEqual([
      'serviceErrorMessage',
      'code',
      'fields',
      'messageKey',
    ]);
  });
});

describe('the reference page', () => {
  it('is served with a policy of its own from this origin; in live run mode only with API_DOCS=on', async () => {
    const page = await t.client().get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(DOCS_POLICY);
    expect(DOCS_POLICY).toContain("script-src 'self';");
    expect(page.body).toContain('<script src="docs/swagger-ui-bundle.js"></script>');
    const start = await t.client().get('/api/docs/docs.js');
    expect(start.headers['content-type']).toMatch(/^application\/javascript/);
    expect(start.body).toContain("url: 'openapi.json'");
    expect((await t.client().get('/api/docs/swagger-ui.css')).headers['content-type']).toMatch(/^text\/css/);
    expect((await t.client().get('/api/docs/index.html')).statusCode).toBe(400);

    // live run mode: off unless switched on; the document itself is always there
    const clock = fakeClock(new Date().toISOString());
    const db = openDb(null);
    await prepareDb(db, clock);
    for (const [apiDocs, status] of [
      [null, 404],
      ['off', 404],
      ['on', 200],
    ] as const) {
      const app = await createApp({ db, clock, env: testEnv({ runMode: 'live', apiDocs }), ui: { kind: 'none' } });
      try {
        expect((await app.inject('/api/docs')).statusCode, `API_DOCS ${apiDocs}`).toBe(status);
        expect((await app.inject('/api/docs/docs.js')).statusCode).toBe(status);
        expect((await app.inject('/api/openapi.json')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }
    await db.destroy();
  });
});

describe('the answer check of the server tests', () => {
  it('fails a route that answers a field its schema lacks, and one that lacks a required field', async () => {
    expect((await mari.get('/api/context/getUserDetails')).statusCode).toBe(200);
    expect(takeDifferences()).toEqual([]);

    await mari.post('/sim/api/faults', { mode: 'field-added', prefixes: ['/api/context/getUserDetails'] });
    const added = await mari.get('/api/context/getUserDetails');
    expect(added.json()).toHaveProperty(OFF_CONTRACT_FIELD, true);
    expect(takeDifferences()).toEqual([
      `GET /api/context/getUserDetails (/api/context/getUserDetails) → 200: the body has a field the document lacks: ${OFF_CONTRACT_FIELD}`,
    ]);

    await mari.post('/sim/api/faults', { mode: 'field-removed', prefixes: ['/api/context/getUserDetails'] });
    const removed = await mari.get('/api/context/getUserDetails');
    expect(removed.json()).not.toHaveProperty('address');
    expect(takeDifferences()).toEqual([
      'GET /api/context/getUserDetails (/api/context/getUserDetails) → 200: the body lacks the required field address',
    ]);
    await mari.post('/sim/api/faults', { mode: 'off' });
  });

  it('fails a field deep inside an answer, a status and a media type the document does not list', async () => {
    const check = answerChecker(document);
    const ctx = (await mari.get('/api/context/getUserContext')).json<{
      epitPrincipal: { representative: Record<string, unknown> };
      uiLanguages: Record<string, unknown>[];
    }>();
    const answer = (status: number, body: unknown, contentType = 'application/json; charset=utf-8') => ({
      route: 'GET /api/context/getUserContext',
      status,
      contentType,
      body: JSON.stringify(body),
    });
    expect(check.check(answer(200, ctx))).toBeNull();
    ctx.epitPrincipal.representative.nickname = 'Mari';
    expect(check.check(answer(200, ctx))).toBe(
      '/epitPrincipal/representative has a field the document lacks: nickname',
    );
    delete ctx.epitPrincipal.representative.nickname;
    ctx.uiLanguages[0].twoLetterCode = 5;
    expect(check.check(answer(200, ctx))).toBe('/uiLanguages/0/twoLetterCode must be string (it is 5)');
    expect(check.check(answer(201, {}))).toBe('status 201 is not in the document (it has 200, 401, 409, default)');
    expect(check.check(answer(200, {}, 'text/html'))).toBe('text/html where the document has application/json');
    // any failure is a ServiceError
    expect(check.check(answer(500, { serviceErrorMessage: 'x', code: 'INTERNAL' }))).toBeNull();
    expect(check.check(answer(503, { message: 'down' }))).toBe('the body lacks the required field serviceErrorMessage');
  });

  it('fails an answer of an /api route that has no schema', async () => {
    const clock = fakeClock(new Date().toISOString());
    const db = openDb(null);
    await prepareDb(db, clock);
    const app = await createApp({ db, clock, env: testEnv(), ui: { kind: 'none' } });
    app.get('/api/not-in-the-document', () => ({ value: 1 }));
    try {
      expect((await app.inject('/api/not-in-the-document')).statusCode).toBe(200);
      expect(takeDifferences()).toEqual([
        'GET /api/not-in-the-document (/api/not-in-the-document) → 200: the route has no schema in server/contract/routes.ts',
      ]);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
