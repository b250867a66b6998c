import { expect, expectNoSeriousA11yViolations, loginAs, snap, test } from './fixtures';

test('the single sign-on page asks for a username and a password', async ({ page }) => {
  await page.goto('/cas/login?service=x');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('mari signs in through the sign-on page and lands in the portal', async ({ page }) => {
  await loginAs(page, 'mari');
  await expect(page).toHaveURL(/\/ui\//);
  await snap(page, 'smoke-after-login');
});
