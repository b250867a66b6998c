/**
 * Adding a new user, editing an existing user, removing all rights (spec 2 §2 "Rights edit modal",
 * §4, §5): each test adds its own new person (a fresh valid EE code), so no other test reads what they change.
 * The PERIODICALS save failure switch is global: it is turned off again in `finally`.
 */
import type { Page } from '@playwright/test';
import { screen } from '../support/screens';
import { expect, expectNoSeriousA11yViolations, snap, test } from '../fixtures';
import { choiceDialog } from '../shell/helpers';
import { apiPost, badChecksum, dotsDate, freshEeCode, isoDate, MAASIKAS, openAs, setSaveFailure } from './helpers';

const modal = (page: Page) => page.getByRole('dialog');
const usersTable = (page: Page) => page.getByTestId('rights-users');
const section = (page: Page, app: 'OSS' | 'PERIODICALS' | 'FINANCE') => modal(page).getByTestId(`section-${app}`);

async function openRights(page: Page) {
  await openAs(page, 'mari', 'Maasikas OÜ', `/ui/settings/rights/${MAASIKAS}`);
  await expect(page.getByTestId('rights-add')).toBeEnabled();
}

/** Adds a new person with an OSS role of `category` (limited today → +1 month when `limited`), PERIODICALS none. */
async function addPerson(
  page: Page,
  code: string,
  firstName: string,
  { limited = true, category = 'Operations' } = {},
) {
  await page.getByTestId('rights-add').click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByLabel('Personal code').fill(code);
  await expect(modal(page).getByLabel('First name')).toBeEditable();
  await modal(page).getByLabel('First name').fill(firstName);
  await modal(page).getByLabel('Last name').fill('Testija');
  await modal(page).getByLabel('E-mail').fill(`${firstName.toLowerCase()}@example.ee`);
  await section(page, 'OSS').getByRole('radio', { name: category }).check();
  if (limited) {
    await section(page, 'OSS').getByRole('radio', { name: 'Limited', exact: true }).check();
    await section(page, 'OSS').getByLabel('From').fill(isoDate());
    await section(page, 'OSS').getByLabel('To').fill(isoDate(1));
  }
  await expect(section(page, 'PERIODICALS').getByRole('radio', { name: 'No rights' })).toBeChecked();
  await screen(page, 'rightsEdit', 'editing');
  await modal(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modal(page)).toBeHidden();
  await expect(page.locator('.toast').filter({ hasText: 'Save successful' })).toBeVisible();
  await screen(page, 'rightsEdit', 'saved');
}

async function findRow(page: Page, text: string) {
  await page.getByLabel('Search by name or personal ID').fill(text);
  return usersTable(page).getByTestId('rights-row').filter({ hasText: text });
}

test('mari adds a new user with an unknown EE code: OSS limited for a month, PERIODICALS none; the person signs on and sees Maasikas OÜ', async ({
  page,
  browser,
}) => {
  await openRights(page);
  const code = freshEeCode();
  await addPerson(page, code, 'Uus');
  const row = await findRow(page, code);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Uus Testija');
  await expect(row.getByTestId('cell-OSS')).toContainText('Shipment registrar');
  await expect(row.getByTestId('cell-OSS')).toContainText(`${dotsDate()} – ${dotsDate(1)}`);
  await expect(row.getByTestId('cell-PERIODICALS')).toHaveText('—');

  // that person signs on (the demo sign-on by personal code) and is offered Maasikas OÜ
  const ctx = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const other = await ctx.newPage();
  try {
    await other.goto('/api/security/login?target=%2Fui%2F');
    await other.getByLabel('Country and personal code, e.g. EE39001010000').fill(`EE${code}`);
    await other.getByRole('button', { name: 'Sign on with this code' }).click();
    await expect(choiceDialog(other)).toBeVisible();
    await expect(choiceDialog(other).getByRole('button', { name: 'Maasikas OÜ', exact: true })).toBeVisible();
  } finally {
    await ctx.close();
  }
});

