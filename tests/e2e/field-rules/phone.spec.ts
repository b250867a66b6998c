/**
 * One phone rule (domain/fields/phone.ts) wherever a form asks for a phone: a 5-digit number is refused in the
 * browser with the field's own message ('Invalid format of phone number', spec 2 §5), tied to the field, before
 * anything is sent, never as the generic server error. Customer add's Mobile-ID number (mary signing a contract for
 * Testfirma OÜ, spec 1 §4), user settings' mobile (mari, spec 2 §2 "Edit view"), and the business customer's phone
 * (mari as main administrator of Maasikas OÜ, spec 2 §2 "Represented settings"). Nothing is saved or signed.
 */
import type { Page, Request } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures';
import { MAASIKAS, openAs } from '../represented-settings/helpers';
import { FGID } from '../user-settings/helpers';

const SHORT = '12345';
const PHONE_FORMAT = 'Invalid format of phone number';
const SERVER_ERROR = /server error|try again later/i;

/** The portal's POSTs to /api/ from now on (a refused field must send none). */
function apiPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/')) posts.push(r);
  });
  return posts;
}

const paths = (posts: Request[]) => posts.map((r) => new URL(r.url()).pathname);

test('customer add: a 5-digit Mobile-ID number is refused at the phone field, nothing is signed', async ({ page }) => {
  await signInAs(page, 'mary', { target: '/ui/dashboard/EE/en/add-customer' });
  const dialog = page.getByRole('dialog', { name: 'Enter into a business customer contract' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Name or registry code of the represented company' }).fill('Testfirma');
  await page.getByRole('option', { name: /^Testfirma OÜ/ }).click();
  await dialog.getByLabel('E-mail address at the represented').fill('contracts@example.ee');
  await dialog.getByLabel('I agree to the terms of the contract', { exact: false }).check();
  await dialog.getByLabel('I certify that I am a member of the board', { exact: false }).check();
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Choose how to sign' })).toBeVisible();

  const posts = apiPosts(page);
  const phone = dialog.getByLabel('Mobile phone number');
  await phone.fill(SHORT);
  await dialog.getByRole('button', { name: 'Mobile-ID', exact: true }).click();
  await expect(phone).toHaveAccessibleDescription(PHONE_FORMAT);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('heading', { name: 'Choose how to sign' })).toBeVisible();
  await expect(page.getByText(SERVER_ERROR)).toHaveCount(0);
  expect(paths(posts), 'no signing starts').not.toContain('/api/sign/mobile/start');
});

test("user settings: a 5-digit mobile is refused at the Mobile field, Save stays off and mari's mobile is kept", async ({
  page,
}) => {
  await signInAs(page, 'mari', { target: `/ui/user-settings/edit/${FGID.mari}` });
  const mobile = page.getByLabel('Mobile', { exact: true });
  const stored = await mobile.inputValue();
  expect(stored, 'the form shows the stored mobile').not.toBe('');
  const posts = apiPosts(page);
  await mobile.fill(SHORT);
  await expect(mobile).toHaveAccessibleDescription(PHONE_FORMAT);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(page.getByText(SERVER_ERROR)).toHaveCount(0);
  expect(paths(posts)).not.toContain(`/api/user-settings/edit/${FGID.mari}`);
  await page.reload();
  await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue(stored);
});

test('business customer data: a 5-digit phone is refused at the Phone field, Save stays off', async ({ page }) => {
  await openAs(page, 'mari', 'Maasikas OÜ', `/ui/settings/represented/${MAASIKAS}`);
  const phone = page.getByLabel('Phone', { exact: true });
  const stored = await phone.inputValue();
  expect(stored, 'the form shows the stored phone').not.toBe('');
  const posts = apiPosts(page);
  await phone.fill(SHORT);
  await expect(phone).toHaveAccessibleDescription(PHONE_FORMAT);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(page.getByText(SERVER_ERROR)).toHaveCount(0);
  expect(paths(posts)).not.toContain('/api/settings');
});
