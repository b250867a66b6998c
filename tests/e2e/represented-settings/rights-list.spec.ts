/**
 * The rights tab and its privileges (spec 2 §2 "/settings/rights", §4 filter, §6): head administrators
 * apart from the users, search, the not-active filter; mari gets 403 from a customer where she is not main
 * administrator, kristi may change any customer; axe and screenshots. Read-only but for kristi's own new person.
 */
import { EnterpriseUsersAnswer } from '../../../domain/represented-settings';
import { expect, expectNoSeriousA11yViolations, snap, test } from '../fixtures';
import { apiPost, dotsDate, freshEeCode, MAASIKAS, openAs, POLDMARI, VANA_KAUP } from './helpers';

test('the rights tab lists head administrators apart; "tamm" finds Jaan Tamm; the not-active filter shows ended rights', async ({
  page,
}) => {
  await openAs(page, 'mari', 'Maasikas OÜ', `/ui/settings/rights/${MAASIKAS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maasikas OÜ' })).toBeVisible();
  const add = page.getByTestId('rights-add');
  await expect(add).toBeEnabled();

  const admins = page.getByTestId('rights-admins');
  await expect(admins.getByRole('row', { name: /Mari Maasikas/ })).toBeVisible();
  const users = page.getByTestId('rights-users');
  await expect(users.getByRole('columnheader')).toHaveText([
    'Name',
    'Personal ID',
    'Shipment registration',
    'Periodicals',
    'Invoicing management',
    'Actions',
  ]);
  // the main administrator is not repeated among the users
  await expect(users.getByRole('row', { name: /Mari Maasikas/ })).toHaveCount(0);

  const search = page.getByLabel('Search by name or personal ID');
  await search.fill('tamm');
  const jaan = users.getByRole('row', { name: /Jaan Tamm/ });
  await expect(jaan).toBeVisible();
  await expect(jaan.getByTestId('cell-OSS')).toContainText('Shipment viewer');
  await expect(jaan.getByTestId('cell-PERIODICALS')).toHaveText('—');
  // a shipment viewer holds no invoicing management until it is granted (spec 2 §8)
  await expect(jaan.getByTestId('cell-FINANCE')).toHaveText('—');
  await expect(users.getByTestId('rights-row')).toHaveCount(1);
  await search.fill('TAMM');
  await expect(users.getByTestId('rights-row')).toHaveCount(1);
  await search.fill('EE37503');
  await expect(jaan).toBeVisible();

  await search.fill('');
  await expect(users.getByRole('row', { name: /Endel Endine/ })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Not active' }).check();
  const endel = users.getByRole('row', { name: /Endel Endine/ });
  await expect(endel).toBeVisible();
  await expect(endel.getByTestId('cell-OSS')).toContainText('not active');
  await expect(users.getByRole('row', { name: /Jaan Tamm/ })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Active', exact: true }).check();
  await expect(users.getByRole('row', { name: /Jaan Tamm/ })).toBeVisible();
});

test('the rights tab has no serious axe violations and looks finished at 375 and 1280 px', async ({ page }) => {
  await openAs(page, 'mari', 'Maasikas OÜ', `/ui/settings/rights/${MAASIKAS}`);
  await expect(page.getByTestId('rights-add')).toBeEnabled();
  await expect(page.getByTestId('rights-users').getByTestId('rights-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'represented-settings-rights');
});

test('mari gets 403 from the rights API of a customer where she is not main administrator; kristi may change any', async ({
  page,
}) => {
  await openAs(page, 'mari', 'Maasikas OÜ');
  for (const path of [
    `/api/enterprise/users/administrators/${POLDMARI}`,
    `/api/enterprise/users/clientapp/OSS/${POLDMARI}`,
  ]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(403);
  }
  const settings = await apiPost(page, '/api/settings/get', { value: POLDMARI });
  expect(settings.status()).toBe(403);
  const code = freshEeCode();
  const command = {
    userId: `EE${code}`,
    userCode: code,
    country: 'EE',
    domain: 'EE',
    language: 'ET',
    firstName: 'Keelatud',
    lastName: 'Lisaja',
    customerId: POLDMARI,
    admin: false,
    email: 'keelatud@example.ee',
    roles: { OSS: { validity: 'UNLIMITED', categoryId: 'OPERATIONS', roleId: 102, begin: dotsDate(), end: null } },
  };
  expect((await apiPost(page, '/api/user/role/add', command)).status()).toBe(403);
  // her own customer answers
  expect((await page.request.get(`/api/enterprise/users/administrators/${MAASIKAS}`)).status()).toBe(200);

  // kristi (EDIT_ANY_CUSTOMER) reads and changes a customer she has no right in
  const kristi = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const kp = await kristi.newPage();
  try {
    await openAs(kp, 'kristi', null);
    expect((await kp.request.get(`/api/enterprise/users/administrators/${VANA_KAUP}`)).status()).toBe(200);
    const saved = await apiPost(kp, '/api/user/role/add', {
      ...command,
      customerId: VANA_KAUP,
      firstName: 'Lubatud',
      email: 'lubatud@example.ee',
      roles: { OSS: { ...command.roles.OSS, roleId: 103 } },
    });
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toEqual({ value: [] });
    const list = EnterpriseUsersAnswer.parse(
      await (await kp.request.get(`/api/enterprise/users/clientapp/OSS/${VANA_KAUP}`)).json(),
    );
    expect(list.list.map((u) => u.userId)).toContain(`EE${code}`);
  } finally {
    await kristi.close();
  }
});

test("kristi opens Põldmari AS's rights: the notes name the application, invoicing management asks for the finance package, a board member's job title shows", async ({
  page,
}) => {
  await openAs(page, 'kristi', null, `/ui/settings/rights/${POLDMARI}`);
  await expect(page.getByTestId('rights-add')).toBeEnabled();
  // Põldmari AS has no periodicals package: the placeholder names the application
  await expect(page.getByTestId('placeholder-PERIODICALS')).toContainText('The Periodicals service is not subscribed.');
  // with a "Read more" link to the domain's home page, in a new window (spec 2 §2)
  const readMore = page.getByTestId('placeholder-PERIODICALS').getByRole('link', { name: /^Read more/ });
  await expect(readMore).toHaveAttribute('href', 'https://www.post.example.ee');
  await expect(readMore).toHaveAttribute('target', '_blank');
  // nor the finance package: its column says the spec's placeholder with the read-more link (spec 2 §2, §8)
  await expect(page.getByTestId('placeholder-FINANCE')).toContainText('Billing services are not subscribed.');
  await page
    .getByTestId('rights-users')
    .getByTestId('rights-row')
    .filter({ hasText: 'Mari Maasikas' })
    .getByRole('button', { name: /Edit/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('note-PERIODICALS')).toHaveText('The Periodicals service is not subscribed.');
  // no finance package (spec 2 §8)
  await expect(dialog.getByTestId('section-FINANCE')).toContainText('Invoicing management');
  await expect(dialog.getByTestId('note-FINANCE')).toHaveText(
    'Principal does not use financial services. Subscribe first to billing services and then set the permissions.',
  );
  // she sits on Põldmari AS's board in the business register
  await expect(dialog.getByTestId('job-title')).toHaveText('Management board member');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
