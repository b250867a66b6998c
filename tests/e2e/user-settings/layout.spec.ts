/**
 * Layout (spec 2 §2, §9): at 375 px the tabs are a dropdown menu; axe reports no serious or
 * critical violations on all four tabs; screenshots of every tab at 375 and 1280 px. Read-only.
 */
import { expect, expectNoSeriousA11yViolations, snap, test } from '../fixtures';
import { FGID, signIn } from './helpers';

test('at 375 px the tabs are a dropdown menu that opens each tab', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'mari', `/ui/user-settings/edit/${FGID.mari}`, FGID.mari);
  await expect(page.getByRole('heading', { level: 1, name: 'Mari Maasikas' })).toBeVisible();
  const menu = page.locator('nav.us-tabs-menu');
  const toggle = menu.getByRole('button', { name: 'Contact data' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('nav.us-tabs')).toBeHidden();
  await expect(menu.getByRole('link', { name: 'I represent' })).toBeHidden();
  // keyboard: Enter opens the menu, Tab reaches the links
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link')).toHaveText(['Contact data', 'I represent', 'Password', 'Preferences']);
  await menu.getByRole('link', { name: 'I represent' }).click();
  await expect(page).toHaveURL(new RegExp(`/ui/user-settings/roles/${FGID.mari}$`));
  await expect(menu.getByRole('button', { name: 'I represent' })).toHaveAttribute('aria-expanded', 'false');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('nav.us-tabs')).toBeVisible();
  await expect(menu).toBeHidden();
});

for (const tab of ['edit', 'roles', 'password', 'preferences'] as const) {
  test(`the ${tab} tab: no serious accessibility violations, screenshots at 375 and 1280 px`, async ({ page }) => {
    await signIn(page, 'mari', `/ui/user-settings/${tab}/${FGID.mari}`, FGID.mari);
    await expect(page.getByRole('heading', { level: 1, name: 'Mari Maasikas' })).toBeVisible();
    await expect(page.locator('.us-panel [aria-busy="true"]')).toHaveCount(0);
    await expect(page.locator('.us-panel form, .us-panel table').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: '.user-settings' });
    await snap(page, `user-settings-${tab}`);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSeriousA11yViolations(page, { include: '.user-settings' });
  });
}
