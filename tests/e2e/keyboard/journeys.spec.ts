/**
 * The keyboard alone, on the global-state server (it signs a contract and saves settings; each test restores what
 * it changed):
 * - mary signs on at the sign-on page, chooses whom to represent, opens customer add, finds Testfirma OÜ with the
 *   arrow keys, fills in the confirmation, cancels the ID-card PIN dialog with Escape (a dialog inside the dialog:
 *   its own round of Tab) and signs with Mobile-ID; the signing step and the signing under way keep Tab in the
 *   modal. Then she saves a settings form. Only Tab, Shift+Tab, Enter, Space, Escape, the arrow keys and typing.
 * - the reset-password modal (protected but closeable): Tab round, Escape closes it and goes home.
 * The browser's timers run on Playwright's clock, so the Mobile-ID status check's 10 s are skipped, not waited.
 */
import { FIRST_CHECK } from '../../../machines/signing.machine';
import { COOKIE } from '../../../domain/contract';
import { UserEditAnswer } from '../../../domain/user-settings';
import { DEMO, expect, signInAs, test } from '../fixtures';
import { linkIn, newestMail, post } from '../account/helpers';
import { DEFAULT_SETTINGS, MSG, TESTFIRMA, insertCard, resetCompany, setSigningSim } from '../customer-add/helpers';
import { choiceDialog } from '../shell/helpers';
import { apiPost, editBodyFrom } from '../user-settings/helpers';
import { expectEscape, expectFocusInside, expectTabCycle, tabTo } from './helpers';

const MARY = { fgid: 'EE60001019906', card: '60001019906', phone: '+37200000766' };
const JAAK_CARD = '38001085718';

