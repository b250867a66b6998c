/**
 * Login: logging in as mari on the sign-on page lands in the portal with "Mari Maasikas" in the
 * header, and logging in as every other demo person with a login also works.
 */
import { UserContext } from '../../../domain/contract';
import { DEMO, type DemoPerson, expect, test } from '../fixtures';
import { banner, expectSignedInAs, pageLanguage, t } from './helpers';

test('mari/Maasikas1 on the sign-on page lands in the portal with "Mari Maasikas" in the header', async ({ page }) => {
  await page.goto('/ui/');
  // signed out, the header offers only "log in to e-service"
  const lang = await pageLanguage(page);
  await expect(banner(page).getByText('Mari Maasikas')).toHaveCount(0);
  await banner(page)
    .getByRole('link', { name: t(lang, 'header.login'), exact: true })
    .click();

  await expect(page).toHaveURL(/\/cas\/login\?service=/);
  await page.getByLabel('Username', { exact: true }).fill('mari');
  await page.getByLabel('Password', { exact: true }).fill('Maasikas1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expectSignedInAs(page, 'Mari Maasikas');
  const signedIn = await pageLanguage(page);
  await expect(banner(page).getByRole('button', { name: t(signedIn, 'header.logout'), exact: true })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: t(signedIn, 'header.dashboard'), exact: true })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: t(signedIn, 'header.login'), exact: true })).toHaveCount(0);
});

test('a wrong password keeps the person on the sign-on page', async ({ page }) => {
  await page.goto('/ui/dashboard');
  await expect(page).toHaveURL(/\/cas\/login/);
  await page.getByLabel('Username', { exact: true }).fill('mari');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/cas\/login/);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  // and no portal session was opened
  expect((await page.request.get('/api/context/getUserContext')).status()).toBe(401);
});

const others = (Object.keys(DEMO) as DemoPerson[]).filter((p) => p !== 'mari');
for (const who of others) {
  const person = DEMO[who];
  test(`${who} logs in on the sign-on page and sees "${person.fullName}" in the header`, async ({ page }) => {
    await page.goto('/ui/dashboard');
    await expect(page).toHaveURL(/\/cas\/login/);
    await page.getByLabel('Username', { exact: true }).fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectSignedInAs(page, person.fullName);
    // the session is real: the API answers this person's context
    const ctx = await page.request.get('/api/context/getUserContext');
    expect(ctx.status()).toBe(200);
    const rep = UserContext.parse(await ctx.json()).epitPrincipal?.representative;
    expect(`${rep?.firstName} ${rep?.lastName}`).toBe(person.fullName);
  });
}
