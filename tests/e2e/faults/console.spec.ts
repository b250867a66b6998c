/**
 * Faults: the simulator console's section sets the same fault a person can watch in the portal, and
 * switches it off again.
 */
import { expect, test } from '../fixtures';
import { signIn } from '../shell/helpers';
import { TEXT, clearFault } from './helpers';

test.afterEach(async ({ page }) => {
  await clearFault(page);
});

test("the console's 'Portal API faults' section fails the dashboard's user details, then switches the fault off", async ({
  page,
}) => {
  await signIn(page, 'anna');
  const portal = page;
  const simConsole = await page.context().newPage();
  await simConsole.goto('/sim/');
  const section = simConsole.getByRole('region', { name: 'Portal API faults' });
  await section.getByRole('radio', { name: /^500:/ }).check();
  await section.getByLabel('Only paths starting with', { exact: false }).fill('/api/context/getUserDetails');
  await section.getByRole('button', { name: 'Apply' }).click();
  await expect(simConsole.getByRole('status')).toHaveText('API fault: 500');
  await expect(section.getByText('500 on /api/context/getUserDetails')).toBeVisible();

  await portal.goto('/ui/dashboard');
  await expect(portal.getByRole('alert').filter({ hasText: TEXT.clientError })).toBeVisible();

  await section.getByRole('radio', { name: /^Off:/ }).check();
  await section.getByRole('button', { name: 'Apply' }).click();
  await expect(simConsole.getByRole('status')).toHaveText('The API answers normally');
  await portal.getByRole('button', { name: TEXT.retry }).click();
  await expect(portal.getByTestId('user-mobile')).toHaveText('+37255500003');
});
