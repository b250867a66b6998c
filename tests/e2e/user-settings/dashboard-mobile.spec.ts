/**
 * A save shows wherever the saved value is shown (src/api/user-settings/save-edit.ts): mari changes her mobile in
 * her settings, goes back to the dashboard through the main menu, and its user card shows the new number, in the
 * same page load. The page's clock stands still, so the dashboard's earlier answer never grows stale by itself
 * (TanStack Query ages answers by Date.now(); timers still run): only the save's invalidation can bring the new
 * number. Restores her mobile at the end.
 */
import { editBody, editFormOf, UserEditAnswer } from '../../../domain/user-settings';
import { expect, test } from '../fixtures';
import { FGID, apiPost, saveButton, signIn, successToast } from './helpers';

/** a number no other spec reads or writes */
const NEW_MOBILE = '+37255598765';

test('mari changes her mobile in her settings, and the dashboard shows the new number without a reload', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date());
  await signIn(page, 'mari', '/ui/dashboard', FGID.mari);
  const edit = `/api/user-settings/edit/${FGID.mari}`;
  const before = UserEditAnswer.parse(await (await page.request.get(edit)).json());
  expect(before.mobile, 'the test needs a number that differs from the one it saves').not.toBe(NEW_MOBILE);
  try {
    // the dashboard has read (and cached) her details
    const mobileOnCard = page.getByTestId('user-mobile');
    await expect(mobileOnCard).toHaveText(before.mobile ?? '—');
    // a page load would drop this mark
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.getByRole('link', { name: 'My settings' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/ui/user-settings/edit/${FGID.mari}$`));
    const mobile = page.getByLabel('Mobile', { exact: true });
    await expect(mobile).toHaveValue(before.mobile ?? '');
    await mobile.fill(NEW_MOBILE);
    await saveButton(page).click();
    await expect(successToast(page)).toBeVisible();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Main page' }).click();
    await expect(page).toHaveURL(/\/ui\/dashboard$/);
    await expect(mobileOnCard).toHaveText(NEW_MOBILE);
    expect(await page.evaluate(() => 'sameDocument' in window), 'the page was not loaded again').toBe(true);
  } finally {
    const res = await apiPost(page, `user-settings/edit/${FGID.mari}`, editBody(editFormOf(before)));
    expect(res.status(), await res.text()).toBe(200);
    const restored = UserEditAnswer.parse(await (await page.request.get(edit)).json());
    expect(restored.mobile, 'her mobile is restored').toBe(before.mobile);
  }
});
