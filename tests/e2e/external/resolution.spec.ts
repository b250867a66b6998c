/**
 * Service resolution (/logistics, /logistics/resolve, /business/..., /private/...), the
 * representee check of the external page (illegal.represented opens the representee panel), invoicing management
 * (liga's app; a right in another application opens none) and the finance recovery page. Read-only.
 */
import { expect, expectNoSeriousA11yViolations, snap, test } from '../fixtures';
import { appFrame, appsOrigin, header, ossFrame, pick, signIn } from './helpers';

test("anna's LOGISTICS goes to the package-private address of her domain: the private package service greets her", async ({
  page,
}) => {
  const privateUrl = `${appsOrigin()}/parcels/ee/en/private`;
  await signIn(page, 'anna', '/ui/logistics');
  await expect(page).toHaveURL(privateUrl);
  await expect(page.getByTestId('app-name')).toHaveText('Package service for private customers');
  await expect(page.getByTestId('app-user')).toHaveText('Anna Ivanova');
  await expect(page.getByTestId('parcels-country')).toHaveText('Estonia');
  await snap(page, 'parcels-private');

  // the page leads back to the portal; the private service route of her domain resolves to it as well
  await page.getByRole('link', { name: 'Open the self-service portal' }).click();
  await expect(page).toHaveURL(/\/ui\/dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Anna Ivanova' })).toBeVisible();
  await page.goto('/ui/private/ee/en/LOGISTICS');
  await expect(page).toHaveURL(privateUrl);
  await expect(page.getByTestId('parcels-private')).toBeVisible();

  // in Estonian, the address and the page are Estonian
  await page.goto('/ui/dashboard');
  await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'Estonian' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Anna Ivanova' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'et');
  await page.goto('/ui/logistics');
  await expect(page).toHaveURL(`${appsOrigin()}/parcels/ee/et/private`);
  await expect(page.getByTestId('app-name')).toHaveText('Pakiteenus eraisikule');
  await expect(page.getByTestId('parcels-country')).toHaveText('Eesti');
  await expect(page.getByTestId('app-user')).toHaveText('Anna Ivanova');
  await expectNoSeriousA11yViolations(page);
});

test('/ui/business/ee/en/OSS, /ui/logistics, /ui/logistics/resolve and /ui/external/LOGISTICS land in the OSS wrapper for a person with OSS', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  for (const path of ['/ui/business/ee/en/OSS', '/ui/logistics', '/ui/logistics/resolve', '/ui/external/LOGISTICS']) {
    await page.goto(path);
    await expect(page, `${path} should resolve to the OSS wrapper`).toHaveURL(/\/ui\/oss-wrapper$/);
    await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
  }
});

test('a representee without a role for the application gets illegal.represented and the representee panel, where another one can be picked', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Põldmari AS');
  await page.goto('/ui/external/PERIODICS');
  await expect(page.getByRole('heading', { level: 1, name: 'Periodicals' })).toBeVisible();
  const panel = page.getByTestId('representee-panel');
  await expect(panel.getByTestId('representee-panel-message')).toHaveText(
    'Chosen representee does not have the rights to use this functionality. Please choose another representee.',
  );
  await expect(page.locator('#app-iframe')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Maasikas OÜ has a periodicals role: picking it closes the panel and opens the application for it
  await panel.getByRole('button', { name: 'Maasikas OÜ' }).click();
  await expect(panel).toHaveCount(0);
  await expect(header(page).getByTestId('external-code')).toHaveText('11000015');
  await expect(appFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
  await expect(page).toHaveURL(/\/ui\/external\/PERIODICS$/);
});

test('liga opens invoicing management and sees the invoicing app for SIA Bērzi', async ({ page }) => {
  await signIn(page, 'liga');
  await pick(page, 'SIA Bērzi');
  await page.getByTestId('shortcuts').getByRole('link', { name: 'Invoicing management' }).click();
  await expect(page).toHaveURL(/\/ui\/external\/FINANCE$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoicing management' })).toBeVisible();
  await expect(header(page).getByTestId('external-code')).toHaveText('40003012345');
  await expect(appFrame(page).getByTestId('app-party')).toHaveText('SIA Bērzi');
  await expect(appFrame(page).getByTestId('finance-invoices')).toBeVisible();
});

test('a right in another application opens no invoicing management: the representee panel, and no frame', async ({
  page,
}) => {
  // mari holds only a shipment-registration role in Põldmari AS (spec 2 §8: finance has permissions of its own)
  await signIn(page, 'mari');
  await pick(page, 'Põldmari AS');
  await page.goto('/ui/external/FINANCE');
  await expect(page.getByTestId('representee-panel').getByTestId('representee-panel-message')).toHaveText(
    'Chosen representee does not have the rights to use this functionality. Please choose another representee.',
  );
  await expect(page.locator('#app-iframe')).toHaveCount(0);
});

test('/finance/error/unavailable: the maintenance title and description with either recovery message', async ({
  page,
}) => {
  await page.goto('/ui/finance/error/unavailable?refresh=manual');
  await expect(page.getByRole('heading', { level: 1, name: 'E-service is disrupted' })).toBeVisible();
  await expect(
    page.getByText(/Due to technical issues, the functioning of our e-service is currently disrupted/),
  ).toBeVisible();
  await expect(page.getByTestId('finance-recovery')).toHaveText('Please refresh the page after a while.');
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'finance-unavailable-manual');

  await page.goto('/ui/finance/error/unavailable?refresh=auto');
  await expect(page.getByTestId('finance-recovery')).toHaveText('This page will refresh itself in about 10 seconds.');
  await expect(page.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
});

test('the self-refreshing recovery page returns to invoicing management after about ten seconds', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'liga');
  await pick(page, 'SIA Bērzi');
  await page.goto('/ui/finance/error/unavailable?refresh=auto');
  await expect(page.getByTestId('finance-recovery')).toBeVisible();
  await page.clock.fastForward(9_000);
  await expect(page).toHaveURL(/\/ui\/finance\/error\/unavailable/);
  await page.clock.fastForward(1_500);
  await expect(page).toHaveURL(/\/ui\/external\/FINANCE$/);
  await expect(appFrame(page).getByTestId('finance-invoices')).toBeVisible();
});