test('mary, by keyboard alone: sign on, choose, customer add with Mobile-ID (the ID-card PIN cancelled), a settings save', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await resetCompany(page, TESTFIRMA.regCode);
  await setSigningSim(page, { midDelayMs: 0, checkWaitMs: 0 });
  await insertCard(page, MARY.card);
  await page.clock.install();
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: COOKIE.language, value: 'eng', url }]);
  try {
    // the sign-on page
    await page.goto('/api/security/login?target=%2Fui%2Fdashboard');
    await tabTo(page, page.getByLabel('Username', { exact: true }));
    await page.keyboard.type(DEMO.mary.username);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(DEMO.mary.password);
    await page.keyboard.press('Enter');

    // whom to represent: herself
    const choice = choiceDialog(page);
    await expect(choice).toBeVisible();
    await expectFocusInside(choice);
    await tabTo(page, choice.getByRole('button', { name: DEMO.mary.fullName, exact: true }));
    await page.keyboard.press('Enter');
    await expect(choice).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();

    // customer add, from the dashboard
    const add = page.getByRole('button', { name: 'Add a new business customer contract' });
    await tabTo(page, add);
    const dialog = page.getByRole('dialog', { name: 'Enter into a business customer contract' });
    const toSigningStep = async () => {
      await page.keyboard.press('Enter');
      await expect(
        dialog.getByRole('combobox', { name: 'Name or registry code of the represented company' }),
      ).toBeFocused();
      await page.keyboard.type('Testfirma');
      await expect(page.getByRole('option', { name: /^Testfirma OÜ/ })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('Registry code', { exact: true })).toBeVisible();
      await tabTo(page, dialog.getByLabel('E-mail address at the represented'));
      await page.keyboard.type('contracts@example.ee');
      for (const box of ['I agree to the terms of the contract', 'I certify that I am a member of the board']) {
        await tabTo(page, dialog.getByLabel(box, { exact: false }));
        await page.keyboard.press('Space');
      }
      await tabTo(page, dialog.getByRole('button', { name: 'Sign', exact: true }));
      await page.keyboard.press('Enter');
      // the Sign button gives way to the signing methods: their heading takes the focus
      await expect(dialog.getByRole('heading', { name: 'Choose how to sign' })).toBeFocused();
    };
    await toSigningStep();
    expect(await expectTabCycle(page, dialog, { min: 10 })).toEqual(
      expect.arrayContaining(['button "ID-card"', 'input "Mobile phone number"', 'button "Mobile-ID"']),
    );

    // the ID-card PIN dialog, inside customer add: its own round; Escape cancels the signing, not the modal
    const idCard = dialog.getByRole('button', { name: 'ID-card', exact: true });
    await tabTo(page, idCard, { back: true });
    await page.keyboard.press('Enter');
    const pin = page.getByRole('dialog', { name: 'Enter PIN2' });
    await expect(pin.getByLabel('PIN2')).toBeFocused();
    expect(await expectTabCycle(page, pin, { min: 3 })).toEqual(['input "PIN2"', 'button "Sign"', 'button "Cancel"']);
    await expectEscape(page, pin, {
      focusTo: dialog.getByRole('alert').filter({ hasText: MSG.IDCARD_USER_CANCELLED }),
    });
    await expect(dialog).toBeVisible();

    // Mobile-ID: Enter in the phone field starts it; while it runs everything else is disabled and Tab stays in
    await tabTo(page, dialog.getByLabel('Mobile phone number'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(MARY.phone);
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('verification-code')).toBeVisible();
    await expectFocusInside(dialog);
    expect(await expectTabCycle(page, dialog)).toEqual(
      expect.arrayContaining(['button "Close dialog"', 'a "General terms of the contract (PDF)"']),
    );
    await page.clock.runFor(FIRST_CHECK);
    await expect(page.getByText(MSG.success, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/ui\/settings\/represented\/EPEE11000109/);
  } finally {
    await resetCompany(page, TESTFIRMA.regCode);
    await setSigningSim(page, DEFAULT_SETTINGS);
    await insertCard(page, JAAK_CARD);
  }

  // a settings form: her phone, saved with Enter on Save, then put back the same way
  await page.goto(`/ui/user-settings/edit/${MARY.fgid}`);
  const phone = page.getByLabel('Phone', { exact: true });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const saved = page.getByText('Save successful', { exact: true });
  const before = UserEditAnswer.parse(await (await page.request.get(`/api/user-settings/edit/${MARY.fgid}`)).json());
  try {
    for (const value of ['+3726123456', before.phone ?? '']) {
      await tabTo(page, phone);
      await page.keyboard.press('ControlOrMeta+A');
      if (value) await page.keyboard.type(value);
      else await page.keyboard.press('Delete');
      await tabTo(page, save);
      await page.keyboard.press('Enter');
      await expect(saved.first()).toBeVisible();
      await expect
        .poll(async () => {
          const now = await page.request.get(`/api/user-settings/edit/${MARY.fgid}`);
          return UserEditAnswer.parse(await now.json()).phone ?? '';
        })
        .toBe(value);
    }
  } finally {
    // a failure half-way leaves no test phone behind
    const res = await apiPost(page, `user-settings/edit/${MARY.fgid}`, editBodyFrom(before));
    expect(res.status(), await res.text()).toBe(200);
  }
});

test('the reset-password modal: Tab round, Escape closes it and goes home', async ({ page }) => {
  // kristi (EDIT_ANY_USER) sends rein a reset link (unused: his login stays); no other test reads his mail
  await signInAs(page, 'kristi', { target: '/ui/config.json' });
  const res = await post(page, '/api/user-settings/password/sendPasswordReset/', {
    fgid: 'EE30403039917',
    firstName: 'Rein',
    lastName: 'Rebane',
    personalCode: '30403039917',
    personalCodeCountry: 'EE',
    email: 'rein.rebane@example.ee',
    language: 'EST',
  });
  expect(res.status(), await res.text()).toBe(200);
  const link = linkIn(await newestMail(page, 'rein.rebane@example.ee', 'password-reset'));
  expect(link).toMatch(/\/ui\/user-add\/reset-password\//);
  await page.context().clearCookies();
  await page.goto(link);
  const modal = page.getByRole('dialog', { name: 'Username and password' });
  await expect(modal.getByRole('button', { name: 'Save' })).toBeVisible();
  await expectFocusInside(modal);
  expect(await expectTabCycle(page, modal, { min: 5 })).toEqual([
    'button "Close dialog"',
    'input "Username"',
    'input "New password"',
    'input "Repeat the new password"',
    'button "Save"',
  ]);
  await expectEscape(page, modal, { focusTo: page.getByRole('main') });
  await expect(page).not.toHaveURL(/reset-password/);
});
