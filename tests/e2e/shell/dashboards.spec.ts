/**
 * Dashboards (spec 1 §2): liga, kristi, peeter and anna; the menus; axe on the dashboard and the header;
 * screenshots of the dashboard and the menus at 375 and 1280 px.
 */
import { expect, expectNoSeriousA11yViolations, snap, test } from '../fixtures';
import { choiceDialog, pick, signIn } from './helpers';

test('liga: the business settings link opens the rights tab; FINANCE and LOGISTICS shortcuts', async ({ page }) => {
  await signIn(page, 'liga');
  await pick(page, 'SIA Bērzi');
  await expect(page.getByTestId('represented')).toHaveText('SIA Bērzi');
  await expect(page.getByTestId('represented-country')).toHaveText('LV');
  const shortcuts = page.getByTestId('shortcuts');
  await expect(shortcuts.getByRole('link', { name: 'Invoicing management' })).toBeVisible();
  await expect(shortcuts.getByRole('link', { name: 'Shipment registration' })).toBeVisible();
  await expect(shortcuts.getByRole('link', { name: 'Periodicals' })).toHaveCount(0);
  const settings = page.getByRole('link', { name: 'Business customer settings' });
  await expect(settings).toHaveAttribute('href', '/ui/settings/rights/LVLV40003012345');
  await settings.click();
  await expect(page).toHaveURL(/\/ui\/settings\/rights\/LVLV40003012345$/);
  // the rights tab's header is the customer's name (spec 2 §2)
  await expect(page.getByRole('heading', { level: 1, name: 'SIA Bērzi' })).toBeVisible();
});

test('kristi: the admin dashboard shows the customer and user search in place; the business flag picks the business menu', async ({
  page,
}) => {
  // spec 1 §2: the `business` pre-navigation parameter forces the business tree while no party is selected
  await signIn(page, 'kristi', '/ui/dashboard?business=true');
  const admin = page.getByTestId('admin-dashboard');
  await expect(admin.getByRole('heading', { level: 1, name: "Administrator's main page" })).toBeVisible();
  await expect(choiceDialog(page)).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toHaveAttribute('data-tree', 'business');
  await expect(menu.getByRole('button', { name: 'Business e-services' })).toBeVisible();

  // spec 1 §2 "epit-dashboard … also customer search": typing a name and pressing Enter lists the matches here
  const customers = admin.getByRole('search', { name: 'Customer name or registry code' });
  await customers.getByLabel('Customer name or registry code').fill('maasikas');
  await customers.getByLabel('Customer name or registry code').press('Enter');
  const row = admin.getByRole('table', { name: 'Customers found' }).getByRole('row', { name: /Maasikas OÜ/ });
  await expect(row).toContainText('11000015');
  await expect(admin.getByRole('search', { name: 'User name or personal identification number' })).toBeVisible();
  await expect(page).toHaveURL(/\/ui\/dashboard\?business=true$/);
  // a picked row opens the customer's settings, as on the search page
  await row.click();
  await expect(page).toHaveURL(/\/ui\/settings\/represented\/EPEE11000015$/);
  // without the flag, nobody selected: the private tree
  await page.goto('/ui/dashboard');
  await expect(menu).toHaveAttribute('data-tree', 'private');
});

