/**
 * Faults, the represented-choice modal: with the portal API down, slow (5 s) or answering 500, the list
 * load and a pick show their catalogue message, the modal keeps the person's search and pick, and a retry works once
 * the API is back, without a page reload.
 */
import { expect, snap, test } from '../fixtures';
import { choiceDialog, choiceNames, markWindow, signIn, windowMarkerSurvived } from '../shell/helpers';
import { SLOW_MS, TEXT, clearFault, setFault } from './helpers';

const CHANGE = '/api/context/changeRepresented';

test.afterEach(async ({ page }) => {
  await clearFault(page);
});

test('down: a pick cannot switch: error.server in the modal, the search and the list stay; "Try again" switches', async ({
  page,
}) => {
  await signIn(page, 'jaan');
  const dialog = choiceDialog(page);
  const search = dialog.getByRole('searchbox', { name: 'Search by name or code' });
  await search.fill('kase');
  expect(await choiceNames(page)).toEqual(['Kase Trükk OÜ']);
  await markWindow(page);

  await setFault(page, 'down');
  await dialog.getByRole('button', { name: 'Kase Trükk OÜ', exact: true }).click();
  const failure = dialog.getByRole('alert').filter({ hasText: TEXT.serverError });
  await expect(failure).toBeVisible();
  await expect(search).toHaveValue('kase');
  expect(await choiceNames(page)).toEqual(['Kase Trükk OÜ']);
  await snap(page, 'fault-choice-pick-failed');

  await clearFault(page);
  await failure.getByRole('button', { name: TEXT.retry }).click();
  await expect(dialog).toBeHidden();
  // his preference: LOGISTICS for Tamme Logistika OÜ, in the OSS wrapper (as in shell/choice.spec.ts)
  await expect(page).toHaveURL(/\/ui\/oss-wrapper/);
  expect(await windowMarkerSurvived(page), 'recovered without a page reload').toBe(true);
});

test('500: the list cannot load, then a pick cannot switch; after the API is back the list shows and a pick switches', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await expect(choiceDialog(page)).toBeVisible();
  // the list is the user context: opening the portal with the API failing
  await setFault(page, '500');
  await page.goto('/ui/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.contextFailed })).toBeVisible();
  await expect(page.getByText(TEXT.clientError)).toBeVisible();
  await markWindow(page);
  await clearFault(page);
  await page.getByRole('button', { name: TEXT.retry }).click();
  const dialog = choiceDialog(page);
  await expect(dialog).toBeVisible();
  expect((await choiceNames(page))[0]).toBe('Mari Maasikas');

  await setFault(page, '500', [CHANGE]);
  await dialog.getByRole('button', { name: 'Maasikas OÜ', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: TEXT.serverError })).toBeVisible();
  await expect(dialog).toBeVisible();
  await clearFault(page);
  // picking the same row again is the retry too
  await dialog.getByRole('button', { name: 'Maasikas OÜ', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('represented')).toHaveText('Maasikas OÜ');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(await windowMarkerSurvived(page)).toBe(true);
});

test('slow: while the switch takes 5 s the modal says it is loading and the rows wait; then the party is represented', async ({
  page,
}) => {
  await signIn(page, 'mari');
  const dialog = choiceDialog(page);
  await expect(dialog).toBeVisible();
  await setFault(page, 'slow', [CHANGE]);
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Maasikas OÜ', exact: true }).click();
  await expect(dialog.getByRole('status').filter({ hasText: TEXT.loading })).toBeVisible();
  // a second pick cannot start another switch meanwhile
  await expect(dialog.getByRole('button', { name: 'Mari Maasikas', exact: true })).toBeDisabled();
  await expect(dialog).toBeHidden({ timeout: SLOW_MS + 10_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS);
  await expect(page.getByTestId('represented')).toHaveText('Maasikas OÜ');
});
