/**
 * Staff and access (spec 2 §6): kristi finds mari through the user search, opens her settings
 * (no password tab), changes her e-mail and sends a reset link: the link is refused with its reason (an address
 * someone other than the person set less than a day ago gets none), and mari's old address is told of the change in
 * Estonian, naming kristi. mari cannot open kristi's settings (not authorised, home) nor read them from the API (403).
 * mari restores her e-mail herself at the end (her own change: a reset link may go to it again).
 */
import { UserEditAnswer } from '../../../domain/user-settings';
import { expect, test } from '../fixtures';
import { FGID, apiPost, editBodyFrom, saveButton, signIn, successToast } from './helpers';

interface Mail {
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

test('kristi finds mari and changes her e-mail: no reset link goes to the new address, the old one is told', async ({
  page,
  browser,
}) => {
  await signIn(page, 'kristi', '/ui/customer-search');
  const before = UserEditAnswer.parse(await (await page.request.get(`/api/user-settings/edit/${FGID.mari}`)).json());
  const users = page.getByRole('search', { name: 'User name or personal identification number' });
  await users.getByLabel('User name or personal identification number').fill('Maasikas');
  await users.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('table', { name: 'Users found' }).getByRole('row', { name: /Mari/ }).click();
  await expect(page).toHaveURL(new RegExp(`/ui/user-settings/edit/${FGID.mari}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Mari Maasikas' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Settings sections' }).first();
  await expect(sections.getByRole('link')).toHaveText(['Contact data', 'I represent', 'Preferences']);

  const email = page.getByLabel('E-mail', { exact: true });
  await expect(email).toHaveValue(before.email ?? '');
  try {
    await email.fill('mari.uus@example.ee');
    await saveButton(page).click();
    await expect(successToast(page)).toBeVisible();

    await page.getByRole('button', { name: 'Send password reset link' }).click();
    await expect(
      page.getByRole('alert').getByText(/this e-mail address was set by someone other than the person/),
    ).toBeVisible();
    await expect(page.getByText('Password reset e-mail sent', { exact: true })).toHaveCount(0);
    const outbox = (await (await page.request.get('/sim/api/outbox')).json()) as { value: Mail[] };
    expect(
      outbox.value.filter((m) => m.to === 'mari.uus@example.ee' && /\/ui\/user-add\/reset-password\//.test(m.body)),
      'no reset link went to the address kristi set',
    ).toEqual([]);
    const notice = outbox.value.find((m) => m.to === before.email && m.subject === 'Teie e-posti aadress muudeti');
    expect(notice, 'her old address is told of the change').toBeTruthy();
    expect(notice?.body).toContain('Muutja: Kristi Kask');

    await page.reload();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('mari.uus@example.ee');

    // her preferences: read from the server for staff; "Save and use" is never offered to EDIT_ANY_USER
    await sections.getByRole('link', { name: 'Preferences' }).click();
    await page.getByLabel('Service opened at login').selectOption('LOGISTICS');
    await page.getByLabel('Represented party').selectOption({ label: 'Maasikas OÜ' });
    await expect(saveButton(page)).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Save and use' })).toHaveCount(0);
  } finally {
    // mari puts her address back herself: an address kristi set would refuse other tests' reset links for a day
    const mariContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const mari = await mariContext.newPage();
      await signIn(mari, 'mari', '/ui/config.json');
      const res = await apiPost(mari, `user-settings/edit/${FGID.mari}`, editBodyFrom(before, { address: null }));
      expect(res.status(), await res.text()).toBe(200);
    } finally {
      await mariContext.close();
    }
  }
});

test("mari cannot open kristi's settings (not authorised, home) nor read them from the API", async ({ page }) => {
  await signIn(page, 'mari', '/ui/dashboard', FGID.mari);
  for (const path of [
    `edit/${FGID.kristi}`,
    `preferences/${FGID.kristi}`,
    `rights/${FGID.kristi}`,
    `password/${FGID.kristi}`,
    `roles/clientapp/OSS/${FGID.kristi}`,
  ]) {
    const res = await page.request.get(`/api/user-settings/${path}`);
    expect(res.status(), `GET user-settings/${path}`).toBe(403);
  }
  const write = await apiPost(page, `user-settings/edit/${FGID.kristi}`, {
    firstName: 'Mari',
    lastName: 'Kask',
    email: 'x@example.ee',
    mobile: '',
    phone: '',
    preferredLanguage: 'EST',
    address: null,
  });
  expect(write.status()).toBe(403);

  await page.goto(`/ui/user-settings/edit/${FGID.kristi}`);
  await expect(page.getByText('Access was denied. Please log in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/ui\/(dashboard)?$/);
  await expect(page.getByRole('heading', { name: 'Kristi Kask' })).toHaveCount(0);
});
