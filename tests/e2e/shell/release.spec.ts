/**
 * A release while the portal is open (src/app/release.ts, docs/deployment.md): a page whose code file is gone loads
 * the portal once more at its address, and a second failure shows the portal's own error page, whose Try again
 * works; a newer build announced by the server is taken at the next navigation, by a page load that lands where the
 * person asked.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signIn } from './helpers';

const SETTINGS_CODE = /\/ui\/assets\/user-settings-[^/]+\.js$/;
/** a value only this page load has: gone after the page is loaded again */
const mark = (page: Page) => page.evaluate(() => ((window as { mark?: number }).mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as { mark?: number }).mark === 1);

test('the code of a page not yet visited answers 404: the portal loads once more there, then shows its error page, whose Try again opens the page', async ({
  page,
}) => {
  let gone = true;
  await page.route(SETTINGS_CODE, (route) => (gone ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  const pageLoads: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) pageLoads.push(new URL(r.url()).pathname);
  });
  await signIn(page, 'anna');
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await mark(page);

  await page.getByRole('link', { name: 'My settings' }).first().click();
  const failure = page.getByRole('alert').filter({ hasText: 'The page could not be opened' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('The portal has been updated');
  await expect(page).toHaveURL(/\/ui\/user-settings\/edit\//);
  // loaded once more at the address asked for (the mark is gone), and not again after that
  expect(await marked(page)).toBe(false);
  expect(pageLoads.filter((p) => p.startsWith('/ui/user-settings/'))).toHaveLength(1);

  gone = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anna Ivanova' })).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('the code file is back after the one reload (the new build serves it): the person reaches the page', async ({
  page,
}) => {
  let asked = 0;
  await page.route(SETTINGS_CODE, (route) =>
    ++asked === 1 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
  );
  await signIn(page, 'anna');
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await page.getByRole('link', { name: 'My settings' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anna Ivanova' })).toBeVisible();
  await expect(page).toHaveURL(/\/ui\/user-settings\/edit\//);
  await expect(page.getByRole('alert').filter({ hasText: 'The page could not be opened' })).toHaveCount(0);
});

test('a newer build announced by the API is taken at the next navigation, by a page load that lands where the person asked', async ({
  page,
}) => {
  let newer = false;
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    // the server's own build id is on every answer; a process of the next release names another
    expect(headers['x-portal-build']).toMatch(/^index-.+\.js$/);
    if (newer) headers['x-portal-build'] = 'index-NEXTBUILD.js';
    await route.fulfill({ response, headers });
  });
  await signIn(page, 'anna');
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await mark(page);
  // the same build: a navigation stays in the page
  await page.getByRole('link', { name: 'My settings' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anna Ivanova' })).toBeVisible();
  expect(await marked(page)).toBe(true);

  newer = true;
  await page.reload(); // any answer of the new build's process tells the page; here the reload's own calls
  await expect(page.getByRole('heading', { level: 1, name: 'Anna Ivanova' })).toBeVisible();
  await mark(page);
  await page.getByRole('link', { name: 'Main page' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await expect(page).toHaveURL(/\/ui\/dashboard/);
  expect(await marked(page)).toBe(false);
});
