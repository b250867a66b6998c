/**
 * Third security review: secrets in the request log, the CSP report endpoint as a way into the audit table, and the
 * person look-up as a way to turn personal codes into names in bulk. One describe per finding; each fails on the
 * code before its fix at the assertion that states the finding (docs/security-regressions.md).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { openDb } from '../db/index.js';
import { prepareDb } from '../db/prepare.js';
import { testEnv } from '../test/env.js';
import { fakeClock } from '../lib/clock.js';
import { randomToken } from '../lib/random.js';
import { makeTestApp, type TestApp } from '../test/helpers.js';
import { loopbackFetch } from '../test/loopback-fetch.js';
import { purgeExpired } from './purge.js';

let t: TestApp | null = null;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const close of closers.splice(0)) await close();
});

const MARI = 'EE48709050218';
const MAASIKAS = 'EPEE11000015';

describe('request log: no reset or invitation key, personal code or customer id in clear', { timeout: 60_000 }, () => {
  it('logs the route pattern and a masked path for keys, codes and customer ids, in 404s and errors too', async () => {
    const key = randomToken(24); // a reset or invitation key as server/lib/reset-keys.ts makes them
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };

    // the portal's own routes, its pages under /ui/* included, signed in as a main administrator
    t = await makeTestApp({ logger: { stream }, ui: { kind: 'static' } });
    const anonymous = t.client();
    await anonymous.get(`/ui/user-add/reset-password/${key}`);
    await anonymous.get(`/ui/user-add/edit/${key}?lang=et`);
    await anonymous.get(`/api/user-reset-password/getUserByResetPasswordKey/${key}`);
    const mari = await t.login('mari');
    expect((await mari.get(`/api/user-settings/edit/${MARI}`)).statusCode).toBe(200);
    expect((await mari.get(`/api/context/changeRepresented/${MAASIKAS}`)).statusCode).toBe(200);
    expect((await mari.get(`/api/settings/userProfileCode/${MAASIKAS}`)).statusCode).toBe(200);
    // no route: a 404
    expect((await mari.get(`/api/no-such-route/${MARI}/${MAASIKAS}/${key}`)).statusCode).toBe(404);

    // errors: one thrown with the path and the code in its message, one Fastify logs by itself with the URL
    const clock = fakeClock(new Date().toISOString());
    const db = openDb(null);
    await prepareDb(db, clock);
    const app: FastifyInstance = await createApp({
      db,
      clock,
      env: testEnv(),
      ui: { kind: 'none' },
      fetch: loopbackFetch(() => app),
      logger: { stream },
    });
    closers.push(async () => {
      await app.close();
      await db.destroy();
    });
    app.get('/test-errors/thrown/:gid', (req) => {
      const { gid } = req.params as { gid: string };
      return Promise.reject(new Error(`no answer for ${gid} at ${req.url}`));
    });
    app.get('/test-errors/sent-twice/:customerId', async (_req, reply) => {
      void reply.send('first');
      return 'second';
    });
    await app.ready();
    expect((await app.inject(`/test-errors/thrown/${MARI}`)).statusCode).toBe(500);
    await app.inject(`/test-errors/sent-twice/${MAASIKAS}`);

    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const request = parsed.filter((l) => l.msg === 'request');
    // every request was logged, by its route pattern where it has one
    expect(request.find((l) => l.route === '/api/user-settings/edit/:userId')).toMatchObject({ status: 200 });
    expect(request.find((l) => l.route === '/ui/*')).toBeDefined();
    expect(request.find((l) => l.status === 404 && l.route === null)).toBeDefined();
    expect(request.find((l) => l.status === 500)).toBeDefined();
    expect(parsed.find((l) => l.msg === 'unhandled error')).toBeDefined();

    const all = lines.join('\n');
    for (const secret of [key, MARI, MARI.slice(2), MAASIKAS, MAASIKAS.slice(4)])
      expect(all, `the log holds ${secret}`).not.toContain(secret);
    // the path says which page it was, without the key
    expect(request.map((l) => l.path)).toContain('/ui/user-add/reset-password/***');
    expect(request.map((l) => l.path)).toContain('/api/user-settings/edit/***');
  });
});

/** A Content-Security-Policy report of a page, as a browser posts it (report-uri). */
const cspReport = (blocked: string, page = '/ui/dashboard') =>
  JSON.stringify({
    'csp-report': {
      'document-uri': `http://localhost:8080${page}?x=1`,
      'effective-directive': 'script-src-elem',
      'blocked-uri': blocked,
    },
  });

