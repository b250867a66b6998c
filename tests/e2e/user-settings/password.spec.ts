/**
 * The password tab (spec 2 §2 "Password view", §4, §5, §8): mari proves her current password and sets the username
 * mari.m with a valid password, logs out and logs in with it on the sign-on page (the old ones stop working); a
 * wrong current password is marked on its field and keeps everything typed (ASVS 2.1.6); taking jaan's username
 * gives 'Username is already in use'; a password without a digit is refused with the rule text; the terms-of-use
 * modal of the signed-in mari asks her current password too. Her own username and password are restored at the end.
 */
import { UserContext } from '../../../domain/contract';
import { expect, test } from '../fixtures';
import { FGID, apiPost, saveButton, signIn, signOnWith, successToast } from './helpers';

test.describe.configure({ mode: 'serial' });

const RULE =
  'The password must be at least 8 characters long and contain upper and lower case letters and at least one digit.';

test('mari sets username mari.m and a new password, logs out and logs in with them', async ({ page }) => {
  await signIn(page, 'mari', `/ui/user-settings/password/${FGID.mari}`, FGID.mari);
  let restored = false;
  try {
    await expect(page.getByRole('link', { name: 'Password', exact: true })).toHaveAttribute('aria-current', 'page');
    const username = page.getByLabel('Username', { exact: true });
    await expect(username).toHaveValue('mari');
    const current = page.getByLabel('Current password', { exact: true });
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await expect(current).toHaveAttribute('type', 'password');
    await username.fill('mari.m');
    await page.getByLabel('New password', { exact: true }).fill('Mustikas42');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('Mustikas42');
    // without the current password the form cannot be saved
    await expect(saveButton(page)).toBeDisabled();
    await current.fill('Arvan1Parool');
    await saveButton(page).click();
    await expect(page.getByTestId('error-currentPassword')).toHaveText('The current password is incorrect.');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(successToast(page)).toHaveCount(0);
    // nothing typed is lost
    await expect(current).toHaveValue('Arvan1Parool');
    await expect(username).toHaveValue('mari.m');
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('Mustikas42');
    await expect(page.getByLabel('Repeat the new password', { exact: true })).toHaveValue('Mustikas42');
    await current.fill('Maasikas1');
    await saveButton(page).click();
    await expect(successToast(page)).toBeVisible();
    await expect(current).toHaveValue('');

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expect(page).toHaveURL(/\/cas\/login/);
    // the old credentials stop working
    await page.getByLabel('Username', { exact: true }).fill('mari');
    await page.getByLabel('Password', { exact: true }).fill('Maasikas1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/cas\/login/);
    // the new ones log in
    await page.getByLabel('Username', { exact: true }).fill('mari.m');
    await page.getByLabel('Password', { exact: true }).fill('Mustikas42');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/ui\//);
    const ctx = UserContext.parse(await (await page.request.get('/api/context/getUserContext')).json());
    expect(ctx.epitPrincipal?.representative.id, 'signed in as mari').toBe(FGID.mari);

    const res = await apiPost(page, `user-settings/password/${FGID.mari}`, {
      passwordUsed: true,
      username: 'mari',
      password: 'Maasikas1',
      currentPassword: 'Mustikas42',
    });
    expect(res.status(), await res.text()).toBe(200);
    restored = true;
  } finally {
    if (!restored && (await signOnWith(page, 'mari.m', 'Mustikas42')))
      await apiPost(page, `user-settings/password/${FGID.mari}`, {
        passwordUsed: true,
        username: 'mari',
        password: 'Maasikas1',
        currentPassword: 'Mustikas42',
      });
  }
  expect(await signOnWith(page, 'mari', 'Maasikas1'), 'mari logs in as before').toBe(true);
});

test("taking jaan's username gives 'Username is already in use'", async ({ page }) => {
  await signIn(page, 'mari', `/ui/user-settings/password/${FGID.mari}`, FGID.mari);
  const username = page.getByLabel('Username', { exact: true });
  await expect(username).toHaveValue('mari');
  await username.fill('jaan');
  await page.getByLabel('Current password', { exact: true }).fill('Maasikas1');
  await saveButton(page).click();
  await expect(page.getByTestId('error-username')).toHaveText('Username is already in use');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(saveButton(page)).toBeDisabled();
  await expect(successToast(page)).toHaveCount(0);
  expect(await signOnWith(page, 'mari', 'Maasikas1'), 'nothing changed').toBe(true);
});

test('a password without a digit is refused with the rule text', async ({ page }) => {
  await signIn(page, 'mari', `/ui/user-settings/password/${FGID.mari}`, FGID.mari);
  await expect(page.getByTestId('password-rule')).toHaveText(RULE);
  await page.getByLabel('New password', { exact: true }).fill('Maasikasss');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('Maasikasss');
  await expect(page.getByTestId('error-password')).toHaveText(RULE);
  await expect(saveButton(page)).toBeDisabled();
  // the server refuses it too, whatever the page does
  const res = await apiPost(page, `user-settings/password/${FGID.mari}`, {
    passwordUsed: true,
    username: 'mari',
    password: 'Maasikasss',
    currentPassword: 'Maasikas1',
  });
  expect(res.status()).toBe(400);
});

test('the terms-of-use modal of the signed-in mari asks her current password before replacing it', async ({ page }) => {
  await signIn(page, 'mari', '/ui/user-add/edit/', FGID.mari);
  const modal = page.getByRole('dialog', { name: 'Terms of use' });
  const current = modal.getByLabel('Current password', { exact: true });
  await expect(current).toBeVisible();
  await expect(current).toHaveAttribute('autocomplete', 'current-password');
  await modal.getByLabel('Username', { exact: true }).fill('mari.m');
  await modal.getByLabel('New password', { exact: true }).fill('Mustikas42');
  await modal.getByLabel('Repeat the new password', { exact: true }).fill('Mustikas42');
  await modal.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
  await modal.getByLabel('I have read and accept the terms of use').check();
  await current.fill('Arvan1Parool');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal.getByTestId('error-currentPassword')).toHaveText('The current password is incorrect.');
  // nothing typed is lost, and nothing changed
  await expect(current).toHaveValue('Arvan1Parool');
  await expect(modal.getByLabel('New password', { exact: true })).toHaveValue('Mustikas42');
  expect(await signOnWith(page, 'mari', 'Maasikas1'), 'mari logs in as before').toBe(true);
});