test('peeter: the admin dashboard without search, no choice modal', async ({ page }) => {
  await signIn(page, 'peeter');
  const admin = page.getByTestId('admin-dashboard');
  await expect(admin).toBeVisible();
  await expect(
    admin.getByText('Your roles do not allow searching customers or users.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Search (customers|users)/ })).toHaveCount(0);
  await expect(choiceDialog(page)).toHaveCount(0);
  // no SHOW_REPRESENTEES: no representee dropdown in the header
  await expect(page.getByRole('combobox', { name: 'Representee' })).toHaveCount(0);
  await snap(page, 'dashboard-admin-peeter');
});

test('anna reaches her dashboard without choosing a representee, and has no finance shortcut', async ({ page }) => {
  await signIn(page, 'anna', '/ui/');
  await expect(page).toHaveURL(/\/ui\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await expect(page.getByTestId('represented')).toHaveText('None');
  await expect(choiceDialog(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Anna Ivanova' })).toBeVisible();
  // spec 1 §2 "plus a fixed finance shortcut", shown only where it opens: a private person has no invoicing
  // management, so it would only answer "No rights to access component"
  await expect(page.getByTestId('shortcuts')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Invoicing management' })).toHaveCount(0);
});

test('mari: the user dashboard, the user block and its settings link; axe on the dashboard and header; screenshots', async ({
  page,
}) => {
  await signIn(page, 'mari', '/ui/');
  await expect(page).toHaveURL(/\/ui\/dashboard$/);
  await pick(page, 'Maasikas OÜ');
  await expect(page.getByTestId('user-mobile')).toHaveText('+37255500001');
  await expect(page.getByTestId('user-address')).toHaveText('Narva mnt 7, Tallinn, 10117');
  await expect(page.getByTestId('legal-address')).toHaveText('Narva mnt 7, Tallinn, 10117');
  await expect(page.getByRole('link', { name: 'My settings' }).first()).toHaveAttribute(
    'href',
    '/ui/user-settings/edit/EE48709050218',
  );
  // EE: add contract opens the customer-add modal
  await expect(page.getByTestId('add-contract')).toBeVisible();
  // shortcuts: PERIODICS never; the finance shortcut where it opens (mari is Maasikas OÜ's main administrator)
  const shortcuts = page.getByTestId('shortcuts');
  await expect(shortcuts.getByRole('link', { name: 'Invoicing management' })).toBeVisible();
  await expect(shortcuts.getByRole('link', { name: 'Periodicals' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'dashboard-mari');
});

test('the main menu side panel: first click opens, another entry switches, the open entry closes, a link closes', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toHaveAttribute('data-tree', 'business');
  const panel = page.locator('#side-panel');
  await menu.getByRole('button', { name: 'Business e-services' }).click();
  await expect(panel.getByRole('heading', { name: 'Business e-services' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Shipment registration' })).toBeVisible();
  await menu.getByRole('button', { name: 'Settings' }).click();
  await expect(panel.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Business customer settings' })).toBeVisible();
  await snap(page, 'menu-side-panel');
  await menu.getByRole('button', { name: 'Settings' }).click();
  await expect(panel).toBeHidden();
  await menu.getByRole('button', { name: 'Help and contact' }).click();
  await expect(panel.getByText('Kalle Kliendihaldur')).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: '.left-panel' });
  await menu.getByRole('button', { name: 'Settings' }).click();
  await panel.getByRole('link', { name: 'My settings' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/ui\/user-settings\/edit\/EE48709050218$/);
});

test("mobile at 375 px: the site menu lists the applications; the user menu shows mari's representees as links", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  await expect(page.getByRole('combobox', { name: 'Representee' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const site = page.getByTestId('mobile-site-menu');
  await expect(site.getByRole('link', { name: 'Shipment registration' })).toBeVisible();
  await snap(page, 'menu-mobile-site');
  await page.getByRole('button', { name: 'User menu' }).click();
  const panel = page.getByTestId('user-menu-panel');
  await expect(panel.locator('.user-panel__name')).toHaveText('Mari Maasikas');
  await expect(panel.getByTestId('panel-represented')).toHaveText('Maasikas OÜ');
  await expect(panel.getByRole('link', { name: 'Business customer settings' })).toBeVisible();
  const links = panel.getByTestId('panel-representee-links');
  await expect(links.getByRole('link')).toHaveCount(4);
  await expect(panel.getByRole('combobox')).toHaveCount(0);
  await expect(panel.getByTestId('client-manager')).toContainText('Kalle Kliendihaldur');
  await expect(panel.getByText('Customer support')).toBeVisible();
  await snap(page, 'menu-mobile-user');
  await links.getByRole('link', { name: 'Põldmari AS (EE)' }).click();
  await expect(page.getByTestId('represented')).toHaveText('Põldmari AS');
});

test('a shipment-registration role in Põldmari AS shows the shipment shortcut, not invoicing management', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Põldmari AS');
  const shortcuts = page.getByTestId('shortcuts');
  await expect(shortcuts.getByRole('link', { name: 'Shipment registration' })).toBeVisible();
  await expect(shortcuts.getByRole('link', { name: 'Invoicing management' })).toHaveCount(0);
});