describe('/csp-report: limited per address, out of the audit log, purged', { timeout: 120_000 }, () => {
  const post = (app: FastifyInstance, body: string, address = '203.0.113.7') =>
    app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: body,
      remoteAddress: address,
    });

  it('stores at most 100 reports an hour from one address, then answers 429; another address may still report', async () => {
    t = await makeTestApp();
    const auditBefore = (await t.db.selectFrom('audit_log').select('id').execute()).length;
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++)
      statuses.push((await post(t.app, cspReport(`https://evil.example/script-${i}.js`))).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expect(statuses.slice(0, 100).every((s) => s === 204)).toBe(true);
    // nothing reached the audit log, whose security events the reports would bury
    expect((await t.db.selectFrom('audit_log').select('id').execute()).length).toBe(auditBefore);
    const stored = await t.db.selectFrom('csp_reports').selectAll().execute();
    expect(stored).toHaveLength(100);
    expect(stored[0]).toMatchObject({ address: '203.0.113.7', directive: 'script-src-elem', page: '/ui/dashboard' });

    // another address is not held back by the first one's flood
    expect((await post(t.app, cspReport('https://evil.example/other.js'), '198.51.100.9')).statusCode).toBe(204);
    expect(
      await t.db.selectFrom('csp_reports').select('id').where('address', '=', '198.51.100.9').execute(),
    ).toHaveLength(1);
    // a post of ten reports (the Reporting API's list) counts ten
    const ten = (n: number) =>
      JSON.stringify(
        Array.from({ length: 10 }, (_, i) => ({
          type: 'csp-violation',
          body: {
            documentURL: 'http://localhost:8080/ui/',
            effectiveDirective: 'img-src',
            blockedURL: `https://x.example/${n}-${i}`,
          },
        })),
      );
    const list = (n: number) =>
      t!.app.inject({
        method: 'POST',
        url: '/csp-report',
        headers: { 'content-type': 'application/reports+json' },
        payload: ten(n),
        remoteAddress: '192.0.2.44',
      });
    for (let n = 0; n < 10; n++) expect((await list(n)).statusCode).toBe(204);
    expect((await list(10)).statusCode).toBe(429);
    // the first address may report again in the next hour
    t.clock.advance(3_600_000);
    expect((await post(t.app, cspReport('https://evil.example/next-hour.js'))).statusCode).toBe(204);
  });

  it('the purge drops reports after 30 days; the same report is kept once an hour, never a key from the page', async () => {
    t = await makeTestApp();
    expect((await post(t.app, cspReport('https://evil.example/early.js'))).statusCode).toBe(204);
    t.clock.advance(31 * 24 * 3_600_000);
    expect((await post(t.app, cspReport('https://evil.example/late.js'))).statusCode).toBe(204);
    const removed = await purgeExpired(t.db, t.clock, t.env);
    expect(removed.cspReports).toBe(1);
    const left = await t.db.selectFrom('csp_reports').select('blocked').execute();
    expect(left).toEqual([{ blocked: 'https://evil.example/late.js' }]);

    const key = randomToken(24);
    for (let i = 0; i < 3; i++)
      expect((await post(t.app, cspReport('inline', `/ui/user-add/reset-password/${key}`))).statusCode).toBe(204);
    const once = await t.db.selectFrom('csp_reports').selectAll().where('blocked', '=', 'inline').execute();
    expect(once).toHaveLength(1);
    expect(once[0].page).toBe('/ui/user-add/reset-password/***');
  });
});

describe('GET /api/user/{gid}: throttled per session, audited, staff only to staff', { timeout: 60_000 }, () => {
  /** global ids of the route's shape that nobody has, and one that mari's own */
  const codes = (n: number) => Array.from({ length: n }, (_, i) => `EE3900101${String(i).padStart(4, '0')}`);

  it('answers 30 look-ups a minute per session, then 429 with the catalogue message; the next minute again', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const answers: number[] = [];
    for (const gid of codes(30)) answers.push((await mari.get(`/api/user/${gid}`)).statusCode);
    expect(answers.every((s) => s === 200 || s === 404)).toBe(true);
    const refused = await mari.get(`/api/user/${MARI}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', messageKey: 'error.tooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // per session: another session of the same person is not held back
    const other = await t.login('mari');
    expect((await other.get(`/api/user/${MARI}`)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await mari.get(`/api/user/${MARI}`)).statusCode).toBe(200);
  });

  it('writes each look-up to the audit log: who asked for whom, and whether the person was found', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    await mari.get(`/api/user/EE37503124229`);
    await mari.get(`/api/user/EE39001010000`);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['actor_fgid', 'subject', 'outcome', 'detail'])
      .where('event', '=', 'user.lookup')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { actor_fgid: MARI, subject: 'EE37503124229', outcome: 'success', detail: '{"found":true}' },
      { actor_fgid: MARI, subject: 'EE39001010000', outcome: 'failure', detail: '{"found":false}' },
    ]);
  });

  it("answers a staff person's name only to staff: to anyone else exactly as an unknown code", async () => {
    t = await makeTestApp();
    const peeter = 'EE36801010323'; // staff (auth channel IN_AD)
    const mari = await t.login('mari');
    const staff = await mari.get(`/api/user/${peeter}`);
    const unknown = await mari.get('/api/user/EE39001010000');
    expect(staff.statusCode).toBe(404);
    expect(staff.body).toBe(unknown.body);
    const kristi = await t.login('kristi'); // staff herself
    const known = await kristi.get(`/api/user/${peeter}`);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toMatchObject({ id: peeter, firstName: 'Peeter' });
  });
});
