/**
 * npm run bench -- rolling — a rolling restart under load, through a real load balancer (the drain of
 * server/ops/lifecycle.ts, the nginx configuration of docs/deployment.md).
 *
 * Two portal processes (server/main.ts as `npm start` runs it, request log to a file, DRAIN_SECONDS 5 unless
 * ROLLING_DRAIN_SECONDS says otherwise) on one PostgreSQL 15 (a throwaway cluster with the demo data:
 * server/test/pg-cluster.ts) behind nginx (server/test/nginx.ts). Five people sign on 4 times each through nginx, and
 * ROLLING_CONNECTIONS (default 50) connections run the mixed load's four calls (bench/mixed-load.ts: getUserContext,
 * a customer search, changeLanguage, changeRepresented) back to back through nginx for ROLLING_SECONDS (default 90).
 * Meanwhile each process in turn gets SIGTERM, exits, is started again on its port and waits until nginx sends it
 * requests again; then the other. Before A's SIGTERM, mary begins a Mobile-ID customer add on A itself, and her
 * status checks go on through nginx until the signing ends (on B: A is gone).
 *
 * Then a release under the same load: three browsers (anna) keep the portal open on the dashboard; A moves to the next
 * build (bench/lib/release.ts: every code file renamed, the previous build's kept beside it) and the browsers open a
 * page they had not shown (My settings), whose code the old build names; then B moves too and the browsers go back
 * to the main page, taking the new build at that navigation. The processes serve the real build in dist/ (built
 * first when missing).
 *
 * Prints requests, connection errors and non-2xx answers (target: 0 and 0), p50/p95/p99, each restart's steps, the
 * signing's end, whether every session signed on before the restarts is still signed in after them, and the
 * release's failed requests and error pages in the browsers (target: 0 and 0) and the builds they end on.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBalancer, servedBy } from '../server/test/nginx.js';
import { startCluster } from '../server/test/pg-cluster.js';
import { Browser, freePort } from '../server/test/processes.js';
import { closedLoop, fmtStats, signIn } from './lib/load.js';
import { grantPostgres, mixedSequence, partiesOf, PEOPLE } from './mixed-load.js';
import { startPortalServer, type PortalServer } from './lib/portal-server.js';
import { nextRelease, openPages } from './lib/release.js';

const CONNECTIONS = Number(process.env.ROLLING_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.ROLLING_SECONDS ?? 90);
const DRAIN = process.env.ROLLING_DRAIN_SECONDS ?? '5';
const LOGINS = 4;
/** searches over the demo customers: some hit, some miss */
const TERMS = ['maasikas', 'põldmari', 'testfirma', 'tamm', 'ber', 'elliptika', '11000', 'zzyzx', 'kase', 'lepp'];
const TESTFIRMA = { code: '11000109', name: 'Testfirma OÜ', jgid: 'EPEE11000109' };

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

