/**
 * Customer data (spec 2 §2 "Represented settings", §5 "Represented edit"): mari edits Maasikas OÜ's
 * phone and homepage from the dashboard (a bad homepage is refused), the values persist and are restored; the
 * skip-check box is kristi's only; liga's LV customer lands on the rights tab; axe and screenshots of the edit tab.
 */
import { expect, expectNoSeriousA11yViolations, snap, test } from '../fixtures';
import { MAASIKAS, openAs } from './helpers';

test('mari edits Maasikas OÜ phone and homepage from the dashboard: a bad homepage is refused, the values persist', async ({
  page,
}) => {
  await openAs(page, 'mari', 'Maasikas OÜ');
  await page.getByTestId('business-settings-link').click();
  await expect(page).toHaveURL(new RegExp(`/ui/settings/represented/${MAASIKAS}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Maasikas OÜ' })).toBeVisible();
  await expect(page.getByTestId('rs-regcode')).toHaveText('11000015');
  await expect(page.getByRole('link', { name: 'Business customer data' })).toHaveAttribute('aria-current', 'page');
  // information block: a credit limit of 2500 with the euro sign, and the customer manager
  await expect(page.getByTestId('rs-credit')).toHaveText(/2[\s,.]?500 €/);
  await expect(page.getByTestId('rs-custmanager')).toContainText('Kalle Kliendihaldur');
  // mari has no EDIT_ANY_CUSTOMER: no skip-check box
  await expect(page.getByLabel('Skip the personal code check')).toHaveCount(0);

  const phone = page.getByLabel('Phone', { exact: true });
  const homepage = page.getByLabel('Homepage', { exact: true });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const oldPhone = await phone.inputValue();
  const oldHomepage = await homepage.inputValue();
  try {
    await phone.fill('+372 5123 4567');
    await homepage.fill('not a web page');
    await expect(page.getByTestId('error-homepage')).toHaveText('Invalid format of webpage address');
    await expect(save).toBeDisabled();
    await homepage.fill('https://maasikas-pood.example/uus');
    await expect(page.getByTestId('error-homepage')).toHaveCount(0);
    await save.click();
    await expect(page.locator('.toast').filter({ hasText: 'Save successful' })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+372 5123 4567');
    await expect(page.getByLabel('Homepage', { exact: true })).toHaveValue('https://maasikas-pood.example/uus');
  } finally {
    // restore the demo data for the other tests
    await page.getByLabel('Phone', { exact: true }).fill(oldPhone);
    await page.getByLabel('Homepage', { exact: true }).fill(oldHomepage);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.toast').filter({ hasText: 'Save successful' }).first()).toBeVisible();
  }
});

test('kristi (EDIT_ANY_CUSTOMER) sees the skip-check box on any customer', async ({ page }) => {
  await openAs(page, 'kristi', null, `/ui/settings/represented/${MAASIKAS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maasikas OÜ' })).toBeVisible();
  await expect(page.getByLabel('Skip the personal code check')).toBeVisible();
  await expect(page.getByLabel('Skip the personal code check')).not.toBeChecked();
});

test("liga's LV customer: the dashboard link and the edit URL both land on the rights tab", async ({ page }) => {
  await openAs(page, 'liga', 'SIA Bērzi');
  await page.getByTestId('business-settings-link').click();
  await expect(page).toHaveURL(/\/ui\/settings\/rights\/LVLV40003012345$/);
  await expect(page.getByRole('link', { name: 'User rights' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Business customer data' })).toHaveCount(0);

  await page.goto('/ui/settings/represented/LVLV40003012345');
  await expect(page).toHaveURL(/\/ui\/settings\/rights\/LVLV40003012345$/);
  await expect(page.getByTestId('rights-add')).toBeEnabled();
});

test('the edit tab has no serious axe violations and looks finished at 375 and 1280 px', async ({ page }) => {
  await openAs(page, 'mari', 'Maasikas OÜ', `/ui/settings/represented/${MAASIKAS}`);
  await expect(page.getByLabel('Phone', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'represented-settings-edit');
  // the phone layout keeps the form inside the screen (no sideways scrolling)
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
