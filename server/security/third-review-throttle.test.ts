/**
 * The sign-on throttle against bursts (docs/security-regressions.md, third review): an attempt is counted before its
 * password is checked, so parallel guesses cannot all slip past the count while the slow hash runs, in one process
 * and in two processes on one PostgreSQL database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../db/dialect.js';
import { testDatabaseUrl } from '../env.js';
import {
  type Client,
  demoPassword,
  executionOf,
  makeTestApp,
  serviceOf,
  toPath,
  type TestApp,
} from '../test/helpers.js';
import { Browser, ready, startPortal, stopPortal, type PortalProcess } from '../test/processes.js';
import { THROTTLE } from './throttle.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** A browser on the sign-on page: posts its form once with these fields (and headers). */
async function signOnForm(c: Client) {
  const start = await c.get('/api/security/login?target=%2Fui%2Fdashboard');
  const service = serviceOf(start.headers.location as string);
  const page = await c.get(toPath(start.headers.location as string));
  const execution = executionOf(page.body);
  return (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    c.request('POST', '/cas/login', { form: { service, execution, ...fields }, headers });
}

/** How many answers had each status, e.g. { 401: 5, 429: 25 }. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

const BURST = 30;

describe('medium: the login throttle holds against a burst of parallel attempts', { timeout: 120_000 }, () => {
  it(`${BURST} parallel wrong passwords for one username: at most ${THROTTLE.userFailures} are checked, the rest 429; the right password after them does not sign in`, async () => {
    t = await makeTestApp();
    // every attempt its own browser with its own sign-on page, all posted at once
    const forms = await Promise.all(Array.from({ length: BURST }, () => signOnForm(t!.client())));
    const answers = await Promise.all(forms.map((post, i) => post({ username: 'mari', password: `wrong-${i}` })));
    const counts = tally(answers.map((r) => r.statusCode));
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(THROTTLE.userFailures);
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);
    expect((counts[401] ?? 0) + (counts[429] ?? 0), JSON.stringify(counts)).toBe(BURST);
    // each refused one was refused before a password was checked: no failure of its own in the audit log
    const failures = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('event', '=', 'login')
      .where('outcome', '=', 'failure')
      .execute();
    expect(failures).toHaveLength(counts[401] ?? 0);

    const right = await (await signOnForm(t.client()))({ username: 'mari', password: demoPassword('mari') });
    expect(right.statusCode).toBe(429);
    expect(right.headers.location).toBeUndefined();
  });

  it(`${BURST} parallel guesses of different usernames from one address: at most ${THROTTLE.addressFailures} are checked`, async () => {
    t = await makeTestApp({ env: { trustProxy: ['127.0.0.1'] } });
    const from = { 'x-forwarded-for': '203.0.113.40' };
    const forms = await Promise.all(Array.from({ length: BURST }, () => signOnForm(t!.client())));
    const answers = await Promise.all(forms.map((post, i) => post({ username: `guess${i}`, password: 'x' }, from)));
    const counts = tally(answers.map((r) => r.statusCode));
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(THROTTLE.addressFailures);
    expect((counts[401] ?? 0) + (counts[429] ?? 0), JSON.stringify(counts)).toBe(BURST);
  });

  it('a successful sign-on is no failure: its username starts afresh and its address keeps only the real failures', async () => {
    t = await makeTestApp({ env: { trustProxy: ['127.0.0.1'] } });
    const from = { 'x-forwarded-for': '203.0.113.41' };
    for (let i = 0; i < THROTTLE.userFailures - 1; i++)
      expect((await (await signOnForm(t.client()))({ username: 'jaan', password: 'nope' }, from)).statusCode).toBe(401);
    // a few people sign on at once from that address, each with the right password
    const people = ['jaan', 'mari', 'liga', 'tomas'];
    const forms = await Promise.all(people.map(() => signOnForm(t!.client())));
    const answers = await Promise.all(
      forms.map((post, i) => post({ username: people[i], password: demoPassword(people[i]) }, from)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(people.map(() => 302));
    const rows = await t.db.selectFrom('login_failures').select(['scope', 'subject']).execute();
    expect(rows.filter((r) => r.scope === 'user')).toEqual([]);
    expect(rows.filter((r) => r.scope === 'address' && r.subject === '203.0.113.41')).toHaveLength(
      THROTTLE.userFailures - 1,
    );
  });
});

describe('medium: the login throttle holds across two processes on one PostgreSQL database', () => {
  const server = testDatabaseUrl();
  let tmp = '';
  let dropDatabase: (() => Promise<void>) | null = null;
  const portals: PortalProcess[] = [];

  beforeAll(async () => {
    if (!server) return;
    tmp = mkdtempSync(path.join(tmpdir(), 'epit-throttle-'));
    const database = await emptyPostgresDatabase(server);
    dropDatabase = () => database.drop();
    for (const name of ['A', 'B'])
      portals.push(
        await startPortal(name, tmp, { DATABASE_URL: database.url, DATA_DIR: path.join(tmp, `data-${name}`) }),
      );
    await Promise.all(portals.map((p) => ready(p)));
  }, 150_000);

  afterAll(async () => {
    await Promise.all(portals.map((p) => stopPortal(p)));
    await dropDatabase?.();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }, 30_000);

  /** A browser on process `p`'s sign-on page: posts its form once. */
  async function signOnPage(p: PortalProcess) {
    const browser = new Browser();
    const start = await browser.get(`${p.base}/api/security/login?target=/ui/dashboard`);
    const page = await browser.get(start.location!);
    const service = new URL(start.location!).searchParams.get('service')!;
    const execution = executionOf(page.text);
    return (username: string, password: string) =>
      browser.request(`${p.base}/cas/login`, { method: 'POST', form: { service, username, password, execution } });
  }

  it(`${BURST} parallel wrong passwords for one username, half to each process: at most ${THROTTLE.userFailures} are checked`, async (ctx) => {
    if (!server) ctx.skip('needs a PostgreSQL server (TEST_DATABASE_URL, as npm run test:server:pg gives it)');
    const forms = await Promise.all(Array.from({ length: BURST }, (_, i) => signOnPage(portals[i % 2])));
    const answers = await Promise.all(forms.map((post, i) => post('kristi', `wrong-${i}`)));
    const counts = tally(answers.map((r) => r.status));
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(THROTTLE.userFailures);
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);
    expect((counts[401] ?? 0) + (counts[429] ?? 0), JSON.stringify(counts)).toBe(BURST);
    for (const p of portals) {
      const right = await (await signOnPage(p))('kristi', demoPassword('kristi'));
      expect(right.status, p.name).toBe(429);
    }
  }, 120_000);
});
