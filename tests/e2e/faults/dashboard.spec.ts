/**
 * Faults, the dashboard: with the portal API down, slow (5 s) or answering 500, the dashboard shows its
 * catalogue message and recovers without a page reload once the API is back (a window marker set before the
 * recovery survives it).
 */
import { expect, snap, test } from '../fixtures';
import { markWindow, signIn, windowMarkerSurvived } from '../shell/helpers';
import { SLOW_MS, TEXT, clearFault, setFault } from './helpers';

const ANNA_MOBILE = '+37255500003';

test.afterEach(async ({ page }) => {
  await clearFault(page);
});

test('down: opening the dashboard says the data could not be loaded; "Try again" brings the dashboard once the API is back', async ({
  page,
}) => {
  await signIn(page, 'anna');
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await setFault(page, 'down');
  await page.goto('/ui/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.contextFailed })).toBeVisible();
  await expect(page.getByText(TEXT.clientError)).toBeVisible();
  await markWindow(page);
  const retry = page.getByRole('button', { name: TEXT.retry });
  // still down: the retry fails the same way
  await retry.click();
  await expect(page.getByText(TEXT.clientError)).toBeVisible();

  await clearFault(page);
  await retry.click();
  await expect(page).toHaveURL(/\/ui\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await expect(page.getByTestId('user-mobile')).toHaveText(ANNA_MOBILE);
  expect(await windowMarkerSurvived(page), 'recovered without a page reload').toBe(true);
});

test("500: the dashboard's own loads fail: the page shows with error.client and a retry that loads them", async ({
  page,
}) => {
  await signIn(page, 'anna');
  await expect(page.getByTestId('user-mobile')).toHaveText(ANNA_MOBILE);
  await setFault(page, '500', ['/api/context/getUserDetails']);
  await page.goto('/ui/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: TEXT.clientError });
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('user-mobile')).toHaveText('—');
  // the rest of the page is there
  await expect(page.getByRole('heading', { level: 2, name: 'Anna Ivanova' })).toBeVisible();
  await snap(page, 'fault-dashboard-load-failed');
  await markWindow(page);

  await clearFault(page);
  await notice.getByRole('button', { name: TEXT.retry }).click();
  await expect(page.getByTestId('user-mobile')).toHaveText(ANNA_MOBILE);
  await expect(notice).toBeHidden();
  expect(await windowMarkerSurvived(page)).toBe(true);
});

test('slow: while the user context takes 5 s the loading overlay shows, then the dashboard', async ({ page }) => {
  await signIn(page, 'anna');
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await setFault(page, 'slow', ['/api/context/getUserContext']);
  const started = Date.now();
  await page.goto('/ui/dashboard');
  const loading = page.getByRole('progressbar', { name: TEXT.loading });
  await expect(loading).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible({
    timeout: SLOW_MS + 10_000,
  });
  expect(Date.now() - started, 'the dashboard came with the slow answer').toBeGreaterThanOrEqual(SLOW_MS);
  await expect(loading).toBeHidden();
  await expect(page.getByTestId('user-mobile')).toHaveText(ANNA_MOBILE);
});
