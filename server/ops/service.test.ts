/**
 * The portal run as a service, on PostgreSQL (`npm run test:server:pg`): two real portal processes (server/main.ts)
 * on one database behind a real nginx (server/test/nginx.ts, the configuration of docs/deployment.md), with
 * requests running all the time.
 *
 * - Probes and metrics of a real process: /health, /ready, /metrics only on METRICS_PORT.
 * - A restart of one process (SIGTERM, drain, start again on its port) under load: no request fails; a person signed
 *   in before it is still signed in after it; a Mobile-ID customer add begun on the restarted process finishes on
 *   the other.
 * - PostgreSQL stopped for 10 s and started again under a light load: every call meanwhile answers 200 or 503 with
 *   the catalogue's server error (never a 500, a stack or a reset), /ready answers 503, nothing is half written, and
 *   within 5 s of PostgreSQL's return the portal serves again without a restart.
 *
 * The database is a throwaway cluster of this file's own (server/test/pg-cluster.ts): stopping the shared one of the test
 * run would stop the test files beside this one. Runs only in the PostgreSQL run of the server tests; nginx is
 * installed with apt-get where missing (as root), and where it cannot be the tests are skipped, except under CI.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { UserContext } from '../../domain/contract.js';
import { startBalancer, servedBy, NginxUnavailable, type Balancer } from '../test/nginx.js';
import { startCluster, type Cluster } from '../test/pg-cluster.js';
import { openDb } from '../db/index.js';
import { testDatabaseUrl } from '../env.js';
import { SERVER_ERROR_TEXT } from '../lib/errors.js';
import { customer, TESTFIRMA } from '../routes/sign/test-kit.js';
import { halfWritten } from '../test/integrity.js';
import { Browser, freePort, ready, startPortal, stopPortal, type PortalProcess } from '../test/processes.js';

/** How long PostgreSQL stays stopped. */
const OUTAGE_MS = 10_000;
/** The portal must serve again within this of PostgreSQL's return. */
const RECOVERY_MS = 5_000;
/** Register codes kristi adds as customers (and resets again) while the database goes away. */
const COMPANIES = ['11000144', '11000121', '11000138'];
/**
 * The 503 of a call while PostgreSQL is away: DATABASE_UNAVAILABLE, or SERVICE_UNAVAILABLE when what failed first was
 * an outside service the call asked (the business register's simulator, on the same database here)
 */
const CATALOGUE_503 = { serviceErrorMessage: SERVER_ERROR_TEXT, messageKey: 'error.server' };
const CODES_503 = ['DATABASE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'];

let pg: Cluster | null = null;
let lb: Balancer | null = null;
let tmp = '';
let unavailable: string | null = null;
const portals: Record<'a' | 'b', PortalProcess | null> = { a: null, b: null };
const ports = { a: 0, b: 0, lb: 0, metricsA: 0, metricsB: 0 };

/**
 * The environment of portal `name`: the shared database, a DATA_DIR of its own, a short drain, its metrics. The
 * sign-on simulator's registry comes from configuration only (server/cas/registry.ts): it names the balancer's origin,
 * where the people sign on, and each process's own.
 */
const envOf = (name: 'a' | 'b') => ({
  CAS_SERVICES: String.raw`http://127\.0\.0\.1:(?:${ports.lb}|${ports.a}|${ports.b})/.*`,
  DATABASE_URL: pg!.url,
  DATA_DIR: path.join(tmp, `data-${name}`),
  DRAIN_SECONDS: '2',
  SHUTDOWN_TIMEOUT_SECONDS: '10',
  METRICS_PORT: String(name === 'a' ? ports.metricsA : ports.metricsB),
});
const start = (name: 'a' | 'b') =>
  startPortal(name.toUpperCase(), tmp, envOf(name), { port: name === 'a' ? ports.a : ports.b });

beforeAll(async () => {
  if (!testDatabaseUrl()) return;
  try {
    tmp = mkdtempSync(path.join(tmpdir(), 'epit-service-'));
    for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort();
    pg = await startCluster();
    // both at once: they also race to migrate and seed the empty database
    [portals.a, portals.b] = await Promise.all([start('a'), start('b')]);
    await Promise.all([ready(portals.a), ready(portals.b)]);
    lb = await startBalancer({
      port: ports.lb,
      upstreams: [`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`],
      workers: 1,
    });
  } catch (err) {
    if (!(err instanceof NginxUnavailable) || process.env.CI) throw err;
    unavailable = err.message;
  }
}, 120_000);

