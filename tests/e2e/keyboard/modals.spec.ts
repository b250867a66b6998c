/**
 * Every modal of the portal by keyboard (spec 1 §4 "Modals"; the helpers in ./helpers.ts): it takes the focus when it
 * opens, Tab and Shift+Tab go round inside it, Escape closes it where the spec lets the person close it, and the focus
 * goes back to what opened it. One signed-in page per person, the modals one after another:
 * - mari: the choice of whom to represent (protected: Escape does not close it; the sign-in opened it, so a pick
 *   gives the focus to the main content), customer add (opened on the dashboard, a company chosen with the arrow
 *   keys), a person's rights with its question "Remove all rights?" (a dialog inside the dialog, with a round of its
 *   own), the terms of use (protected) and the modal that cannot load (opened by the address: back to the main
 *   content);
 * - kristi: staff customer add (from customer search, and from the user menu at 375 px) and the test modal of
 *   /test-component.
 * Nothing is saved; the modals that write (customer add's signing step, the ID-card PIN, the reset-password modal)
 * and the keyboard-only journeys are in journeys.spec.ts, on the global-state server.
 */
import { expect, test } from '../fixtures';
import { MAASIKAS } from '../represented-settings/helpers';
import { choiceDialog, signIn } from '../shell/helpers';
import { expectEscape, expectFocusInside, expectTabCycle, tabTo } from './helpers';

test('mari: the choice, customer add, the rights and "Remove all rights?", the terms of use, the modal that cannot load', async ({
  page,
}) => {
  await signIn(page, 'mari');
  const main = page.getByRole('main');

  // the choice of whom to represent, opened by the sign-in: protected and not closeable
  const choice = choiceDialog(page);
  await expect(choice).toBeVisible();
  expect(await expectTabCycle(page, choice, { min: 6 })).toEqual([
    'button "Log out"',
    'button "Mari Maasikas"',
    'button "Maasikas OÜ"',
    'button "Põldmari AS"',
    'button "Vana Kaup OÜ"',
    'button "Create new business customer contract"',
  ]);
  await expectEscape(page, choice, false);
  await tabTo(page, choice.getByRole('button', { name: 'Maasikas OÜ', exact: true }));
  await page.keyboard.press('Enter');
  await expect(choice).toBeHidden();
  await expect(page.getByTestId('represented')).toHaveText('Maasikas OÜ');
  // nothing on the page opened it: the focus goes to the main content, not to the page
  await expect(main).toBeFocused();

  // customer add, from the dashboard's button
  const add = page.getByRole('button', { name: 'Add a new business customer contract' });
  await add.focus();
  await page.keyboard.press('Enter');
  const customerAdd = page.getByRole('dialog', { name: 'Enter into a business customer contract' });
  const company = customerAdd.getByRole('combobox', { name: 'Name or registry code of the represented company' });
  await expect(company).toBeFocused();
  await page.keyboard.type('Maasikas');
  await expect(page.getByRole('option', { name: /^Maasikas OÜ/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(customerAdd.getByText('Representation rights already exist')).toBeVisible();
  expect(await expectTabCycle(page, customerAdd)).toEqual(
    expect.arrayContaining(['button "Close dialog"', 'input "Name or registry code of the represented company"']),
  );
  await expectEscape(page, customerAdd, { focusTo: add });

  // a person's rights, and the question before removing them all
  await page.goto(`/ui/settings/rights/${MAASIKAS}`);
  const edit = page.getByTestId('rights-users').getByTestId('rights-row').first().getByRole('button').first();
  await edit.focus();
  await page.keyboard.press('Enter');
  const rights = page.getByRole('dialog');
  await expect(rights.getByTestId('rights-modal')).toBeVisible();
  const round = await expectTabCycle(page, rights, { min: 10 });
  expect(round).toEqual(
    expect.arrayContaining(['button "Close dialog"', 'button "Save"', 'button "Remove all rights"', 'button "Cancel"']),
  );
  const removeAll = rights.getByRole('button', { name: 'Remove all rights' });
  await tabTo(page, removeAll, { back: true });
  await page.keyboard.press('Enter');
  const question = rights.getByRole('alertdialog', { name: 'Remove all rights?' });
  // the irreversible step's question takes the focus on its safe answer and keeps Tab to its two buttons
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await expectTabCycle(page, question)).toEqual(
    expect.arrayContaining(['button "Yes, remove all rights"', 'button "Cancel"']),
  );
  // Escape answers the question, not the dialog under it: back to "Remove all rights"
  await expectEscape(page, question, { focusTo: removeAll });
  await expect(rights).toBeVisible();
  await expectEscape(page, rights, { focusTo: edit });

  // the terms of use: protected, it is closed only by accepting them
  await page.goto('/ui/user-add/edit/');
  const eula = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(eula.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  expect(await expectTabCycle(page, eula, { min: 8 })).toEqual(
    expect.arrayContaining(['input "I have read and accept the terms of use"', 'button "Confirm"']),
  );
  await expectEscape(page, eula, false);

  // the modal that cannot load, opened by the address: nothing on the page opened it
  await page.goto('/ui/dashboard/EE/en/no-such-modal');
  const failed = page.getByRole('dialog', { name: 'Error!' });
  // keys count once the 200 ms fade-in is over (the modal machine's `shown` state)
  await expect(page.getByTestId('modal-load-error')).toHaveAttribute('aria-busy', 'false');
  await expectFocusInside(failed);
  expect(await expectTabCycle(page, failed, { min: 1 })).toEqual(['button "Close dialog"']);
  await expectEscape(page, failed, { focusTo: main });
});

test('kristi: staff customer add from customer search and from the user menu, and the test modal', async ({ page }) => {
  await signIn(page, 'kristi', '/ui/customer-search');
  const add = page.getByRole('button', { name: 'Add new customer' });
  await add.focus();
  await page.keyboard.press('Enter');
  const customerAdd = page.getByRole('dialog', { name: 'Add new customer' });
  await expect(
    customerAdd.getByRole('combobox', { name: 'Name or registry code of the represented company' }),
  ).toBeFocused();
  await page.keyboard.type('Maasikas');
  await expect(page.getByRole('option', { name: /^Maasikas OÜ/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(customerAdd.getByText('Registry code', { exact: true })).toBeVisible();
  // the staff step: the company's facts and its confirm button (not pressed)
  expect((await expectTabCycle(page, customerAdd, { min: 3 })).length).toBeGreaterThanOrEqual(3);
  await expectEscape(page, customerAdd, { focusTo: add });

  await page.goto('/ui/test-component/7');
  const open = page.getByRole('button', { name: 'Open the test modal' });
  await open.focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Test modal' });
  await expectFocusInside(modal);
  expect(await expectTabCycle(page, modal)).toEqual(['button "Close dialog"', 'button "Close"']);
  await expectEscape(page, modal, { focusTo: open });
  // its own Close button, with Enter, closes it the same way
  await page.keyboard.press('Enter');
  await expectFocusInside(modal);
  await tabTo(page, modal.getByRole('button', { name: 'Close', exact: true }));
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(open).toBeFocused();

  // at 375 px customer add opens from the user menu, which closes as it does: its button is gone, so the focus
  // goes to the main content
  await page.setViewportSize({ width: 375, height: 800 });
  await tabTo(page, page.getByRole('button', { name: 'User menu' }), { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('user-menu-panel').getByRole('button', { name: 'Add new customer' }));
  await page.keyboard.press('Enter');
  await expect(customerAdd.getByRole('combobox')).toBeFocused();
  await expectEscape(page, customerAdd, { focusTo: page.getByRole('main') });
});
