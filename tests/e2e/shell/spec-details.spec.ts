/**
 * Rules of the specs that only the browser shows, a few page loads each (read-only: nothing is saved).
 * - mari acting for Maasikas OÜ: the body's layout-wide class (spec 1 §2 Root layout, spec 2 §9); the logo's home
 *   link, the domain's home address + '/' + the three-letter language code (spec 1 §2 Header, §9); the dashboard's
 *   shortcuts two to a row at 736 px and below (spec 2 §2, §9); the query string cleared by a navigation (spec 1 §2);
 *   the user-settings tabs and the settings pages without an id (spec 2 §2); /user-settings/link/{domain}/{language}
 *   (spec 2 §2) with the permanent EPIT-DOMAIN cookie it writes (spec 1 §9: 100 years), and the contact text of the
 *   domain in the help panel and the user menu panel (spec 1 §2, §9).
 * - anna: the roles view's "No representation rights were found" (spec 2 §2, §8); /user-add/edit/ without a key loads
 *   the simple context only (spec 1 §2, spec 2 §4).
 * - kristi: customer data's "No credit" (spec 2 §2, §9), the contact address disabled when the customer manager
 *   manages it (spec 2 §2), the rights list's notice when a customer has no users and no admins (spec 2 §4), and the
 *   address block hidden for a person whose personal code is not from EE (spec 2 §2).
 */
import type { Page } from '@playwright/test';
import { COOKIE } from '../../../domain/contract';
import { expect, test } from '../fixtures';
import { MAASIKAS, POLDMARI } from '../represented-settings/helpers';
import { t } from '../skeleton/helpers';
import { FGID, signIn } from '../user-settings/helpers';

/** The demo customer with no users and no administrators. */
const NOBODYS = 'EPEE11000115';
const LIGA = 'LV15058912347';

const home = (page: Page) => page.getByRole('link', { name: t('en', 'header.home'), exact: true });

/** The boxes of the dashboard's shortcuts, in order. */
function shortcutBoxes(page: Page) {
  return page.getByTestId('shortcuts').evaluate((list) => ({
    list: list.getBoundingClientRect().width,
    items: [...list.children].map((li) => {
      const r = li.getBoundingClientRect();
      return { top: Math.round(r.top), width: r.width };
    }),
  }));
}

async function expectTwoToARow(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { list, items } = await shortcutBoxes(page);
  expect(items.length, 'the test needs two shortcuts or more').toBeGreaterThanOrEqual(2);
  const tops = items.map((i) => i.top);
  expect(tops[1], `at ${width} px the second shortcut is beside the first`).toBe(tops[0]);
  if (items.length > 2) expect(tops[2], `at ${width} px the third starts the next row`).toBeGreaterThan(tops[0]);
  // two columns of the list's width, less the gap between them
  for (const i of items) expect(i.width, `at ${width} px each shortcut is half the row`).toBeGreaterThan(list * 0.4);
}

