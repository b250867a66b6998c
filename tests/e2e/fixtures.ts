/**
 * Helpers for the Playwright tests (tests/e2e, tests/model). Import `test` and `expect` from here.
 *
 * One server and one database serve the whole run (a fresh temporary DATA_DIR per run, see
 * tools/e2e/serve.ts), so there is no per-test database reset: every test gets a fresh browser context
 * (Playwright's default: no cookies, no storage), and tests must not depend on each other's writes. A test
 * that changes data (preferences, invites, customers) uses data no other test reads, or restores it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';

/**
 * Every test fails on a Content-Security-Policy violation in its browser context (docs/security.md: the policy of
 * server/security/headers.ts must cause no error on any page). The page's securitypolicyviolation events are echoed
 * to the console, because a blocked eval that the page catches logs nothing by itself.
 */
export const test = base.extend<{ contentSecurityPolicyGuard: void }>({
  contentSecurityPolicyGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.effectiveDirective} ${e.blockedURI} on ${location.pathname}`),
        ),
      );
      context.on('console', (m) => {
        if (m.type() === 'error' && /^CSP violation|Content Security Policy/.test(m.text())) violations.push(m.text());
      });
      await use();
      expect(violations, 'Content-Security-Policy violations in the browser').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The demo people with a login (server/db/seed/portal-demo.json). */
export const DEMO = {
  mari: { username: 'mari', password: 'Maasikas1', fullName: 'Mari Maasikas' },
  jaan: { username: 'jaan', password: 'Tamm12345', fullName: 'Jaan Tamm' },
  liga: { username: 'liga', password: 'Berzina12', fullName: 'Līga Bērziņa' },
  tomas: { username: 'tomas', password: 'Kazlauskas1', fullName: 'Tomas Kazlauskas' },
  kristi: { username: 'kristi', password: 'Kask12345', fullName: 'Kristi Kask' },
  peeter: { username: 'peeter', password: 'Lepp12345', fullName: 'Peeter Lepp' },
  anna: { username: 'anna', password: 'Ivanova12', fullName: 'Anna Ivanova' },
  mary: { username: 'mary', password: 'Suslik123', fullName: "Mary Änn O'Connež-Šuslik" },
  sille: { username: 'sille', password: 'Sepp12345', fullName: 'Sille Sepp' },
  rein: { username: 'rein', password: 'Rebane123', fullName: 'Rein Rebane' },
  toomas: { username: 'toomas', password: 'Tuisk1234', fullName: 'Toomas Tuisk' },
  jaak: { username: 'jaak', password: 'Joeorg123', fullName: 'Jaak-Kristjan Jõeorg' },
} as const;
export type DemoPerson = keyof typeof DEMO;

/**
 * Signs in through the single sign-on page the way a person does: starts at the security service with `target`
 * (default /ui/), which is where both a protected page's redirect and the header's log-in link lead, fills
 * Username and Password on the sign-on page by their labels and clicks "Log in". Resolves once the browser is
 * back in the portal (`loginAs(page, 'mari')`). Tests whose subject is not the sign-on page itself use the quicker
 * signInAs().
 */
export async function loginAs(page: Page, who: DemoPerson, { target = '/ui/' }: { target?: string } = {}) {
  const { username, password } = DEMO[who];
  await page.goto(securityLogin(target));
  await expect(page, 'the single sign-on page should be shown').toHaveURL(/\/cas\/login/);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page, `login as ${username} should leave the sign-on page (wrong password?)`).not.toHaveURL(
    /\/cas\/login/,
  );
}

const securityLogin = (target: string) => `/api/security/login?target=${encodeURIComponent(target)}`;

/**
 * Signs in as a demo person with the same requests the sign-on page's form makes, without rendering it: the
 * security service (302 to the sign-on service), the sign-on POST with username and password (302 back with a
 * service ticket) and the portal's callback, which validates the ticket and opens the session. The real server
 * and database answer; the requests go through the page's own request context, so the session and sign-on
 * cookies land in the browser context. Then opens `target` (default /ui/) in the page, as the callback's
 * redirect would. Every call opens a fresh session, like a person logging in.
 */
export async function signInAs(page: Page, who: DemoPerson, { target = '/ui/' }: { target?: string } = {}) {
  const { username, password } = DEMO[who];
  const start = await page.request.get(securityLogin(target), { maxRedirects: 0 });
  // a relative redirect: only its path and query matter here
  const toSignOn = new URL(start.headers().location ?? '', 'http://base.invalid');
  expect(toSignOn.pathname, 'the security service should send to the sign-on service').toBe('/cas/login');
  const service = toSignOn.searchParams.get('service') ?? '';
  // the sign-on form's single-use execution token (CAS 3.0 §3.5), bound to this browser's flow cookie
  const form = await (await page.request.get(toSignOn.pathname + toSignOn.search)).text();
  const execution = /name="execution" value="([^"]+)"/.exec(form)?.[1] ?? '';
  const signOn = await page.request.post('/cas/login', {
    form: { service, username, password, execution },
    maxRedirects: 0,
  });
  const back = signOn.headers().location ?? '';
  expect(back, `the sign-on service should accept ${username} (wrong password?)`).toMatch(/[?&]ticket=ST-/);
  const callback = await page.request.get(back, { maxRedirects: 0 });
  expect(callback.status(), 'the portal should accept the ticket and open the session').toBe(302);
  await page.goto(target);
}

/**
 * Runs axe-core on the page (or a part of it) and fails on any serious or critical violation, listing each
 * with its rule, help text and the offending elements.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { include, exclude, disableRules = [] }: { include?: string; exclude?: string; disableRules?: string[] } = {},
) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  if (disableRules.length) builder = builder.disableRules(disableRules);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
    )
    .join('\n');
  expect(
    serious.map((v) => `${v.impact} ${v.id}`),
    `axe found serious/critical accessibility violations on ${page.url()}:\n${report}`,
  ).toEqual([]);
}

const SNAP_WIDTHS = [375, 1280] as const;

/**
 * Screenshots of the current page at 375 px and 1280 px wide (full page), saved as
 * test-results/screens/<name>-<width>.png (Playwright's output folder, ignored by git and wiped on every run)
 * and attached to the HTML report. The viewport is restored.
 */
export async function snap(page: Page, name: string, testInfo: TestInfo = test.info()) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  const dir = join(testInfo.project.outputDir, 'screens');
  mkdirSync(dir, { recursive: true });
  const safe = name.replace(/[^a-z0-9-_]+/gi, '-');
  try {
    for (const width of SNAP_WIDTHS) {
      await page.setViewportSize({ width, height: original.height });
      // let layout and media queries settle: two animation frames, no fixed sleep
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const file = join(dir, `${safe}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      await testInfo.attach(`${safe}-${width}`, { path: file, contentType: 'image/png' });
    }
  } finally {
    await page.setViewportSize(original);
  }
}