export async function rollingBench(): Promise<void> {
  let t0 = Date.now();
  const at = () => `${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s`;
  const pg = await startCluster({ port: Number(process.env.BENCH_PG_PORT ?? 56532) });
  const tmp = mkdtempSync(path.join(tmpdir(), 'epit-rolling-'));
  const root = path.resolve(import.meta.dirname, '..');
  if (!existsSync(path.join(root, 'dist', 'index.html'))) {
    console.log('dist/index.html missing: running npm run build…');
    if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
      throw new Error('build failed');
  }
  // the build each process serves: the current one, then the release (bench/lib/release.ts)
  const dists = { current: path.join(root, 'dist'), next: path.join(tmp, 'dist-next') };
  const nextBuild = nextRelease(dists.current, dists.next);
  const distOf: Record<'A' | 'B', string> = { A: dists.current, B: dists.current };
  const ports = { A: await freePort(), B: await freePort(), balancer: await freePort() };
  const envOf = (name: 'A' | 'B') => ({
    DATABASE_URL: pg.url,
    DATA_DIR: path.join(tmp, name),
    DRAIN_SECONDS: DRAIN,
    DIST_DIR: distOf[name],
    // the people sign on through nginx, so the sign-on's service registry must list nginx's address (docs/deployment.md)
    CAS_SERVICES: `http://127\\.0\\.0\\.1:${ports.balancer}/.*`,
  });
  const start = (name: 'A' | 'B') => startPortalServer(`rolling-${name}`, envOf(name), { port: ports[name] });
  const servers: Record<'A' | 'B', PortalServer | null> = { A: null, B: null };
  let balancer: Awaited<ReturnType<typeof startBalancer>> | null = null;
  let pages: ReturnType<typeof openPages> | null = null;
  try {
    servers.A = await start('A');
    servers.B = await start('B');
    await grantPostgres(pg.url); // the four others may search customers, as in the mixed load
    balancer = await startBalancer({
      port: ports.balancer,
      upstreams: [ports.A, ports.B].map((p) => `127.0.0.1:${p}`),
      // the load tool ignores `Connection: close` (server/test/nginx.ts); browsers do not
      keepaliveRequests: 10_000_000,
    });
    const lb = balancer;
    pages = openPages(lb.base, 3);
    const sessions = await signIn(lb.base, PEOPLE, LOGINS);
    const parties = new Map<string, string[]>();
    for (const s of sessions) if (!parties.has(s.who)) parties.set(s.who, await partiesOf(lb.base, s));
    console.log(
      `rolling restart: ${CONNECTIONS} connections for ${SECONDS} s through nginx (server/test/nginx.ts) to two portal processes on one PostgreSQL, the mixed load's calls (${sessions.length} sessions); DRAIN_SECONDS ${DRAIN}`,
    );
    console.log(`load average before: ${load()}`);

    const steps: string[] = []; // what happened when, from the start of the load
    const step = (what: string) => steps.push(`${at()}  ${what}`);
    const restart = async (name: 'A' | 'B') => {
      const address = `127.0.0.1:${ports[name]}`;
      const stopped = Date.now();
      step(`SIGTERM to ${name}`);
      const code = await servers[name]!.stop();
      step(`${name} exited with ${code} after ${((Date.now() - stopped) / 1000).toFixed(1)} s`);
      const lines = lb.accessLog().split('\n').length;
      servers[name] = await start(name);
      step(`${name} started again and answers`);
      while (!servedBy(lb.accessLog()).slice(lines).includes(address)) await sleep(100);
      step(`nginx sends requests to ${name} again`);
      return code;
    };

    // mary begins a customer add with Mobile-ID on A itself, before A's restart
    const mary = new Browser();
    await mary.login(lb.base, 'mary');
    const begun = await mary.post(`http://127.0.0.1:${ports.A}/api/sign/mobile/start`, {
      mobileNr: '+37200000766',
      customer: {
        enterpriseCode: TESTFIRMA.code,
        enterpriseName: TESTFIRMA.name,
        email: 'board@example.ee',
        additionalInfo: '',
      },
    });
    const signing = (async () => {
      if ((JSON.parse(begun.text) as { status: string }).status !== 'SUCCESS') return `start answered ${begun.text}`;
      // the browser's checks: every 5 s in the portal, every second here; through nginx
      for (;;) {
        await sleep(1000);
        const check = await mary.get(`${lb.base}/api/sign/mobile/check`);
        const status =
          check.status === 200 ? (JSON.parse(check.text) as { status: string }).status : `HTTP ${check.status}`;
        if (status !== 'RUNNING') return status;
      }
    })();

    t0 = Date.now(); // the steps below count from the start of the load
    const running = closedLoop({
      base: lb.base,
      connections: CONNECTIONS,
      seconds: SECONDS,
      sequence: mixedSequence(sessions, parties, TERMS),
      headersOf: (i) => sessions[i % sessions.length].headers,
    });
    const codes: (number | null)[] = [];
    await sleep(5_000);
    codes.push(await restart('A'));
    const signed = await signing;
    step(`mary's customer add, begun on A: ${signed}`);
    await sleep(2_000);
    codes.push(await restart('B'));
    step('both restarted');

    // a release while people have the portal open: A moves to the next build, then B
    await pages.open();
    step('three browsers on the dashboard');
    distOf.A = dists.next;
    codes.push(await restart('A'));
    step(`A serves the next build (${nextBuild}), B the current one`);
    const errorsWhileMixed = await pages.navigate('My settings', 'Anna Ivanova');
    step(`the browsers opened My settings: ${errorsWhileMixed} error pages`);
    distOf.B = dists.next;
    codes.push(await restart('B'));
    step('B serves the next build too');
    const errorsAfter = await pages.navigate('Main page', 'My main page');
    const builds = await pages.builds();
    step(`the browsers went to the main page: ${errorsAfter} error pages, on ${[...new Set(builds)].join(', ')}`);
    step('the load goes on to the end');
    const r = await running;

    // every session signed on before the restarts is still signed in after them
    let signedIn = 0;
    for (const s of sessions) {
      const res = await fetch(`${lb.base}/api/context/getUserContext`, { headers: s.headers });
      if (res.status === 200) signedIn++;
      await res.body?.cancel();
    }
    const failed = pages.failures();
    const aborted = pages.aborted();
    await pages.close();
    const mine = await mary.get(`${lb.base}/api/context/getUserContext`);
    const added = mine.status === 200 && mine.text.includes(`"${TESTFIRMA.jgid}"`);

    const non2xx = Object.values(r.non2xx).reduce((a, b) => a + b, 0);
    const total = Object.values(r.statuses).reduce((a, b) => a + b, 0);
    console.log(
      `requests ${total.toLocaleString('en')} (${(r.requests / r.seconds).toFixed(0)}/s), connection errors ${r.errors} (timeouts ${r.timeouts}), non-2xx ${non2xx}${non2xx ? ` ${JSON.stringify(r.non2xx)}` : ''}: ${
        r.errors === 0 && non2xx === 0 ? 'target 0 met' : 'target 0 MISSED'
      }`,
    );
    console.log(`latency: ${fmtStats(r.all)}`);
    for (const [kind, st] of Object.entries(r.byKind))
      console.log(`  ${kind.padEnd(18)} ${st.n.toLocaleString('en').padStart(8)} × ${fmtStats(st)}`);
    console.log(`exit codes on SIGTERM: A ${codes[0]}, B ${codes[1]}, A ${codes[2]}, B ${codes[3]} (target 0)`);
    console.log(
      `release: ${failed.length} failed requests in the browsers${failed.length ? ` (${failed.slice(0, 5).join('; ')})` : ''} (and ${aborted} given up by a page as it loaded anew), ${errorsWhileMixed + errorsAfter} error pages (target 0 and 0); the browsers end on ${[...new Set(builds)].join(', ')} (the next build: ${nextBuild})`,
    );
    console.log(`signed in before the restarts and still after them: ${signedIn} of ${sessions.length} sessions`);
    console.log(
      `mary's Mobile-ID customer add, begun on A, checked through nginx while A restarted: ${signed}${added ? ', Testfirma OÜ is in her context' : ', Testfirma OÜ is NOT in her context'}`,
    );
    // the connection errors among the steps, to see which step each one belongs to
    const errorSteps = (r.errorLog ?? []).map(
      (e) => `${((e.at - t0) / 1000).toFixed(1).padStart(5)} s  connection error: ${e.what}`,
    );
    for (const s of [...steps, ...errorSteps].sort()) console.log(`  ${s}`);
    console.log(`load average after: ${load()}`);
  } finally {
    await pages?.close();
    for (const s of Object.values(servers)) await s?.stop();
    await balancer?.stop();
    await pg.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
