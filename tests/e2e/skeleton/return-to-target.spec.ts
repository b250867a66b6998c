/**
 * Return to the target page: opening a protected page while signed out goes to the sign-on page, and after login
 * returns to that same page (spec 1 §4: the security service carries the target page).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { banner, expectSignedInAs, pageLanguage, t } from './helpers';

async function signOnForm(page: Page, username: string, password: string) {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('signed out, /ui/user-settings/edit goes to the sign-on page and comes back to it after login', async ({
  page,
}) => {
  await page.goto('/ui/user-settings/edit');
  await expect(page).toHaveURL(/\/cas\/login\?service=/);
  // the service address carries the page asked for
  const service = new URL(page.url()).searchParams.get('service')!;
  expect(new URL(service).searchParams.get('target')).toMatch(/^\/ui\/user-settings\/edit\/?$/);
  // the sign-on form, not a portal page
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();

  await signOnForm(page, 'mari', 'Maasikas1');
  await expect(page).toHaveURL(/\/ui\/user-settings\/edit\/?(\?.*)?$/);
  await expectSignedInAs(page, 'Mari Maasikas');
  // the settings page of the person: her name is its heading
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Mari Maasikas', exact: true }),
  ).toBeVisible();
});

test('a protected page with a parameter comes back with the same parameter', async ({ page }) => {
  await page.goto('/ui/user-settings/edit/EE48709050218');
  await expect(page).toHaveURL(/\/cas\/login/);
  await signOnForm(page, 'mari', 'Maasikas1');
  await expect(page).toHaveURL(/\/ui\/user-settings\/edit\/EE48709050218(\?.*)?$/);
  await expectSignedInAs(page, 'Mari Maasikas');
  // the settings page of the person: her name is its heading
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Mari Maasikas', exact: true }),
  ).toBeVisible();
});

test('the protected dashboard comes back to the dashboard, and a public page is shown without sign-on', async ({
  page,
}) => {
  await page.goto('/ui/');
  await expect(page).toHaveURL(/\/ui\/$/);
  const lang = await pageLanguage(page);
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: t(lang, 'index.title'), exact: true }),
  ).toBeVisible();
  await expect(banner(page).getByRole('link', { name: t(lang, 'header.login'), exact: true })).toBeVisible();

  await page.goto('/ui/dashboard');
  await expect(page).toHaveURL(/\/cas\/login/);
  await signOnForm(page, 'peeter', 'Lepp12345');
  await expect(page).toHaveURL(/\/ui\/dashboard/);
  await expectSignedInAs(page, 'Peeter Lepp');
});
