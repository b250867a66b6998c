/**
 * The preferences tab (spec 2 §2 "Preferences view", §4): jaan chooses logistics and
 * Kase Trükk OÜ and uses "Save and use": he lands in logistics acting for Kase Trükk OÜ; after a logout and login
 * he lands there again. Invoicing management is offered too. Changing the service clears the party; "Save and
 * use" is hidden while the form is invalid. His own preference is restored at the end. With no preference at all,
 * "Save and use" opens the address the TARGET cookie remembered and expires the cookie (spec 2 §4).
 */
import { COOKIE, Preference } from '../../../domain/contract';
import { expect, loginAs, test } from '../fixtures';
import { FGID, apiPost, choiceDialog, saveButton, signIn } from './helpers';

test('jaan saves logistics for Kase Trükk OÜ with Save and use, and lands there again after a new login', async ({
  page,
}) => {
  await signIn(page, 'jaan', `/ui/user-settings/preferences/${FGID.jaan}`, 'EPEE11000049');
  const before = Preference.parse(await (await page.request.get(`/api/user-settings/preferences/${FGID.jaan}`)).json());
  try {
    const service = page.getByLabel('Service opened at login');
    const party = page.getByLabel('Represented party');
    await expect(service).toHaveValue('LOGISTICS');
    await expect(party).toHaveValue('EPEE11000049');
    // changing the service clears the party; both are required, so "Save and use" hides and Save is disabled
    await service.selectOption('NOPREFERENCE');
    await expect(party).toHaveValue('');
    await expect(saveButton(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save and use' })).toHaveCount(0);
    // invoicing management is a start-up service too (spec 2 §9): only businesses whose right holds it today (he is
    // Tamme Logistika OÜ's main administrator; a periodicals role in Männi Meedia AS is no finance right, spec 2 §8)
    await service.selectOption({ label: 'Invoicing management' });
    await expect(party.locator('option', { hasText: 'Tamme Logistika OÜ' })).toHaveCount(1);
    await expect(party.locator('option', { hasText: 'Männi Meedia AS' })).toHaveCount(0);
    await expect(party.locator('option', { hasText: 'Järve Ehitus OÜ' })).toHaveCount(0);
    await service.selectOption('LOGISTICS');
    // only the parties he may use for shipment registration, by name
    await expect(party.locator('option', { hasText: 'Männi Meedia AS' })).toHaveCount(0);
    await party.selectOption({ label: 'Kase Trükk OÜ' });
    await page.getByRole('button', { name: 'Save and use' }).click();

    await expect(page).toHaveURL(/\/ui\/oss-wrapper/);
    await expect(page.getByRole('main')).toContainText(/Represented party\s*Kase Trükk OÜ/);
    const saved = Preference.parse(
      await (await page.request.get(`/api/user-settings/preferences/${FGID.jaan}`)).json(),
    );
    expect(saved.representedId).toBe('EPEE11000055');
    expect(saved.serviceUrl).toMatch(/\/ui\/business\/ee\/\w+\/LOGISTICS$/);

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expect(page).toHaveURL(/\/cas\/login/);
    // the next login to the portal's front page applies the preference: its party first, then its service URL
    await loginAs(page, 'jaan');
    await expect(page).toHaveURL(/\/ui\/oss-wrapper/);
    await expect(page.getByRole('main')).toContainText(/Represented party\s*Kase Trükk OÜ/);
    await expect(choiceDialog(page)).toHaveCount(0);
  } finally {
    const res = await apiPost(page, `user-settings/preferences/${FGID.jaan}`, before);
    expect(res.status(), await res.text()).toBe(200);
  }
});

test('"Save and use" without a preferred service opens the remembered TARGET address and expires the cookie', async ({
  page,
}) => {
  await signIn(page, 'jaan', `/ui/user-settings/preferences/${FGID.jaan}`, 'EPEE11000049');
  const before = Preference.parse(await (await page.request.get(`/api/user-settings/preferences/${FGID.jaan}`)).json());
  expect(before.serviceUrl, 'the test restores a preference it can send again').toEqual(expect.any(String));
  try {
    const url = new URL(page.url());
    await page.context().addCookies([{ name: COOKIE.target, value: '/ui/user-settings/roles', url: url.origin }]);
    await page.getByLabel('Service opened at login').selectOption('NOPREFERENCE');
    await page.getByLabel('Represented party').selectOption('NOPREFERENCE');
    await page.getByRole('button', { name: 'Save and use' }).click();
    await expect(page).toHaveURL(/\/ui\/user-settings\/roles$/);
    await expect(page.getByRole('table', { name: 'I represent' })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(
      cookies.find((c) => c.name === COOKIE.target),
      'the TARGET cookie is used once',
    ).toBeUndefined();
  } finally {
    const res = await apiPost(page, `user-settings/preferences/${FGID.jaan}`, before);
    expect(res.status(), await res.text()).toBe(200);
  }
});
