/**
 * Lighthouse targets: the signed-out landing page asks no context/getUserContext and logs no error (Lighthouse's
 * best practices count the console's "401" of that call), because the server marks a session with the readable
 * EPIT-SIGNED-IN cookie (server/lib/session.ts). Signing in and out still work, a hint the session outlived is
 * cleared by the page's own answer, and a signed-in page's user context comes once, hinted with the page.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures';
import { banner, expectSignedInAs, pageLanguage, t } from '../skeleton/helpers';

const HINT = 'EPIT-SIGNED-IN';
const isContextCall = (url: string) => new URL(url).pathname === '/api/context/getUserContext';

/** what a page does that Lighthouse would hold against it: context calls, console errors, failed answers */
function watch(page: Page) {
  const seen = { contextCalls: 0, consoleErrors: [] as string[], failures: [] as string[] };
  page.on('request', (r) => {
    if (isContextCall(r.url())) seen.contextCalls++;
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.consoleErrors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) seen.failures.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return seen;
}

const hint = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === HINT);

async function expectLanding(page: Page) {
  const lang = await pageLanguage(page);
  await expect(banner(page).getByRole('link', { name: t(lang, 'header.login'), exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  return lang;
}

test('the signed-out landing asks for no user context and logs no error; signing in and out still work', async ({
  page,
  context,
}) => {
  const seen = watch(page);
  await page.goto('/ui/');
  const lang = await expectLanding(page);
  await page.waitForLoadState('networkidle');
  expect(seen.contextCalls, 'a visitor without a session should not ask for the user context').toBe(0);
  expect(seen.consoleErrors, 'the landing page should log no error').toEqual([]);
  expect(seen.failures, 'no request of the landing page should fail').toEqual([]);

  // signing in from the header sets the hint, and the portal then asks for (and shows) the person
  await banner(page)
    .getByRole('link', { name: t(lang, 'header.login'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/cas\/login\?service=/);
  await page.getByLabel('Username', { exact: true }).fill('anna');
  await page.getByLabel('Password', { exact: true }).fill('Ivanova12');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectSignedInAs(page, 'Anna Ivanova');
  expect(seen.contextCalls, 'signed in, the portal should load the user context').toBeGreaterThan(0);
  const set = await hint(context);
  expect(set?.value).toBe('1');
  expect(set?.httpOnly).toBe(false);
  expect(set?.sameSite).toBe('Lax');

  // logging out clears it: back on the landing page nothing is asked again
  const signedIn = await pageLanguage(page);
  await banner(page)
    .getByRole('button', { name: t(signedIn, 'header.logout'), exact: true })
    .click();
  await expect(page, 'logout should end at the sign-on page').toHaveURL(/\/cas\/login/, { timeout: 15_000 });
  expect(await hint(context)).toBeUndefined();
  seen.contextCalls = 0;
  seen.consoleErrors.length = 0;
  seen.failures.length = 0;
  await page.goto('/ui/');
  await expectLanding(page);
  await page.waitForLoadState('networkidle');
  expect(seen.contextCalls).toBe(0);
  expect(seen.consoleErrors).toEqual([]);
  expect(seen.failures).toEqual([]);
});

test('a protected page without the hint still goes to the sign-on page and comes back signed in', async ({ page }) => {
  await page.goto('/ui/dashboard');
  await expect(page).toHaveURL(/\/cas\/login\?service=/);
  await page.getByLabel('Username', { exact: true }).fill('anna');
  await page.getByLabel('Password', { exact: true }).fill('Ivanova12');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectSignedInAs(page, 'Anna Ivanova');
  await expect(page).toHaveURL(/\/ui\/dashboard/);
});

test('a hint the session outlived is put right by the page itself: the landing asks nothing and logs nothing', async ({
  page,
  context,
  baseURL,
}) => {
  // a browser that was signed in: its session cookie names a session the server no longer has
  await context.addCookies([
    { name: HINT, value: '1', url: baseURL! },
    { name: 'EPIT-SESSION', value: 'ended-long-ago', url: baseURL! },
  ]);
  const seen = watch(page);
  await page.goto('/ui/');
  await expectLanding(page);
  await page.waitForLoadState('networkidle');
  expect(await hint(context), 'the stale hint should be removed').toBeUndefined();
  expect(seen.contextCalls).toBe(0);
  expect(seen.consoleErrors).toEqual([]);
  expect(seen.failures).toEqual([]);
});

test('signed in, the user context the server hints at with the page is fetched once and used', async ({ page }) => {
  await signInAs(page, 'anna', { target: '/ui/dashboard' });
  await expectSignedInAs(page, 'Anna Ivanova');
  const seen = watch(page);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && /preload/i.test(m.text())) warnings.push(m.text());
  });
  const response = await page.reload();
  expect((await response!.allHeaders()).link).toContain('</api/context/getUserContext>; rel=preload');
  await expectSignedInAs(page, 'Anna Ivanova');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_500); // Chromium warns of an unused preload after about three seconds
  expect(seen.contextCalls, "the preload and the portal's own call should be one request").toBe(1);
  expect(warnings).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
});
