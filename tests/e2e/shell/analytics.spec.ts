/**
 * Analytics (spec 1 §9, "active only in live run mode"): a portal in live mode with ANALYTICS_URL pointing at a small
 * collector (a node http server here, standing in for Matomo) sends it one hit per page view, cookieless, and no hit
 * names a personal code or a customer id; a browser that sets Do Not Track or Global Privacy Control sends none, and
 * so does the test-mode portal.
 *
 * Live mode seeds no demo person, so the person is made as an operator would (`npm run user:add`) on the live
 * portal's own empty DATA_DIR, with Mari Maasikas's name and personal code under a username of its own (a live
 * server refuses a database with the demo logins).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures';
import { freePort } from '../../../server/test/free-port';

const PERSONAL_CODE = '48709050218';
const FGID = `EE${PERSONAL_CODE}`;
const JGID = 'EPEE11000015';
/** what must never reach the collector: the personal code, the customer id and its registry code */
const SECRETS = [PERSONAL_CODE, JGID, '11000015'];
const LOGIN = { username: 'mari.maasikas', password: 'Maasikas1x' };
const SITE_ID = '5';

interface Hit {
  url: URL;
  headers: IncomingHttpHeaders;
  /** the browser that sent it: its User-Agent ends with ` analytics/<name>` */
  from: string;
}

const hits: Hit[] = [];
let collector: Server | null = null;
let collectorUrl = '';
let live: ChildProcess | null = null;
let base = '';
let dataDir = '';
let log = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  collector = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://collector.invalid');
    const from = /analytics\/(\w+)$/.exec(req.headers['user-agent'] ?? '')?.[1] ?? 'unknown';
    hits.push({ url, headers: req.headers, from });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => collector!.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/matomo.php`;

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'epit-analytics-'));
  const env = {
    ...process.env,
    RUN_MODE: 'live',
    PUBLIC_ORIGIN: base,
    MAIL: 'off', // no mail server here (a live portal needs SMTP_URL or this)
    PORT: String(port),
    APPS_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: process.env.DIST_DIR ?? 'dist',
    ANALYTICS_URL: collectorUrl,
    ANALYTICS_SITE_ID: SITE_ID,
  };
  const added = spawnSync(
    process.execPath,
    [
      ...['--import', 'tsx', 'tools/user-add/main.ts', '--username', LOGIN.username],
      ...['--first-name', 'Mari', '--last-name', 'Maasikas', '--personal-code', PERSONAL_CODE],
    ],
    { env: { ...env, USER_ADD_PASSWORD: LOGIN.password }, encoding: 'utf8' },
  );
  expect(added.status, `npm run user:add: ${added.stderr}`).toBe(0);
  expect(added.stdout).toContain(`(${FGID}) created`);

  live = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  live.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (live.exitCode !== null) throw new Error(`the live-mode portal ended:\n${log}`);
    if (Date.now() > until) throw new Error(`the live-mode portal did not answer:\n${log}`);
    if (
      await fetch(`${base}/ui/config.json`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  live?.kill('SIGTERM');
  await new Promise<void>((resolve) => (collector ? collector.close(() => resolve()) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A browser on the live portal, marked in its User-Agent, with the privacy signal `signal` set the way a browser
 * sets it (Chromium's headless shell has no setting for either), failing on a Content-Security-Policy violation.
 */
async function liveBrowser(browser: Browser, name: string, signal?: 'doNotTrack' | 'globalPrivacyControl') {
  const probe = await browser.newPage();
  const userAgent = `${await probe.evaluate(() => navigator.userAgent)} analytics/${name}`;
  await probe.close();
  const context = await browser.newContext({ baseURL: base, userAgent, locale: 'en-US' });
  if (signal)
    await context.addInitScript((s) => {
      Object.defineProperty(Navigator.prototype, s, { get: () => (s === 'doNotTrack' ? '1' : true) });
    }, signal);
  const violations: string[] = [];
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.effectiveDirective} ${e.blockedURI}`),
    ),
  );
  context.on('console', (m) => {
    if (m.type() === 'error' && /CSP violation|Content Security Policy/.test(m.text())) violations.push(m.text());
  });
  return { context, violations };
}

