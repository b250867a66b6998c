/**
 * Password reset link: kristi sends mari a reset link (user settings' "Send password reset link" API), mari sets a
 * new password with it; the same link a second time, or a fresh one after the server clock moved 25 hours, goes
 * home; a taken username shows the not-unique error. mari's login is restored at the end (another reset link).
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signInAs, test } from '../fixtures';
import { linkIn, newestMail, post, shiftClock, signOnWith } from './helpers';

const MARI = {
  fgid: 'EE48709050218',
  firstName: 'Mari',
  lastName: 'Maasikas',
  personalCode: '48709050218',
  personalCodeCountry: 'EE',
  email: 'mari.maasikas@example.ee',
  language: 'EST',
};

/** kristi (EDIT_ANY_USER) sends mari a reset link; returns its portal path. */
async function resetLinkForMari(page: Page): Promise<string> {
  const res = await post(page, '/api/user-settings/password/sendPasswordReset/', MARI);
  expect(res.status(), await res.text()).toBe(200);
  return linkIn(await newestMail(page, MARI.email, 'password-reset'));
}

async function setCredentials(page: Page, link: string, username: string, password: string) {
  await page.goto(link);
  const modal = page.getByRole('dialog', { name: 'Username and password' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Username', { exact: true }).fill(username);
  await modal.getByLabel('New password', { exact: true }).fill(password);
  await modal.getByLabel('Repeat the new password', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Save' }).click();
  return modal;
}

const goesHome = async (page: Page, link: string) => {
  await page.goto(link);
  await expect(page, `${link} should send home`).not.toHaveURL(/reset-password/, { timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Username and password' })).toBeHidden();
};

test('mari sets a new password from the link kristi sent; reuse, +25 h and a taken username', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'kristi');
  const link = await resetLinkForMari(page);
  expect(link).toMatch(/^\/ui\/user-add\/reset-password\/[\w-]{16,}$/);

  const baseURL = test.info().project.use.baseURL;
  const mariContext = await browser.newContext({ baseURL });
  const mari = await mariContext.newPage();
  try {
    // a taken username: the not-unique error on the field, nothing saved
    await mari.goto(link);
    const modal = mari.getByRole('dialog', { name: 'Username and password' });
    await expect(modal.getByText('Mari Maasikas, choose a new username and password.')).toBeVisible();
    await expectNoSeriousA11yViolations(mari, { include: '[role="dialog"]' });
    await setCredentials(mari, link, 'jaan', 'Maasikas2x');
    await expect(modal.getByText('Username is already in use')).toBeVisible();

    // the new password: success, home, the modal closes; she logs in with it
    await modal.getByLabel('Username', { exact: true }).fill('mari');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(mari).not.toHaveURL(/reset-password/, { timeout: 15_000 });
    await expect(modal).toBeHidden();
    await expect(mari.getByText('Save successful')).toBeVisible();
    await mari.goto('/api/security/login?target=%2Fui%2F');
    await signOnWith(mari, 'mari', 'Maasikas2x');
    await expect(mari).toHaveURL(/\/ui\//);

    // the same link again goes home
    await mari.context().clearCookies();
    await goesHome(mari, link);
  } finally {
    // restore mari's demo login (other tests sign in as mari/Maasikas1)
    const restore = await resetLinkForMari(page);
    await setCredentials(mari, restore, 'mari', 'Maasikas1');
    await expect(mari).not.toHaveURL(/reset-password/, { timeout: 15_000 });
    await mariContext.close();
  }

  // a fresh link opened 25 hours later (server clock) goes home
  const late = await resetLinkForMari(page);
  const back = await shiftClock(page, 25 * 3_600_000);
  const otherContext = await browser.newContext({ baseURL });
  try {
    await goesHome(await otherContext.newPage(), late);
  } finally {
    await back();
    await otherContext.close();
  }
});
