/**
 * The database outage in the browser: a portal process on a PostgreSQL of its own (a throwaway cluster,
 * server/test/pg-cluster.ts; the read-only and global-state servers are on SQLite), on DB_OUTAGE_PORT (tests/e2e/ports.ts),
 * with the build of this run. PostgreSQL is stopped while anna is signed in: the page still loads, the dashboard says
 * her data could not be loaded (its API answers 503 with the catalogue's server error), "Try again" fails the same
 * way while PostgreSQL is away, and once it is back the same page shows the dashboard, without a reload. The same
 * outage under load, in the server: server/ops/service.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, PostgresUnavailable, type Cluster } from '../../../server/test/pg-cluster';
import { expect, signInAs, test } from '../fixtures';
import { DB_OUTAGE_PORT, expectServerPortsFree } from '../ports';
import { markWindow, windowMarkerSurvived } from '../shell/helpers';
import { TEXT } from './helpers';

const ORIGIN = `http://localhost:${DB_OUTAGE_PORT}`;
const ANNA_MOBILE = '+37255500003';

let pg: Cluster | null = null;
let portal: ChildProcess | null = null;
let log = '';
let dataDir = '';
let unavailable: string | null = null;

test.use({ baseURL: ORIGIN });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await expectServerPortsFree(DB_OUTAGE_PORT);
  try {
    pg = await startCluster();
  } catch (err) {
    if (!(err instanceof PostgresUnavailable)) throw err;
    unavailable = err.message;
    return;
  }
  dataDir = mkdtempSync(join(tmpdir(), 'epit-e2e-outage-'));
  portal = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      RUN_MODE: 'test',
      HOST: '127.0.0.1',
      PORT: String(DB_OUTAGE_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  portal.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  portal.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const until = Date.now() + 90_000;
  for (;;) {
    if (portal.exitCode !== null) throw new Error(`the portal ended:\n${log}`);
    const ok = await fetch(`${ORIGIN}/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > until) throw new Error(`the portal did not get ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (portal && portal.exitCode === null) {
    const exited = new Promise((resolve) => portal!.once('exit', resolve));
    portal.kill('SIGKILL');
    await exited;
  }
  await pg?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('PostgreSQL stopped: the dashboard says so, and comes back without a reload once PostgreSQL is back', async ({
  page,
}) => {
  // tools/pg/with-cluster installs PostgreSQL where it is missing: one that cannot be had is a failure, as in CI
  expect(unavailable, 'PostgreSQL cannot be had here').toBeNull();
  await page.context().addCookies([{ name: 'EPIT-LANGUAGE', value: 'eng', url: ORIGIN }]);
  await signInAs(page, 'anna', { target: '/ui/dashboard' });
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await expect(page.getByTestId('user-mobile')).toHaveText(ANNA_MOBILE);

  await pg!.stopPostgres();
  // the page itself needs no database; its user context does
  const contextAnswer = page.waitForResponse((r) => r.url().endsWith('/api/context/getUserContext'));
  await page.goto('/ui/dashboard');
  const answer = await contextAnswer;
  expect(answer.status()).toBe(503);
  expect(await answer.json()).toEqual({
    serviceErrorMessage: TEXT.serverError,
    code: 'DATABASE_UNAVAILABLE',
    messageKey: 'error.server',
  });
  await expect(page.getByRole('heading', { level: 1, name: TEXT.contextFailed })).toBeVisible();
  await expect(page.getByText(TEXT.clientError)).toBeVisible();
  await markWindow(page);
  const retry = page.getByRole('button', { name: TEXT.retry });
  // still away: the retry fails the same way
  const again = page.waitForResponse((r) => r.url().endsWith('/api/context/getUserContext'));
  await retry.click();
  expect((await again).status()).toBe(503);
  await expect(page.getByText(TEXT.clientError)).toBeVisible();

  await pg!.startPostgres();
  await retry.click();
  await expect(page).toHaveURL(/\/ui\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await expect(page.getByTestId('user-mobile')).toHaveText(ANNA_MOBILE);
  expect(await windowMarkerSurvived(page), 'recovered without a page reload').toBe(true);
});