afterAll(async () => {
  for (const p of Object.values(portals)) if (p) await stopPortal(p, 'SIGKILL');
  await lb?.stop();
  await pg?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 30_000);

/** nginx could not be had here (not root, no apt-get): the test says so and is skipped (never under CI). */
function needsNginx(ctx: TestContext) {
  if (unavailable) ctx.skip(`nginx is missing and cannot be installed here: ${unavailable}`);
}

interface Answer {
  call: string;
  status: number;
  text: string;
}

/**
 * Browsers sending `calls` through the balancer back to back until stopped: every answer is kept (a failed fetch
 * as status 0). `calls[i]` runs in loop i; each returns what it was answered.
 */
function load(calls: ((n: number) => Promise<Answer>)[]) {
  const answers: Answer[] = [];
  let running = true;
  const loops = calls.map(async (call) => {
    for (let n = 0; running; n++) {
      try {
        answers.push(await call(n));
      } catch (err) {
        answers.push({ call: 'fetch', status: 0, text: String(err) });
      }
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

const asAnswer = (call: string) => (page: { status: number; text: string }) => ({ call, ...page });

const metricsText = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
const sampleOf = (text: string, line: RegExp) => Number(line.exec(text)?.[1] ?? NaN);

describe.skipIf(!testDatabaseUrl())('two portal processes behind nginx on PostgreSQL', () => {
  const mari = new Browser();
  const kristi = new Browser();
  const mary = new Browser();

  it('a process answers /health and /ready, and its metrics only on METRICS_PORT', async (ctx) => {
    needsNginx(ctx);
    const a = portals.a!;
    expect(await (await fetch(`${a.base}/health`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${a.base}/ready`)).json()).toEqual({ status: 'ready' });
    await mari.login(a.base, 'mari');
    expect((await mari.get(`${a.base}/api/context/changeRepresented/EPEE11000015`)).status).toBe(200);
    expect((await fetch(`${a.base}/metrics`)).status).toBe(404);
    expect((await fetch(`${lb!.base}/metrics`)).status).toBe(404);
    const text = await metricsText(ports.metricsA);
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/context/changeRepresented/:gid",status="200"} 1',
    );
    expect(text).not.toContain('EPEE11000015');
    expect(sampleOf(text, /^outside_service_requests_total\{service="cas",call="request",outcome="ok"\} (\d+)$/m)).toBe(
      1,
    );
    expect(sampleOf(text, /^db_pool_connections\{state="idle"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, /^portal_sessions_open (\d+)$/m)).toBeGreaterThanOrEqual(1);
  });

  it("nginx's request id is the portal's: one id in nginx's access log and in the answering process's line", async (ctx) => {
    needsNginx(ctx);
    const balancer = lb!;
    const lines = () => balancer.accessLog().split('\n').filter(Boolean);
    const seen = lines().length;
    // the client's own id is replaced by nginx's (deploy/epit.nginx.conf)
    const res = await fetch(`${balancer.base}/api/context/getSimpleUserContext`, {
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(res.status).toBe(200);
    // nginx writes a request's line once it has ended, which may be after the client has read the answer, and an
    // earlier test's last request may be written after it: the line of this request, not the file's last one
    const until = Date.now() + 5_000;
    const ours = () =>
      lines()
        .slice(seen)
        .find((l) => l.includes('"GET /api/context/getSimpleUserContext" 200 '));
    while (!ours() && Date.now() < until) await sleep(50);
    const id = ours()?.split(' ')[1];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const logged = () =>
      Object.values(portals)
        .flatMap((p) => p!.log.split('\n'))
        .find((l) => l.includes(`"reqId":"${id}"`));
    while (!logged() && Date.now() < until) await sleep(50);
    expect(JSON.parse(logged()!)).toMatchObject({ reqId: id, route: '/api/context/getSimpleUserContext', status: 200 });
    expect(Object.values(portals).some((p) => p!.log.includes('chosen-by-the-client'))).toBe(false);
  });

  it('a restart of one process under load: no request fails, sessions and a signing carry over', async (ctx) => {
    needsNginx(ctx);
    const balancer = lb!;
    await kristi.login(balancer.base, 'kristi');
    if (!mari.jar.has('EPIT-SESSION')) await mari.login(balancer.base, 'mari');
    await mary.login(balancer.base, 'mary');

    // mary begins a customer add with Mobile-ID on A itself; the person confirms it on the phone 3.5 s later
    const started = await mary.post(`${portals.a!.base}/api/sign/mobile/start`, {
      mobileNr: '+37200000766',
      customer: customer(TESTFIRMA.code, TESTFIRMA.name),
    });
    const begun = JSON.parse(started.text) as { status: string; challengeId: string | null };
    expect(begun.status).toBe('SUCCESS');
    expect(begun.challengeId).toMatch(/^\d{4}$/);

    const api = `${balancer.base}/api`;
    const running = load([
      () => mari.get(`${api}/context/getUserContext`).then(asAnswer('getUserContext')),
      (n) =>
        mari.post(`${api}/context/changeLanguage`, { value: n % 2 ? 'ENG' : 'EST' }).then(asAnswer('changeLanguage')),
      () => mari.get(`${api}/context/changeRepresented/EPEE11000015`).then(asAnswer('changeRepresented')),
      () => kristi.post(`${api}/customer-search/customer`, { value: 'maasikas' }).then(asAnswer('customer search')),
      () => kristi.get(`${api}/context/checkDeadApplications`).then(asAnswer('checkDeadApplications')),
    ]);
    const servedByBoth = () => new Set(servedBy(balancer.accessLog()).slice(-200)).size >= 2;
    while (running.answers.length < 100 || !servedByBoth()) await sleep(20);

    // SIGTERM: A drains (2 s), stops and exits 0 while the requests keep coming
    await stopPortal(portals.a!);
    expect(portals.a!.child.exitCode, portals.a!.log).toBe(0);
    expect(portals.a!.log).toMatch(/SIGTERM: draining for 2 s[\s\S]*stopped/);
    const linesBefore = balancer.accessLog().split('\n').length;

    // mary's signing goes on, on B: the pending signing and the simulator's session are in the database
    let status = 'RUNNING';
    for (let i = 0; i < 40 && status === 'RUNNING'; i++) {
      const check = await mary.get(`${api}/sign/mobile/check`);
      expect(check.status).toBe(200);
      status = (JSON.parse(check.text) as { status: string }).status;
      if (status === 'RUNNING') await sleep(250);
    }
    expect(status).toBe('SUCCESS');
    const b = await metricsText(ports.metricsB);
    expect(sampleOf(b, /^signing_sessions_ended_total\{method="MID",result="SUCCESS"\} (\d+)$/m)).toBe(1);

    // A again, on its port; once nginx sends to it again (it tries a failed process after 5 s), the load stops
    portals.a = await start('a');
    await ready(portals.a);
    const aAddress = `127.0.0.1:${ports.a}`;
    const until = Date.now() + 20_000;
    while (!servedBy(balancer.accessLog()).slice(linesBefore).includes(aAddress) && Date.now() < until)
      await sleep(100);
    await sleep(300);
    const answers = await running.stop();

    const failed = answers.filter((r) => r.status !== 200);
    expect(failed, `nginx:\n${balancer.errorLog()}`).toEqual([]);
    expect(answers.length).toBeGreaterThan(200);
    expect(servedBy(balancer.accessLog()).slice(linesBefore)).toContain(aAddress);
    // signed in before the restart, still signed in after it, on the restarted process
    const ctxOnA = await mari.get(`${portals.a.base}/api/context/getUserContext`);
    expect(ctxOnA.status).toBe(200);
    expect(UserContext.parse(JSON.parse(ctxOnA.text)).epitPrincipal?.representative.id).toBe('EE48709050218');
    // and the customer added by the signing is mary's
    const rights = UserContext.parse(JSON.parse((await mary.get(`${api}/context/getUserContext`)).text)).epitPrincipal
      ?.representationRightsCache;
    expect(rights).toHaveProperty(TESTFIRMA.jgid);
  }, 90_000);

  it(`PostgreSQL stopped for ${OUTAGE_MS / 1000} s: 503 with the catalogue's error, nothing half written, back within ${RECOVERY_MS / 1000} s`, async (ctx) => {
    needsNginx(ctx);
    const balancer = lb!;
    const api = `${balancer.base}/api`;
    if (!kristi.jar.has('EPIT-SESSION')) await kristi.login(balancer.base, 'kristi');
    if (!mari.jar.has('EPIT-SESSION')) await mari.login(balancer.base, 'mari');
    const languages = { confirmed: null as string | null, inFlight: null as string | null };
    const running = load([
      () => mari.get(`${api}/context/getUserContext`).then(asAnswer('getUserContext')),
      async (n) => {
        languages.inFlight = ['EST', 'ENG', 'RUS'][n % 3];
        const res = await mari.post(`${api}/context/changeLanguage`, { value: languages.inFlight });
        if (res.status === 200) languages.confirmed = languages.inFlight;
        return asAnswer('changeLanguage')(res);
      },
      async (n) => {
        const regCode = COMPANIES[n % COMPANIES.length];
        const added = await kristi.post(`${api}/customer-add/create-customer`, { value: regCode });
        if (added.status !== 200) return asAnswer('create-customer')(added);
        return asAnswer('registry reset')(await kristi.post(`${balancer.base}/sim/api/registry/reset`, { regCode }));
      },
    ]);
    // a light load: each loop waits for its answer, so a few requests at a time
    while (running.answers.length < 30) await sleep(20);

    await pg!.stopPostgres();
    const down = Date.now();
    const readyOf = async (p: PortalProcess) => {
      const res = await fetch(`${p.base}/ready`);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    // meanwhile: /ready says so on both processes, /health does not (the processes are fine)
    await sleep(1000);
    for (const p of [portals.a!, portals.b!]) {
      expect(await readyOf(p)).toEqual({ status: 503, body: { status: 'database-unavailable' } });
      expect((await fetch(`${p.base}/health`)).status).toBe(200);
    }
    await sleep(OUTAGE_MS - (Date.now() - down));
    const during = running.answers.length;

    await pg!.startPostgres();
    const back = Date.now();
    let served: number | null = null;
    while (Date.now() - back < 15_000) {
      const res = await mari.get(`${api}/context/getUserContext`);
      if (res.status === 200) {
        served = Date.now() - back;
        break;
      }
      await sleep(100);
    }
    expect(served, 'the first 200 after PostgreSQL came back, ms').not.toBeNull();
    expect(served!).toBeLessThan(RECOVERY_MS);
    for (const p of [portals.a!, portals.b!]) expect((await readyOf(p)).status).toBe(200);
    await sleep(500);
    const answers = await running.stop();

    // every answer: a success, or the catalogue's server error with 503; nothing else, not even once
    const unavailableAnswers = answers.filter((r) => r.status === 503);
    const problems = [portals.a!, portals.b!].flatMap((p) =>
      p.log.split('\n').filter((l) => /"level":(5|6)0|cannot start|failed/.test(l)),
    );
    expect(
      answers.filter((r) => r.status !== 200 && r.status !== 503),
      `the portals' errors:\n${problems.join('\n')}\nnginx:\n${balancer.errorLog()}`,
    ).toEqual([]);
    expect(unavailableAnswers.length).toBeGreaterThan(0);
    for (const r of unavailableAnswers) {
      const { code, ...rest } = JSON.parse(r.text) as { code: string };
      expect(rest, r.call).toEqual(CATALOGUE_503);
      expect(CODES_503, r.call).toContain(code);
    }
    expect(answers.length).toBeGreaterThan(during);

    // nothing half written: the customers added and reset meanwhile are whole or gone; the language is one answered
    // (or the one whose answer the outage cut off)
    const db = openDb(null, pg!.url);
    try {
      expect(await halfWritten(db, COMPANIES)).toEqual([]);
      const ctxNow = UserContext.parse(JSON.parse((await mari.get(`${api}/context/getUserContext`)).text));
      expect([languages.confirmed, languages.inFlight]).toContain(ctxNow.language.toUpperCase());
    } finally {
      await db.destroy();
    }
  }, 90_000);
});
