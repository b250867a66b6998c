/**
 * Faults, customer-add: with the portal API down, slow (5 s) or answering 500, the modal shows the
 * catalogue message of the failed call (the company search error.client, the other calls error.server), stays open
 * with everything typed (the search text, the confirmation form, the phone number and the signing panel), and the flow
 * completes once the API is back, without a page reload. Business answers (CONTRACT_STOPPED, a refused signature)
 * still close the modal as spec 1 §4 says: customer-add/outcomes.spec.ts and signing.spec.ts.
 */
import type { Page } from '@playwright/test';
import { FIRST_CHECK } from '../../../machines/signing.machine';
import { expect, snap, test } from '../fixtures';
import {
  DEFAULT_SETTINGS,
  DIALOG_TITLE,
  MSG,
  TESTFIRMA,
  expectOutcome,
  fillConfirmation,
  mobileIdButton,
  phoneField,
  resetCompany,
  setSigningSim,
} from '../customer-add/helpers';
import { markWindow, signIn, windowMarkerSurvived } from '../shell/helpers';
import { SLOW_MS, TEXT, clearFault, setFault } from './helpers';

const MARI_FGID = 'EE48709050218';
const POLDMARI = { name: 'Põldmari AS', regCode: '11000026' };

const dialog = (page: Page) => page.getByRole('dialog', { name: DIALOG_TITLE });
const searchBox = (page: Page) =>
  dialog(page).getByRole('combobox', { name: 'Name or registry code of the represented company' });
const email = (page: Page) => dialog(page).getByLabel('E-mail address at the represented');
const terms = (page: Page) => dialog(page).getByLabel('I agree to the terms of the contract', { exact: false });
const board = (page: Page) => dialog(page).getByLabel('I certify that I am a member of the board', { exact: false });
const failure = (page: Page, text: string) => dialog(page).getByRole('alert').filter({ hasText: text });

async function openCustomerAdd(page: Page, who: 'mari' | 'mary') {
  await signIn(page, who, '/ui/dashboard/EE/en/add-customer');
  await expect(dialog(page)).toBeVisible();
}

test.afterEach(async ({ page }) => {
  await clearFault(page);
});

test('down: the search and Confirm fail with their messages; the search text and the form stay; then the rights are added', async ({
  page,
}) => {
  try {
    await openCustomerAdd(page, 'mari');
    await markWindow(page);
    await setFault(page, 'down');
    await searchBox(page).fill('Põldmari');
    await expect(failure(page, TEXT.clientError)).toBeVisible();
    await expect(dialog(page)).toBeVisible();
    await expect(searchBox(page)).toHaveValue('Põldmari');

    await clearFault(page);
    await failure(page, TEXT.clientError).getByRole('button', { name: TEXT.retry }).click();
    await dialog(page)
      .getByRole('option', { name: /^Põldmari AS/ })
      .click();
    await expect(dialog(page).getByText('Registry code', { exact: true })).toBeVisible();
    await fillConfirmation(page, 'mari@poldmari.example');
    await dialog(page).getByLabel('Additional info').fill('Fault test');

    await setFault(page, 'down');
    const confirm = dialog(page).getByRole('button', { name: 'Confirm', exact: true });
    await confirm.click();
    await expect(failure(page, TEXT.serverError)).toBeVisible();
    await expect(email(page)).toHaveValue('mari@poldmari.example');
    await expect(dialog(page).getByLabel('Additional info')).toHaveValue('Fault test');
    await expect(terms(page)).toBeChecked();
    await expect(board(page)).toBeChecked();
    await expect(searchBox(page)).toHaveValue(POLDMARI.name);
    await snap(page, 'fault-customer-add-confirm-failed');

    await clearFault(page);
    await confirm.click();
    await expectOutcome(page, MSG.success);
    expect(await windowMarkerSurvived(page), 'recovered without a page reload').toBe(true);
  } finally {
    await resetCompany(page, POLDMARI.regCode, MARI_FGID); // mari's demo rights as they were
  }
});

test('500: the company and the Mobile-ID start fail with error.server; the choice, the form and the phone stay; then mary signs', async ({
  page,
}) => {
  // the person confirms on the phone at once; the page's 10 s wait for the first status check is skipped on its clock
  await setSigningSim(page, { midDelayMs: 0, checkWaitMs: 0 });
  await resetCompany(page, TESTFIRMA.regCode);
  try {
    await page.clock.install();
    await openCustomerAdd(page, 'mary');
    await markWindow(page);
    await searchBox(page).fill('Testfirma');
    const option = dialog(page).getByRole('option', { name: /^Testfirma OÜ/ });
    await setFault(page, '500', ['/api/customer-add/get/']);
    await option.click();
    await expect(failure(page, TEXT.serverError)).toBeVisible();
    await expect(searchBox(page)).toHaveValue(TESTFIRMA.name);
    await clearFault(page);
    // choosing again is the retry: the suggestions are still there
    await option.click();
    await expect(dialog(page).getByText('Registry code', { exact: true })).toBeVisible();
    await expect(failure(page, TEXT.serverError)).toHaveCount(0);
    await fillConfirmation(page, 'mary@testfirma.example');
    await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click();
    await phoneField(page).fill('+37200000766');

    await setFault(page, '500', ['/api/sign/']);
    await mobileIdButton(page).click();
    await expect(failure(page, TEXT.serverError)).toBeVisible();
    // the signing panel with its phone number, and the form above it, are as they were
    await expect(dialog(page).getByRole('heading', { name: 'Choose how to sign' })).toBeVisible();
    await expect(phoneField(page)).toHaveValue('+37200000766');
    await expect(email(page)).toHaveValue('mary@testfirma.example');
    await expect(mobileIdButton(page)).toBeEnabled();

    await clearFault(page);
    await mobileIdButton(page).click();
    await expect(dialog(page).getByTestId('verification-code').locator('strong')).toHaveText(/^\d{4}$/);
    await page.clock.fastForward(FIRST_CHECK);
    await expectOutcome(page, MSG.success);
    await expect(page).toHaveURL(/\/ui\/settings\/represented\/EPEE11000109/);
    expect(await windowMarkerSurvived(page)).toBe(true);
  } finally {
    await resetCompany(page, TESTFIRMA.regCode);
    await setSigningSim(page, DEFAULT_SETTINGS);
  }
});

test('slow: while the company takes 5 s to load the modal says it is loading, then shows the company and Confirm', async ({
  page,
}) => {
  await openCustomerAdd(page, 'mari');
  await searchBox(page).fill('Põldmari');
  await setFault(page, 'slow', ['/api/customer-add/get/']);
  const started = Date.now();
  await dialog(page)
    .getByRole('option', { name: /^Põldmari AS/ })
    .click();
  await expect(dialog(page).getByRole('status').filter({ hasText: TEXT.loading })).toBeVisible();
  await expect(dialog(page).getByText('Registry code', { exact: true })).toBeVisible({ timeout: SLOW_MS + 10_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS);
  await expect(dialog(page).getByRole('definition').filter({ hasText: POLDMARI.regCode })).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Confirm', exact: true })).toBeVisible();
});
