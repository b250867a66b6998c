/**
 * Account from an invitation: uku creates his account from the invitation in the outbox (the terms of use in the
 * language on screen, username and password, Maasikas OÜ with shipment registration), lands in logistics acting for
 * Maasikas OÜ, logs out and in with the new credentials, and the used link sends him home. uku's invitation is this
 * test's own data.
 */
import { COOKIE } from '../../../domain/contract';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures';
import { banner, expectSignedInAs } from '../skeleton/helpers';
import { linkIn, newestMail, signOnWith } from './helpers';

test('uku accepts the terms of use from his invitation link and signs in with his new credentials', async ({
  page,
}) => {
  const mail = await newestMail(page, 'uku.uus@example.ee', 'invite');
  const link = linkIn(mail);
  expect(link).toMatch(/^\/ui\/user-add\/edit\/[\w-]{16,}$/);

  await page.goto(link);
  const modal = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Welcome, Uku Uus.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });

  // the portal's terms of use in the language on screen (English here, though his own is Estonian)
  const pdf = modal.getByRole('link', { name: /Terms of use \(PDF, EN\)/ });
  const href = (await pdf.getAttribute('href')) ?? '';
  expect(href).toMatch(/\/user-add\/eula\/EN\.pdf$/);
  const file = await page.request.get(href);
  expect(file.headers()['content-type']).toBe('application/pdf');
  const body = await file.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  // not the general terms of the business customer contract, which customer add links
  expect(body.equals(await (await page.request.get('/ui/terms/general-terms-en.pdf')).body())).toBe(false);
  // on an Estonian screen, the Estonian terms of use
  await page.context().addCookies([{ name: COOKIE.language, value: 'est', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Kasutustingimused (PDF, ET)' })).toHaveAttribute(
    'href',
    /\/user-add\/eula\/ET\.pdf$/,
  );
  await page.context().addCookies([{ name: COOKIE.language, value: 'eng', url: page.url() }]);
  await page.reload();
  await expect(modal.getByText('Welcome, Uku Uus.')).toBeVisible();

  // accepting is required
  await modal.getByLabel('Username', { exact: true }).fill('uku.uus');
  await modal.getByLabel('New password', { exact: true }).fill('Ukuparool1');
  await modal.getByLabel('Repeat the new password', { exact: true }).fill('Ukuparool1');
  await modal.getByLabel('Service', { exact: true }).selectOption({ label: 'Shipment registration' });
  await modal.getByLabel('Represented party', { exact: true }).selectOption({ label: 'Maasikas OÜ' });
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal.getByText('You must accept the terms of use')).toBeVisible();
  await modal.getByLabel('I have read and accept the terms of use').check();
  await modal.getByRole('button', { name: 'Confirm' }).click();

  // the business LOGISTICS route hosts shipment registration (OSS) in the oss-wrapper
  await expect(page).toHaveURL(/\/ui\/(business\/ee\/[a-z]{2}\/LOGISTICS|oss-wrapper)/, { timeout: 15_000 });
  await expect(modal).toBeHidden();
  // shipment registration, acting for Maasikas OÜ (the page names the represented party and his role)
  await expect(page.getByRole('heading', { name: 'Shipment registration', level: 1 })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Maasikas OÜ' })).toContainText('11000015');
  await expect(page.getByRole('main').getByText('Shipment registrar')).toBeVisible();
  await expectSignedInAs(page, 'Uku Uus');

  // log out, then in with the new credentials
  await banner(page).getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/cas\/login/, { timeout: 15_000 });
  // (to the dashboard: the start page would follow his new preference out of the portal)
  await page.goto('/api/security/login?target=%2Fui%2Fdashboard');
  await signOnWith(page, 'uku.uus', 'Ukuparool1');
  await expect(page).toHaveURL(/\/ui\//);
  await expectSignedInAs(page, 'Uku Uus');

  // the used link goes home
  await page.goto(link);
  await expect(page).not.toHaveURL(/user-add/, { timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Terms of use' })).toBeHidden();
});
