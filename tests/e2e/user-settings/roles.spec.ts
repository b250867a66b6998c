/**
 * The roles tab (spec 2 §2 "Roles view", §4 validity, §8): her customers by name with
 * the OSS and PERIODICALS roles, the main role highlighted, the tooltip dates ('unlimited' for no end) and no role
 * for her ended right; with OSS role loading failing (the simulator console switch), error.client spans
 * the OSS column and the customers stay. The switch is turned off again at the end.
 */
import { expect, test } from '../fixtures';
import { FGID, signIn, simPost } from './helpers';

test.describe.configure({ mode: 'serial' });

const DATE = /^Valid \d{2}\.\d{2}\.\d{4} – (\d{2}\.\d{2}\.\d{4}|unlimited)$/;

test('mari sees her customers by name with OSS and PERIODICALS roles', async ({ page }) => {
  await signIn(page, 'mari', `/ui/user-settings/roles/${FGID.mari}`, FGID.mari);
  const table = page.getByRole('table', { name: 'I represent' });
  await expect(table.getByRole('columnheader')).toHaveText(['Customer', 'Shipment registration', 'Periodicals']);
  const names = table.locator('tbody th .us-roles__name');
  await expect(names).toHaveText(['Maasikas OÜ', 'Põldmari AS', 'Vana Kaup OÜ']);

  const maasikas = table.getByRole('row', { name: /Maasikas OÜ/ });
  const mainRole = maasikas.getByRole('strong').filter({ hasText: 'Shipment administrator' });
  await expect(mainRole, 'the main role is highlighted').toBeVisible();
  const ossRole = maasikas.locator('[data-testid="roles-cell-OSS"] .us-roles__role');
  await ossRole.hover();
  const tip = ossRole.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(/ – unlimited$/);
  await expect(tip).toHaveText(DATE);
  // keyboard: the role takes focus and shows the same tooltip
  const periodicals = maasikas.locator('[data-testid="roles-cell-PERIODICALS"] .us-roles__role');
  await periodicals.focus();
  await expect(periodicals.getByRole('tooltip')).toBeVisible();
  await expect(periodicals.getByRole('tooltip')).toHaveText(/^Valid \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/);
  await expect(periodicals).toContainText('Periodicals manager');

  const poldmari = table.getByRole('row', { name: /Põldmari AS/ });
  await expect(poldmari.getByTestId('roles-cell-OSS')).toContainText('Shipment registrar');
  await expect(poldmari.getByTestId('roles-cell-PERIODICALS')).toContainText('–');
  const vana = table.getByRole('row', { name: /Vana Kaup OÜ/ });
  // her right there ended 30 days ago: no role, as the rights list shows it (spec 2 §4, one rule for both)
  await expect(vana.getByTestId('roles-cell-OSS'), 'her ended right').toHaveText('–No role');
  await expect(vana.getByText('not active')).toHaveCount(0);
});

test('with OSS role loading failing, error.client spans the OSS column and the customers stay', async ({ page }) => {
  await signIn(page, 'mari', '/ui/dashboard', FGID.mari);
  await simPost(page, 'roles/load-failure/OSS', { fail: true });
  try {
    await page.goto(`/ui/user-settings/roles/${FGID.mari}`);
    const table = page.getByRole('table', { name: 'I represent' });
    await expect(table.locator('tbody th .us-roles__name')).toHaveText(['Maasikas OÜ', 'Põldmari AS', 'Vana Kaup OÜ']);
    const failed = table.getByTestId('roles-error-OSS');
    await expect(failed).toHaveText('Service is disrupted, please try again later');
    await expect(failed).toHaveAttribute('rowspan', '3');
    await expect(table.getByTestId('roles-cell-OSS')).toHaveCount(0);
    await expect(table.getByTestId('roles-cell-PERIODICALS')).toHaveCount(3);
    await expect(table.getByRole('row', { name: /Maasikas OÜ/ })).toContainText('Periodicals manager');
  } finally {
    await simPost(page, 'roles/load-failure/OSS', { fail: false });
  }
});
