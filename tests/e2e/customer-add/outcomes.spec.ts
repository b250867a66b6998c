/**
 * Customer-add outcomes that need no simulator settings and leave no trace (spec 1 §2 "Customer-add modal"):
 * the register's statuses, a stopped contract, the main-admin note, Confirm for an existing contract,
 * the form's inline validation, 'Company not found' and the terms PDF. Signing with the simulators, and
 * everything touching Testfirma OÜ, is in signing.spec.ts (one file: one worker, no interference).
 */
import { expect, expectNoSeriousA11yViolations, snap, test } from '../fixtures';
import {
  MSG,
  chooseCompany,
  dialog,
  expectOutcome,
  fillConfirmation,
  openCustomerAdd,
  resetCompany,
  toSigningPanel,
  userContext,
} from './helpers';

test('Uinuv Ettevõte gives ENTERPRISE_NOT_ACTIVE and Krediidita gives CREDIT_RATING_NOT_DEFINED (mary, Smart-ID)', async ({
  page,
}) => {
  await openCustomerAdd(page, 'mary');
  await toSigningPanel(page, 'Uinuv Ettevõte OÜ', 'Uinuv');
  await page.getByRole('button', { name: 'Smart-ID', exact: true }).click();
  await expectOutcome(page, MSG.ENTERPRISE_NOT_ACTIVE);

  await page.goto('/ui/dashboard/EE/en/add-customer');
  await expect(dialog(page)).toBeVisible();
  await toSigningPanel(page, 'Krediidita OÜ', 'Krediidita');
  await page.getByRole('button', { name: 'Smart-ID', exact: true }).click();
  await expectOutcome(page, MSG.CREDIT_RATING_NOT_DEFINED);
});

test('choosing Peatatud Leping gives CONTRACT_STOPPED and closes the modal', async ({ page }) => {
  await openCustomerAdd(page, 'mary');
  const box = page.getByRole('combobox', { name: 'Name or registry code of the represented company' });
  await box.fill('Peatatud');
  await page.getByRole('option', { name: /^Peatatud Leping OÜ/ }).click();
  await expectOutcome(page, MSG.CONTRACT_STOPPED);
});

test("mari on Maasikas OÜ sees the 'rights already exist' note", async ({ page }) => {
  await openCustomerAdd(page, 'mari');
  await chooseCompany(page, 'Maasikas OÜ', 'Maasikas');
  await expect(page.getByText(MSG.rightsExist)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);
  await expect(dialog(page).getByText('Narva mnt 7, Tallinn, 10117')).toBeVisible();
});

test('mari on Põldmari AS gets Confirm, and it creates her rights', async ({ page }) => {
  await openCustomerAdd(page, 'mari');
  const fgid = (await userContext(page)).epitPrincipal?.representative.id ?? '';
  expect(fgid, 'mari is signed in').not.toBe('');
  try {
    await chooseCompany(page, 'Põldmari AS', 'Põldmari');
    await expect(page.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
    const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
    await expect(confirm).toBeDisabled(); // spec 1 §4: enabled when the confirmation is valid
    await fillConfirmation(page, 'mari@poldmari.example');
    await confirm.click();
    await expectOutcome(page, MSG.success);
    // she is a main administrator now: the same company shows the note instead of Confirm
    await page.goto('/ui/dashboard/EE/en/add-customer');
    await chooseCompany(page, 'Põldmari AS', 'Põldmari');
    await expect(page.getByText(MSG.rightsExist)).toBeVisible();
  } finally {
    await resetCompany(page, '11000026', fgid); // leave mari's demo rights as they were for other tests
  }
});

test('the form validates inline, "Company not found" shows, and the terms PDF downloads in each language', async ({
  page,
}) => {
  await openCustomerAdd(page, 'mary');
  const box = page.getByRole('combobox', { name: 'Name or registry code of the represented company' });
  await box.fill('Olematu firma');
  await expect(page.getByText('Company not found', { exact: true })).toBeVisible();
  await box.fill('1100');
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.fill('99999');
  // a 1 to 7 digit number is a code entry: no 'Company not found'
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Company not found', { exact: true })).toBeHidden();

  await chooseCompany(page, 'Uinuv Ettevõte OÜ', 'Uinuv');
  const email = page.getByLabel('E-mail address at the represented');
  await email.fill('not-an-email');
  await email.blur();
  await expect(page.getByText('E-mail must look like name@address, for example name@example.com')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('');
  await email.blur();
  await expect(page.getByText('E-mail address at the represented is mandatory')).toBeVisible();
  await email.fill(`${'a'.repeat(76)}@x.ee`);
  await expect(email).toHaveValue(`${'a'.repeat(76)}@x.e`); // maxLength 80
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();
  await snap(page, 'customer-add-form');
  await expectNoSeriousA11yViolations(page, { include: '[role=dialog]' });

  const link = page.getByRole('link', { name: 'General terms of the contract (PDF)' });
  await expect(link).toHaveAttribute('href', '/ui/terms/general-terms-en.pdf');
  for (const lang of ['et', 'en', 'ru', 'lv', 'lt']) {
    const res = await page.request.get(`/ui/terms/general-terms-${lang}.pdf`);
    expect(res.status(), lang).toBe(200);
    expect(res.headers()['content-type'], lang).toContain('application/pdf');
    expect((await res.body()).subarray(0, 5).toString(), lang).toBe('%PDF-');
  }
});
