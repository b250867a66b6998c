/**
 * Real services by configuration: a second portal is started with MID_URL and SMART_ID_URL pointing
 * at a Mobile-ID / Smart-ID stand-in on another port (the simulators of a third, independent process), and a
 * customer-add signing in the browser reaches the stand-in: what the stand-in's console decides is what the
 * person sees, as a catalogue message. Then eeva signs with her EC (P-256) Mobile-ID on the main test server.
 *
 * Ports (ports.ts): E2E_STANDIN_PORT (default E2E_PORT + 5) for the stand-in, E2E_STANDIN_PORT + 2 for the second
 * portal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  dialog,
  expectOutcome,
  MSG,
  mobileIdButton,
  phoneField,
  resetCompany,
  toSigningPanel,
} from '../customer-add/helpers';
import { expectServerPortsFree, STANDIN_PORT } from '../ports';

const PORTAL_PORT = STANDIN_PORT + 2;
const STANDIN = `http://127.0.0.1:${STANDIN_PORT}`;
const PORTAL = `http://127.0.0.1:${PORTAL_PORT}`;
const ELLIPTIKA = { name: 'Elliptika OÜ', regCode: '11000144', jgid: 'EPEE11000144' };

const servers: ChildProcess[] = [];

/** The reference server (tools/e2e/serve.ts: fresh temporary database, the already built portal) on a port. */
async function startServer(port: number, env: Record<string, string> = {}) {
  await expectServerPortsFree(port);
  const child = spawn('npx', ['tsx', 'tools/e2e/serve.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RUN_MODE: 'test', E2E_SKIP_BUILD: '1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  servers.push(child);
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ui/config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server on port ${port} did not start:\n${log}`);
}

/** Changes the stand-in's simulator knobs through its console API (cookie + XSRF like a browser). */
async function standIn(patch: Record<string, unknown>) {
  const first = await fetch(`${STANDIN}/sim/api/signing`);
  const token = /EPIT-XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const res = await fetch(`${STANDIN}/sim/api/signing`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `EPIT-XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token },
    body: JSON.stringify(patch),
  });
  expect(res.ok, await res.clone().text()).toBeTruthy();
}

async function portalPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: PORTAL });
  return context.newPage();
}

/** The sign-on page as a person uses it (fixtures' loginAs, for a demo person it does not list). */
async function logIn(page: Page, username: string, password: string) {
  await page.goto(`/api/security/login?target=${encodeURIComponent('/ui/')}`);
  await expect(page).toHaveURL(/\/cas\/login/);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/cas\/login/);
}

async function openCustomerAdd(page: Page, username: string, password: string) {
  await logIn(page, username, password);
  await page.goto('/ui/dashboard/EE/en/add-customer');
  await expect(dialog(page)).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('a portal whose MID_URL and SMART_ID_URL point at a stand-in on another port', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await startServer(STANDIN_PORT);
    await startServer(PORTAL_PORT, {
      MID_URL: `${STANDIN}/sim/mid-api`,
      SMART_ID_URL: `${STANDIN}/sim/smart-id-api`,
    });
  });
  test.afterAll(() => {
    for (const s of servers) if (s.pid) process.kill(-s.pid, 'SIGTERM');
  });

  test('the stand-in answers as Mobile-ID does (400 without the relying party)', async () => {
    const res = await fetch(`${STANDIN}/sim/mid-api/certificate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '+37200000766', nationalIdentityNumber: '60001019906' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'relyingPartyUUID cannot be null.' });
  });

  test('Smart-ID: the stand-in’s end result and HTTP error show their catalogue messages', async ({ browser }) => {
    test.setTimeout(90_000);
    await standIn({ sidDelayMs: 0, sidCertChoiceDelayMs: 0, sidResult: 'USER_REFUSED_DISPLAYTEXTANDPIN' });
    const page = await portalPage(browser);
    await page.clock.install();
    await openCustomerAdd(page, 'sille', 'Sepp12345');
    await toSigningPanel(page, 'Testfirma OÜ', 'Testfirma');
    await page.getByRole('button', { name: 'Smart-ID', exact: true }).click();
    await expect(page.getByTestId('verification-code').locator('strong')).toHaveText(/^\d{4}$/);
    await page.clock.fastForward(10_000);
    await expectOutcome(page, MSG.SID_USER_REFUSED);

    // the stand-in is under maintenance (HTTP 580): nothing the person did, the generic message
    await standIn({ sidResult: null, sidHttpError: 580 });
    await page.goto('/ui/dashboard/EE/en/add-customer');
    await toSigningPanel(page, 'Testfirma OÜ', 'Testfirma');
    await page.getByRole('button', { name: 'Smart-ID', exact: true }).click();
    await expectOutcome(page, 'Automatic adding failed, please try again later or contact customer manager');
    await standIn({ sidHttpError: null });
    await page.context().close();
  });

  test('Mobile-ID: the person cancels on the stand-in’s phone, then signs there', async ({ browser }) => {
    test.setTimeout(90_000);
    // the portal's own simulator would let mary's +37200000766 succeed: a cancel can only come from the stand-in
    await standIn({ midDelayMs: 0, midResult: 'USER_CANCELLED' });
    const page = await portalPage(browser);
    await page.clock.install();
    await openCustomerAdd(page, 'mary', 'Suslik123');
    await toSigningPanel(page, 'Testfirma OÜ', 'Testfirma');
    await phoneField(page).fill('+37200000766');
    await mobileIdButton(page).click();
    await expect(page.getByTestId('verification-code')).toBeVisible();
    await page.clock.fastForward(10_000);
    await expectOutcome(page, MSG.MID_USER_CANCELLED);

    await standIn({ midResult: null });
    await page.goto('/ui/dashboard/EE/en/add-customer');
    await toSigningPanel(page, 'Testfirma OÜ', 'Testfirma');
    await phoneField(page).fill('+37200000766');
    await mobileIdButton(page).click();
    await expect(page.getByTestId('verification-code')).toBeVisible();
    await page.clock.fastForward(10_000);
    await expectOutcome(page, MSG.success);
    await expect(page).toHaveURL(/\/ui\/settings\/represented\/EPEE11000109/);
    await page.context().close();
  });
});

test('eeva signs Elliptika OÜ with her EC (P-256) Mobile-ID: raw r‖s verifies, she is its main admin', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await resetCompany(page, ELLIPTIKA.regCode);
  try {
    await page.clock.install();
    await openCustomerAdd(page, 'eeva', 'Kuusk1234');
    await toSigningPanel(page, ELLIPTIKA.name, 'Elliptika');
    await phoneField(page).fill('+37255501234');
    await mobileIdButton(page).click();
    await expect(page.getByTestId('verification-code').locator('strong')).toHaveText(/^\d{4}$/);
    await page.clock.fastForward(10_000);
    await expectOutcome(page, MSG.success, { timeout: 20_000 });
    const ctx = (await (await page.request.get('/api/context/getUserContext')).json()) as {
      epitPrincipal: { representationRightsCache: Record<string, { userRoleList: { application: string }[] }> };
    };
    expect(ctx.epitPrincipal.representationRightsCache[ELLIPTIKA.jgid]?.userRoleList).toContainEqual(
      expect.objectContaining({ application: 'AXAPTA' }),
    );
  } finally {
    await resetCompany(page, ELLIPTIKA.regCode);
  }
});