test('aino, whose personal code is not from EE, LV or LT and who has no password, sets one and signs on with it', async ({
  page,
}) => {
  // spec 2 §2: the yes/no choice only when canDisablePassword holds; without it the tab asks for a username and password
  await page.goto('/api/security/login?target=%2Fui%2Fuser-settings%2Fpassword');
  await page.getByLabel('Country and personal code, e.g. EE39001010000').fill('ZZ131052308T');
  await page.getByRole('button', { name: 'Sign on with this code' }).click();
  await expect(page.getByRole('heading', { name: 'Aino Virtanen' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Log in with username and password' })).toHaveCount(0);
  // she has none: no current password to prove
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);
  await expect(saveButton(page)).toBeDisabled();
  await page.getByLabel('Username', { exact: true }).fill('aino.v');
  await page.getByLabel('New password', { exact: true }).fill('Virtanen12');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('Virtanen12');
  await saveButton(page).click();
  await expect(successToast(page)).toBeVisible();
  expect(await signOnWith(page, 'aino.v', 'Virtanen12'), 'aino signs on with them').toBe(true);
  const ctx = UserContext.parse(await (await page.request.get('/api/context/getUserContext')).json());
  expect(ctx.epitPrincipal?.representative.id, 'signed in as aino').toBe('ZZ131052308T');
});