test('mari grants a new user invoicing management in the modal: the FINANCE column shows it, and that person gets the finance shortcut for Maasikas OÜ', async ({
  page,
  browser,
}) => {
  await openRights(page);
  const code = freshEeCode();
  await page.getByTestId('rights-add').click();
  await modal(page).getByLabel('Personal code').fill(code);
  await expect(modal(page).getByLabel('First name')).toBeEditable();
  await modal(page).getByLabel('First name').fill('Arve');
  await modal(page).getByLabel('Last name').fill('Testija');
  await modal(page).getByLabel('E-mail').fill('arve@example.ee');
  // Maasikas OÜ has the finance package: invoicing management offers its role (spec 2 §8)
  await expect(section(page, 'FINANCE')).toContainText('Invoicing management');
  await expect(section(page, 'FINANCE').getByRole('radio', { name: 'No rights' })).toBeChecked();
  await section(page, 'FINANCE').getByRole('radio', { name: 'Accounting' }).check();
  await expect(section(page, 'FINANCE')).toContainText('Invoice viewer');
  await modal(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modal(page)).toBeHidden();
  await expect(page.locator('.toast').filter({ hasText: 'Save successful' })).toBeVisible();
  const row = await findRow(page, code);
  await expect(row.getByTestId('cell-FINANCE')).toContainText('Invoice viewer');
  await expect(row.getByTestId('cell-OSS')).toHaveText('—');

  // that person signs on, picks Maasikas OÜ and finds invoicing management among the shortcuts
  const ctx = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const other = await ctx.newPage();
  try {
    await other.goto('/api/security/login?target=%2Fui%2F');
    await other.getByLabel('Country and personal code, e.g. EE39001010000').fill(`EE${code}`);
    await other.getByRole('button', { name: 'Sign on with this code' }).click();
    await choiceDialog(other).getByRole('button', { name: 'Maasikas OÜ', exact: true }).click();
    await expect(other.getByTestId('represented')).toHaveText('Maasikas OÜ');
    await expect(other.getByTestId('shortcuts').getByRole('link', { name: 'Invoicing management' })).toBeVisible();
  } finally {
    await ctx.close();
  }
});

