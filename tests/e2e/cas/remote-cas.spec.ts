/**
 * A remote CAS: started with CAS_URL pointing elsewhere, the portal sends people there. This file starts
 * two more processes of the same server (server/main.ts), each with its own DATA_DIR seeded from the demo data:
 *   - a CAS on E2E_PORT + 30 (ports.ts) whose service registry (CAS_SERVICES) lists the second portal,
 *   - a portal on E2E_PORT + 32 with CAS_URL=http://localhost:<E2E_PORT + 30>/cas and CAS_TICKET_CHECK_URL=none, as
 *     against a plain Apereo CAS: no ticket endpoint, so its silent sign-on check uses gateway=true.
 * Both use the build of this run (DIST_DIR), so nothing is built here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '../fixtures';
import { expectServerPortsFree, REMOTE_CAS_PORT } from '../ports';
import { banner, expectSignedInAs, pageLanguage, t } from '../skeleton/helpers';

const CAS_PORT = REMOTE_CAS_PORT;
const PORTAL_PORT = REMOTE_CAS_PORT + 2;
const CAS = `http://localhost:${CAS_PORT}/cas`;
const PORTAL = `http://localhost:${PORTAL_PORT}`;

const processes: { name: string; child: ChildProcess; log: string[] }[] = [];
let dataRoot = '';

function startServer(name: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, RUN_MODE: 'test', HOST: '127.0.0.1', DATA_DIR: join(dataRoot, name), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entry = { name, child, log: [] as string[] };
  child.stdout?.on('data', (d: Buffer) => entry.log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => entry.log.push(d.toString()));
  processes.push(entry);
  return entry;
}

async function ready(entry: (typeof processes)[number], url: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (entry.child.exitCode !== null) throw new Error(`${entry.name} ended:\n${entry.log.join('')}`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${entry.name} did not answer ${url}:\n${entry.log.join('')}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  for (const port of [CAS_PORT, PORTAL_PORT]) await expectServerPortsFree(port);
  dataRoot = mkdtempSync(join(tmpdir(), 'epit-e2e-cas-'));
  const cas = startServer('cas', {
    PORT: String(CAS_PORT),
    CAS_SERVICES: `http://localhost:${PORTAL_PORT}/.*`,
  });
  const portal = startServer('portal', {
    PORT: String(PORTAL_PORT),
    CAS_URL: CAS,
    CAS_TICKET_CHECK_URL: 'none',
  });
  await Promise.all([ready(cas, `${CAS}/login`), ready(portal, `${PORTAL}/ui/config.json`)]);
});

test.afterAll(async () => {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
});

async function fillSignOn(page: Page, who: keyof typeof DEMO) {
  await expect(page, 'the sign-on page of the other process should be shown').toHaveURL(
    new RegExp(`^http://localhost:${CAS_PORT}/cas/login\\?service=`),
  );
  await page.getByLabel('Username', { exact: true }).fill(DEMO[who].username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO[who].password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('a protected page sends the person to the CAS in another process and back, signed in', async ({ page }) => {
  await page.goto(`${PORTAL}/ui/dashboard`);
  await fillSignOn(page, 'anna');
  await expectSignedInAs(page, DEMO.anna.fullName);
  expect(new URL(page.url()).origin).toBe(PORTAL);
  expect((await page.request.get(`${PORTAL}/api/context/getUserContext`)).status()).toBe(200);
  // the main test server, with its own simulator, knows nothing of this session
  expect((await page.request.get('/api/context/getUserContext')).status()).toBe(401);
});

test("logout goes through that CAS's logout and ends at its sign-on page, signed out of the portal", async ({
  page,
}) => {
  await page.goto(`${PORTAL}/ui/dashboard`);
  await fillSignOn(page, 'anna');
  await expectSignedInAs(page, DEMO.anna.fullName);
  const lang = await pageLanguage(page);
  await banner(page)
    .getByRole('button', { name: t(lang, 'header.logout'), exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`^http://localhost:${CAS_PORT}/cas/login`), { timeout: 15_000 });
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  expect((await page.request.get(`${PORTAL}/api/context/getUserContext`)).status()).toBe(401);
});

test('without a ticket endpoint the silent check uses gateway=true: signed out it stays on the page', async ({
  page,
}) => {
  const gateway = page.waitForRequest((r) => r.url().startsWith(`${CAS}/login?`) && r.url().includes('gateway=true'));
  await page.goto(`${PORTAL}/ui/`);
  await gateway;
  // back on the portal, still signed out, and no second round trip (once per tab)
  await expect(page).toHaveURL(`${PORTAL}/ui/`);
  const lang = await pageLanguage(page);
  await expect(banner(page).getByRole('link', { name: t(lang, 'header.login'), exact: true })).toBeVisible();
  expect((await page.request.get(`${PORTAL}/api/context/getUserContext`)).status()).toBe(401);
});

test('with a sign-on session at the CAS, the gateway check signs the person in without the form', async ({ page }) => {
  // sign on at the CAS itself (no service): only the sign-on session exists, no portal session
  await page.goto(`${CAS}/login`);
  await page.getByLabel('Username', { exact: true }).fill(DEMO.anna.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.anna.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You are logged in' })).toBeVisible();

  await page.goto(`${PORTAL}/ui/`);
  await expectSignedInAs(page, DEMO.anna.fullName);
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
});