/** mari's own heading: her settings page is on screen, so its view has been counted */
const shown = (page: Page) => expect(page.getByRole('heading', { level: 1, name: 'Mari Maasikas' })).toBeVisible();

/** Signs on with the password on the sign-on page, opens mari's settings, then a company's page. */
async function visitPages(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`/api/security/login?target=${encodeURIComponent(`/ui/user-settings/edit/${FGID}`)}`);
  await page.getByLabel('Username', { exact: true }).fill(LOGIN.username);
  await page.getByLabel('Password', { exact: true }).fill(LOGIN.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ui/user-settings/edit/${FGID}$`));
  await shown(page);
  // a company she may not act for (live mode seeds none): its page shows, then the portal goes home
  await page.goto(`/ui/settings/represented/${JGID}?from=${PERSONAL_CODE}`);
  await expect(page).toHaveURL(/\/ui\/dashboard$/);
  // (under the choice of whom to represent, which hides the rest from the accessibility tree)
  await expect(page.getByText('My main page', { exact: true })).toBeVisible();
}

test('page views reach the analytics endpoint in live mode only, without personal codes, and never under DNT or GPC', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // the test-mode portal, given the same setting: it sends nothing (a hit would also break its CSP, failing the test)
  const attempts: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(collectorUrl)) attempts.push(r.url());
  });
  await page.route('**/ui/config.json', async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    expect(config.runMode).toBe('test');
    await route.fulfill({ json: { ...config, analytics: { url: collectorUrl, siteId: Number(SITE_ID) } } });
  });
  await signInAs(page, 'mari', { target: `/ui/user-settings/edit/${FGID}` });
  await shown(page);
  await page.goto(`/ui/settings/represented/${JGID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maasikas OÜ' })).toBeVisible();

  // the live portal: Do Not Track, then Global Privacy Control, then a browser with neither
  const browsers = [];
  for (const [name, signal] of [
    ['dnt', 'doNotTrack'],
    ['gpc', 'globalPrivacyControl'],
    ['plain', undefined],
  ] as const) {
    const b = await liveBrowser(browser, name, signal);
    browsers.push(b);
    await visitPages(b.context);
  }
  // each page the plain browser showed is counted, under its template
  await expect
    .poll(() => hits.filter((h) => h.from === 'plain').map((h) => h.url.searchParams.get('url')))
    .toEqual([`${base}/ui/user-settings/edit/:fgid`, `${base}/ui/settings/represented/:jgid`, `${base}/ui/dashboard`]);
  for (const hit of hits) {
    expect(hit.url.pathname).toBe('/matomo.php');
    expect(hit.url.searchParams.get('idsite')).toBe(SITE_ID);
    expect(hit.url.searchParams.get('rec')).toBe('1');
    expect(hit.url.searchParams.get('action_name')).toMatch(/^[a-z-]+$/);
    // cookieless, and the address on screen not in a Referer either
    expect(hit.headers.cookie).toBeUndefined();
    expect(hit.headers.referer).toBeUndefined();
    const sent = decodeURIComponent(`${hit.url.href} ${JSON.stringify(hit.headers)}`);
    for (const secret of SECRETS) expect(sent, 'a personal code or customer id in a hit').not.toContain(secret);
  }
  // the test-mode portal and the browsers with a privacy signal sent nothing, before the plain browser's hits
  expect(hits.map((h) => h.from)).toEqual(['plain', 'plain', 'plain']);
  expect(attempts).toEqual([]);
  for (const b of browsers) {
    expect(b.violations).toEqual([]);
    await b.context.close();
  }
});