test('the modal names the issuing country and the country where the service is used; an invalid checksum is refused with the national-id message in the browser and at the API', async ({
  page,
}) => {
  await openRights(page);
  const code = badChecksum(freshEeCode());
  await page.getByTestId('rights-add').click();
  // the personal code's issuing country, and the country where the service is used (the domain: its languages)
  const issuing = modal(page).getByLabel('Issuing country');
  const serviceCountry = modal(page).getByLabel('Country where the service is used');
  const language = modal(page).getByLabel('Language');
  await expect(issuing).toHaveValue('EE');
  await expect(serviceCountry).toHaveValue('EE');
  await expect(serviceCountry.locator('option')).toHaveText(['Estonia', 'Latvia', 'Lithuania']);
  await serviceCountry.selectOption({ label: 'Latvia' });
  await expect(language).toHaveValue('LV');
  await expect(language.locator('option')).toHaveText(['Latvian', 'English', 'Russian']);
  await serviceCountry.selectOption({ label: 'Estonia' });
  await expect(language).toHaveValue('ET');
  await modal(page).getByLabel('Personal code').fill(code);
  await modal(page).getByLabel('First name').fill('Vale');
  await expect(modal(page).getByTestId('error-personalCode')).toHaveText(
    'The national identification number is not valid in the chosen country',
  );
  await expect(modal(page).getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // axe on the open modal, and how it looks
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'represented-settings-modal');
  await modal(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(modal(page)).toBeHidden();

  const res = await apiPost(page, '/api/user/role/add', {
    userId: `EE${code}`,
    userCode: code,
    country: 'EE',
    domain: 'EE',
    language: 'ET',
    firstName: 'Vale',
    lastName: 'Kood',
    customerId: MAASIKAS,
    admin: false,
    email: 'vale@example.ee',
    roles: { OSS: { validity: 'UNLIMITED', categoryId: 'OPERATIONS', roleId: 102, begin: dotsDate(), end: null } },
  });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { code: string; serviceErrorMessage: string };
  expect(body.code).toBe('BAD_INPUT');
  expect(body.serviceErrorMessage).toMatch(/national identification number/i);
});

test("editing an existing user's OSS category; with PERIODICALS failing the warning names periodicals and OSS lands", async ({
  page,
}) => {
  await openRights(page);
  const code = freshEeCode();
  await addPerson(page, code, 'Muudetav', { limited: false });
  let row = await findRow(page, code);
  await expect(row.getByTestId('cell-OSS')).toContainText('Shipment registrar');

  // move OSS to another category: Management (its first role, Shipment administrator)
  await row.getByRole('button', { name: /Edit/ }).click();
  await expect(modal(page).getByLabel('Personal code')).toHaveValue(code);
  await expect(section(page, 'OSS').getByRole('radio', { name: 'Operations' })).toBeChecked();
  await section(page, 'OSS').getByRole('radio', { name: 'Management' }).check();
  await modal(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modal(page)).toBeHidden();
  row = await findRow(page, code);
  await expect(row.getByTestId('cell-OSS')).toContainText('Shipment administrator');

  // PERIODICALS' save fails: OSS back to Operations and PERIODICALS a role; the warning names periodicals
  await setSaveFailure(page, 'PERIODICALS', true);
  try {
    await row.getByRole('button', { name: /Edit/ }).click();
    await section(page, 'OSS').getByRole('radio', { name: 'Operations' }).check();
    await section(page, 'PERIODICALS').getByRole('radio', { name: 'Publishing' }).check();
    await modal(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.toast--warning')).toContainText('Saving failed to: Periodicals');
    await expect(modal(page)).toBeHidden();
    row = await findRow(page, code);
    await expect(row.getByTestId('cell-OSS')).toContainText('Shipment registrar');
    await expect(row.getByTestId('cell-PERIODICALS')).toHaveText('—');
  } finally {
    await setSaveFailure(page, 'PERIODICALS', false);
  }
});

test("remove all rights asks, then ends a person's rights; absent for a main administrator, whose job title shows; mari cannot clear her own box", async ({
  page,
}) => {
  await openRights(page);
  const code = freshEeCode();
  await addPerson(page, code, 'Eemaldatav', { limited: false });
  const row = await findRow(page, code);
  await row.getByRole('button', { name: /Edit/ }).click();
  // not on the company's board: no job title
  await expect(modal(page).getByText('Job title')).toHaveCount(0);
  // an irreversible step asks first; Cancel leaves everything as it was
  await modal(page).getByRole('button', { name: 'Remove all rights' }).click();
  const question = modal(page).getByRole('alertdialog', { name: 'Remove all rights?' });
  await expect(question).toContainText('Every right of Eemaldatav Testija');
  await screen(page, 'rightsEdit', 'confirm-remove-all');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(section(page, 'OSS').getByRole('radio', { name: 'Operations' })).toBeChecked();
  await modal(page).getByRole('button', { name: 'Remove all rights' }).click();
  await question.getByRole('button', { name: 'Yes, remove all rights' }).click();
  await expect(modal(page)).toBeHidden();
  await expect(await findRow(page, code)).toHaveCount(0);
  await page.getByRole('radio', { name: 'Not active', exact: true }).check();
  const ended = await findRow(page, code);
  await expect(ended).toHaveCount(1);
  await expect(ended.getByTestId('cell-OSS')).toContainText('not active');

  // mari's own row among the head administrators: no Remove all rights, her administrator box is locked
  await page
    .getByTestId('rights-admins')
    .getByRole('row', { name: /Mari Maasikas/ })
    .getByRole('button')
    .click();
  await expect(modal(page)).toBeVisible();
  await expect(modal(page).getByRole('button', { name: 'Remove all rights' })).toHaveCount(0);
  // she chairs Maasikas OÜ's board in the business register: the job title says so
  await expect(modal(page).getByTestId('job-title')).toHaveText('Chairman of the management board');
  const admin = modal(page).getByRole('checkbox', { name: 'Main administrator' });
  await expect(admin).toBeChecked();
  await expect(admin).toBeDisabled();
  await expect(section(page, 'OSS')).toContainText('The main administrator has all rights.');
});
