/**
 * Helpers for the Playwright tests (tests/e2e, tests/model). Import `test` and `expect` from here.
 *
 * One server and one database serve the whole run (a fresh temporary DATA_DIR per run, see
 * tools/e2e/serve.ts), so there is no per-test database reset: every test gets a fresh browser context
 * (Playwright's default: no cookies, no storage), and tests must not depend on each other's writes. A test
 * that changes data (preferences, invites, customers) uses data no other test reads, or restores it.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';

export { expect, test };

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
 * Signs in through the single sign-on page the way a person does: opens `target` (default /ui/), follows the
 * redirect to /cas/login (or goes through the security service when `target` is a public page), fills
 * Username and Password by their labels and clicks "Log in". Resolves once the browser is back in the portal.
 */
export async function login(
  page: Page,
  username: string,
  password: string,
  { target = '/ui/' }: { target?: string } = {},
) {
  await page.goto(target);
  const onCas = () => new URL(page.url()).pathname.startsWith('/cas/login');
  if (!onCas()) {
    // a protected page redirects by itself; a public one does not, so ask the security service
    await page.waitForURL(/\/cas\/login/, { timeout: 5_000 }).catch(async () => {
      await page.goto(`/api/security/login?target=${encodeURIComponent(target)}`);
    });
  }
  await expect(page, 'the single sign-on page should be shown').toHaveURL(/\/cas\/login/);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page, `login as ${username} should leave the sign-on page (wrong password?)`).not.toHaveURL(
    /\/cas\/login/,
  );
}

/** login(page, ...DEMO.mari) style shortcut: loginAs(page, 'mari'). */
export function loginAs(page: Page, who: DemoPerson, options?: { target?: string }) {
  return login(page, DEMO[who].username, DEMO[who].password, options);
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

export const SNAP_WIDTHS = [375, 1280] as const;

/**
 * Screenshots of the current page at 375 px and 1280 px wide (full page), saved as
 * test-results/screens/<name>-<width>.png and attached to the HTML report. With SNAP_KEEP=1 they are also
 * copied to tests/artifacts/ (deliberate screenshots to keep in the repository). The viewport is restored.
 */
export async function snap(page: Page, name: string, testInfo: TestInfo = test.info()) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  const dir = join(process.cwd(), 'test-results', 'screens');
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
      if (process.env.SNAP_KEEP === '1') {
        const keep = join(process.cwd(), 'tests', 'artifacts');
        mkdirSync(keep, { recursive: true });
        copyFileSync(file, join(keep, `${safe}-${width}.png`));
      }
    }
  } finally {
    await page.setViewportSize(original);
  }
}
