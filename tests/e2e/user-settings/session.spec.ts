/**
 * Session expiry (spec 2 §2): the session ends while mari edits her contact data; Save sends her through sign-on and
 * back to the form with her typed values intact (a draft in sessionStorage), and saving then works. Her mobile is
 * restored at the end.
 */
import { COOKIE } from '../../../domain/contract';
import { expect, test } from '../fixtures';
import { FGID, apiPost, editBodyFrom, choiceDialog, pick, saveButton, signIn, successToast } from './helpers';
import { UserEditAnswer } from '../../../domain/user-settings';

test('a save after the session expired goes through sign-on and back with the typed values', async ({ page }) => {
  await signIn(page, 'mari', `/ui/user-settings/edit/${FGID.mari}`, FGID.mari);
  const before = UserEditAnswer.parse(await (await page.request.get(`/api/user-settings/edit/${FGID.mari}`)).json());
  try {
    const mobile = page.getByLabel('Mobile', { exact: true });
    await expect(mobile).toHaveValue(before.mobile ?? '');
    await mobile.fill('+37255577777');
    await page.getByLabel('Phone', { exact: true }).fill('+3726000000');
    // the session ends (as when it expires on the server): the portal's session cookie is gone
    await page.context().clearCookies({ name: COOKIE.session });
    await saveButton(page).click();
    // through the security service and the sign-on (which still knows her, or asks again)
    await page.waitForURL(/\/cas\/login|\/ui\/user-settings\/edit/);
    if (/\/cas\/login/.test(page.url())) {
      await page.getByLabel('Username', { exact: true }).fill('mari');
      await page.getByLabel('Password', { exact: true }).fill('Maasikas1');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/ui/user-settings/edit/${FGID.mari}$`));
    // a new session has no represented party: the choice modal comes first, then the form is there again
    await expect(choiceDialog(page)).toBeVisible();
    await pick(page, 'Mari Maasikas');
    await expect(page).toHaveURL(new RegExp(`/ui/user-settings/edit/${FGID.mari}$`));
    await expect(page.getByTestId('draft-restored')).toBeVisible();
    await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue('+37255577777');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+3726000000');
    await saveButton(page).click();
    await expect(successToast(page)).toBeVisible();
    const after = UserEditAnswer.parse(await (await page.request.get(`/api/user-settings/edit/${FGID.mari}`)).json());
    expect(after.mobile).toBe('+37255577777');
    // the draft is used up: a reload shows the stored values without the notice
    await page.reload();
    await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue('+37255577777');
    await expect(page.getByTestId('draft-restored')).toHaveCount(0);
  } finally {
    await apiPost(page, `user-settings/edit/${FGID.mari}`, editBodyFrom(before, { address: null }));
  }
});

test('the draft is wiped on logout', async ({ page }) => {
  await signIn(page, 'mari', `/ui/user-settings/edit/${FGID.mari}`, FGID.mari);
  await expect(page.getByLabel('Mobile', { exact: true })).toBeVisible();
  // a draft kept in this tab (src/app/drafts.ts), as a session expiry leaves it: the logout must wipe it
  await page.evaluate(
    (key) => sessionStorage.setItem('epit.drafts', JSON.stringify([{ key, values: { mobile: '+37255511111' } }])),
    `edit:${FGID.mari}`,
  );
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/cas\/login/);
  await page.getByLabel('Username', { exact: true }).fill('mari');
  await page.getByLabel('Password', { exact: true }).fill('Maasikas1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.goto(`/ui/user-settings/edit/${FGID.mari}`);
  await expect(page.getByLabel('Mobile', { exact: true })).not.toHaveValue('+37255511111');
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);
});
