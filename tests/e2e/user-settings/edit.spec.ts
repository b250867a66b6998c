/**
 * The edit tab (spec 2 §2 "Edit view", §5): mari opens My settings from the dashboard,
 * changes her mobile and address (picked from the register), sees 'Save successful' and the values after a reload;
 * a 26-character first name shows the max-length message with Save disabled, and the same payload sent straight to
 * the API answers 400 with nothing changed. Restores her mobile and address parts at the end.
 */
import { UserEditAnswer } from '../../../domain/user-settings';
import { screen } from '../support/screens';
import { expect, test } from '../fixtures';
import { FGID, apiPost, editBodyFrom, saveButton, signIn, successToast } from './helpers';

const ORIGINAL = {
  mobile: '+37255500001',
  address: {
    padreId: null,
    padreFullName: '',
    street: 'Narva mnt 7',
    zipCode: '10117',
    settlement: 'Tallinn',
    county: null,
    countyName: null,
    municipality: null,
    municipalityName: null,
  },
};

test('mari changes her mobile and address, sees Save successful and the values after a reload', async ({ page }) => {
  await signIn(page, 'mari', '/ui/dashboard', FGID.mari);
  const before = UserEditAnswer.parse(await (await page.request.get(`/api/user-settings/edit/${FGID.mari}`)).json());
  try {
    await page.getByRole('link', { name: 'My settings' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/ui/user-settings/edit/${FGID.mari}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Mari Maasikas' })).toBeVisible();
    await expect(page.getByTestId('user-settings-code')).toHaveText('Personal code 48709050218');

    const mobile = page.getByLabel('Mobile', { exact: true });
    await expect(mobile).toHaveValue('+37255500001');
    await mobile.fill('+372 5551 2345');
    const address = page.getByRole('combobox', { name: 'Address from the address register' });
    await address.fill('Tamme');
    const option = page.getByRole('listbox', { name: 'Address from the address register' }).getByRole('option').first();
    await expect(option).toBeVisible();
    await expect(address).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
    // keyboard: the first suggestion, then Enter picks it
    await address.press('ArrowDown');
    await expect(address).toHaveAttribute('aria-activedescendant', /opt-0$/);
    const picked = (await option.textContent()) ?? '';
    await address.press('Enter');
    await expect(address).toHaveValue(picked);
    await expect(page.getByText('The address is picked from the address register')).toBeVisible();
    await screen(page, 'settingsForm', 'editing');

    await saveButton(page).click();
    await expect(successToast(page)).toBeVisible();
    await screen(page, 'settingsForm', 'saved');

    await page.reload();
    await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue('+372 5551 2345');
    await expect(page.getByRole('combobox', { name: 'Address from the address register' })).toHaveValue(picked);
    const after = UserEditAnswer.parse(await (await page.request.get(`/api/user-settings/edit/${FGID.mari}`)).json());
    expect(after.address?.padreId, 'the picked address keeps its register id').toBeTruthy();
    expect(after.address?.padreFullName).toBe(picked);
  } finally {
    const res = await apiPost(page, `user-settings/edit/${FGID.mari}`, editBodyFrom(before, ORIGINAL));
    expect(res.status(), await res.text()).toBe(200);
  }
});

test('a 26-character first name shows the max-length message, Save stays disabled, the API answers 400', async ({
  page,
}) => {
  await signIn(page, 'mari', `/ui/user-settings/edit/${FGID.mari}`, FGID.mari);
  const first = page.getByLabel('First name', { exact: true });
  await expect(first).toHaveValue('Mari');
  await first.fill('A'.repeat(26));
  await expect(page.getByText('The maximum length of "First name" is 25 characters')).toBeVisible();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(saveButton(page)).toBeDisabled();
  await first.fill('A'.repeat(25));
  await expect(saveButton(page)).toBeEnabled();

  const before: unknown = await (await page.request.get(`/api/user-settings/edit/${FGID.mari}`)).json();
  const res = await apiPost(page, `user-settings/edit/${FGID.mari}`, {
    firstName: 'A'.repeat(26),
    lastName: 'Maasikas',
    email: 'mari.maasikas@example.ee',
    mobile: '+37255599999',
    phone: '',
    preferredLanguage: 'EST',
    address: null,
  });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { code: string; fields?: Record<string, string> };
  expect(body.code).toBe('BAD_INPUT');
  expect(Object.keys(body.fields ?? {})).toContain('firstName');
  const after: unknown = await (await page.request.get(`/api/user-settings/edit/${FGID.mari}`)).json();
  expect(after, 'a refused save changes nothing').toEqual(before);
});

/** what the address field held at each render, and the options its open list offered */
type Seen = { value: string; offered: string[] }[];

test('the address list offers only what the field holds now: never the last text’s suggestions while the new text waits', async ({
  page,
}) => {
  await signIn(page, 'mari', `/ui/user-settings/edit/${FGID.mari}`, FGID.mari);
  const address = page.getByRole('combobox', { name: 'Address from the address register' });
  const options = page.getByRole('listbox', { name: 'Address from the address register' }).getByRole('option');
  await address.fill('Narva mnt');
  await expect(options.first()).toContainText('Narva mnt');
  // every render from now on: what the field holds and the options the open list offers (none while it is hidden)
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="address-input"]')!;
    const list = document.getElementById(input.getAttribute('aria-controls')!)!;
    const seen: Seen = [];
    (window as unknown as { addressSeen: Seen }).addressSeen = seen;
    const look = () =>
      seen.push({
        value: input.value,
        offered: list.hidden ? [] : [...list.querySelectorAll('[role="option"]')].map((o) => o.textContent ?? ''),
      });
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  await address.fill('Tamme');
  await expect(options.first()).toContainText('Tamme');
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { addressSeen: Seen }).addressSeen);
  const stale = seen.filter((s) => s.value === 'Tamme' && s.offered.some((o) => !o.includes('Tamme')));
  expect(
    seen.some((s) => s.value === 'Tamme' && s.offered.length > 0),
    'the list was seen open for Tamme',
  ).toBe(true);
  expect(stale, 'options offered for "Tamme" that do not match it').toEqual([]);
  // ArrowDown and Enter pick the first of the current suggestions
  const first = (await options.first().textContent()) ?? '';
  await address.press('ArrowDown');
  await address.press('Enter');
  await expect(address).toHaveValue(first);
});