test('mari: wide layout, the logo per domain, shortcuts two a row, the query cleared, settings without an id, the settings link', async ({
  page,
}) => {
  await signIn(page, 'mari', '/ui/dashboard?business=1', MAASIKAS);
  await expect(page.getByTestId('shortcuts')).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/\blayout-wide\b/);
  await expect(home(page)).toHaveAttribute('href', 'https://www.post.example.ee/eng');

  await expectTwoToARow(page, 736);
  await expectTwoToARow(page, 375);
  await page.setViewportSize({ width: 1280, height: 800 });

  // a navigation to another component leaves the query string behind
  await expect(page).toHaveURL(/\/ui\/dashboard\?business=\w+$/);
  await page.getByRole('main').getByRole('link', { name: 'My settings', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ui/user-settings/edit/${FGID.mari}$`));
  await expect(page.getByRole('group', { name: 'Address' }), 'her personal code is from EE').toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Settings sections' }).first();
  await tabs.getByRole('link', { name: 'I represent', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ui/user-settings/roles/${FGID.mari}$`));
  await expect(tabs.getByRole('link', { name: 'I represent', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table', { name: 'I represent' })).toBeVisible();

  // without an id: her own settings, and the represented party's
  for (const [path, tab, shows] of [
    ['/ui/user-settings/roles', 'I represent', page.getByRole('table', { name: 'I represent' })],
    [
      '/ui/user-settings/password',
      'Password',
      page.getByText(t('en', 'user-settings.password.explanation'), { exact: true }),
    ],
    ['/ui/user-settings/preferences', 'Preferences', page.getByLabel('Service opened at login')],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Mari Maasikas' }), path).toBeVisible();
    await expect(tabs.getByRole('link', { name: tab, exact: true }), path).toHaveAttribute('aria-current', 'page');
    await expect(shows, path).toBeVisible();
  }
  for (const path of ['/ui/settings/represented', '/ui/settings/rights']) {
    await page.goto(path);
    await expect(page.getByTestId('rs-name'), path).toHaveText('Maasikas OÜ');
    await expect(page.getByTestId('rs-regcode'), path).toHaveText('11000015');
  }
  await expect(page.getByTestId('rights-row').first()).toBeVisible();

  // the settings link takes its domain and language: Latvia, in Russian
  await page.goto('/ui/user-settings/link/LV/ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1, name: 'Mari Maasikas' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: t('ru', 'user-settings.tab.edit'), exact: true }).first(),
  ).toHaveAttribute('aria-current', 'page');
  const domain = (await page.context().cookies()).find((c) => c.name === COOKIE.domain);
  expect(domain?.value).toBe('LV');
  // 100 years asked for; Chromium keeps a cookie at most 400 days
  expect(domain!.expires * 1000, 'EPIT-DOMAIN is permanent').toBeGreaterThan(Date.now() + 390 * 24 * 3600 * 1000);
  await expect(page.getByRole('link', { name: t('ru', 'header.home'), exact: true })).toHaveAttribute(
    'href',
    'https://www.post.example.lv/rus',
  );

  // the contact text of the domain: the help panel on a desktop, the user menu panel on a phone
  await page.getByRole('button', { name: t('ru', 'menu.help'), exact: true }).click();
  const help = page.locator('#side-panel');
  await expect(help.getByText(t('ru', 'contact.text.LV'), { exact: true })).toBeVisible();
  await expect(help.getByRole('link', { name: '+371 6700 8001' })).toHaveAttribute('href', 'tel:+37167008001');
  await expect(help.getByText(t('ru', 'contact.text.EE'), { exact: true })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: t('ru', 'header.userMenu'), exact: true }).click();
  const panel = page.getByTestId('user-menu-panel');
  await expect(panel.getByText(t('ru', 'contact.text.LV'), { exact: true })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'info@post.example.lv' })).toHaveAttribute(
    'href',
    'mailto:info@post.example.lv',
  );
});

test('anna: no representation rights in the roles view; /user-add/edit/ without a key loads the simple context', async ({
  page,
}) => {
  await signIn(page, 'anna', '/ui/user-settings/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Anna Ivanova' })).toBeVisible();
  await expect(page.getByText('No representation rights were found', { exact: true })).toBeVisible();

  const simple: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/context/getSimpleUserContext') simple.push(r.url());
  });
  await page.goto('/ui/user-add/edit/');
  await expect(page.getByRole('dialog', { name: 'Terms of use' })).toBeVisible();
  expect(simple, 'the terms-of-use route asks for the simple context').toHaveLength(1);
  // with only the languages the portal does not know who the person is: no name, no logout in the header
  await expect(page.getByRole('button', { name: 'Log out', exact: true })).toHaveCount(0);
  await expect(page.getByRole('banner').getByText('Anna Ivanova')).toHaveCount(0);
});

test("kristi: no credit, a managed contact address, a customer without users, a Latvian's settings without the address", async ({
  page,
}) => {
  await signIn(page, 'kristi', `/ui/settings/represented/${POLDMARI}`);
  const credit = page.locator('dt', { hasText: 'Credit limit' }).locator('+ dd');
  await expect(credit, 'a credit limit of 0').toHaveText('No credit');

  // Maasikas OÜ's answer as the server gives it, with its contact address marked as the customer manager's
  await page.route('**/api/settings/get', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as Record<string, unknown>;
    expect(body.addressContact, 'the test needs a customer with a contact address').toBeTruthy();
    await route.fulfill({ response: answer, json: { ...body, addressContactManaged: true } });
  });
  await page.goto(`/ui/settings/represented/${MAASIKAS}`);
  await expect(credit).toHaveText('2,500 €');
  const differs = page.getByLabel('The contact address differs from the legal address');
  await expect(differs).toBeChecked();
  await expect(differs).toBeDisabled();
  await expect(page.getByText('The contact address is managed by the customer manager.')).toBeVisible();
  await expect(page.getByTestId('rs-address-contact')).toBeDisabled();
  await expect(page.getByTestId('rs-address-legal')).toBeEnabled();
  await page.unroute('**/api/settings/get');

  await page.goto(`/ui/settings/rights/${NOBODYS}`);
  await expect(page.getByTestId('rights-none')).toHaveText('No representation rights were found');

  await page.goto(`/ui/user-settings/edit/${LIGA}`);
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Līga');
  await expect(page.getByRole('group', { name: 'Address' }), 'her personal code is from LV').toHaveCount(0);
});
