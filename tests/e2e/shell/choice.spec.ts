/**
 * The represented choice (spec 1 §2 "Represented-choice modal"): mari's and jaan's represented-choice modal, the
 * header dropdown, the user menu at 375 px, keyboard operation, axe and screenshots of the choice modal.
 */
import { screen } from '../support/screens';
import { expect, expectNoSeriousA11yViolations, snap, test } from '../fixtures';
import { choiceDialog, choiceNames, markWindow, pick, signIn, windowMarkerSurvived } from './helpers';

test('mari: the choice modal lists her own entry first, then the others by name with code and country, without search', async ({
  page,
}) => {
  await signIn(page, 'mari');
  const dialog = choiceDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Choose, whose main page You want to enter' })).toBeVisible();
  await expect(dialog.locator('.choice-modal__name')).toHaveText('Mari Maasikas');
  await expect(dialog.getByRole('button', { name: 'Log out' })).toBeVisible();
  // 4 rights: no search box (only above 10)
  await expect(dialog.getByRole('searchbox')).toHaveCount(0);
  expect(await choiceNames(page)).toEqual(['Mari Maasikas', 'Maasikas OÜ', 'Põldmari AS', 'Vana Kaup OÜ']);
  const rows = dialog.locator('tbody tr');
  await expect(rows.nth(0)).toContainText('48709050218');
  await expect(rows.nth(1)).toContainText('11000015');
  await expect(rows.nth(1)).toContainText('EE');
  await expect(rows.nth(2)).toContainText('11000026');
  // EE: the create-contract button is offered
  await expect(dialog.getByRole('button', { name: 'Create new business customer contract' })).toBeVisible();
  // protected: Escape does not dismiss it
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
  await snap(page, 'choice-modal-mari');
});

test('mari: picking Maasikas OÜ shows it on the dashboard; the header dropdown switches to Põldmari AS without a reload', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await expect(choiceDialog(page)).toBeVisible();
  await screen(page, 'representedChoice', 'choosing');
  await pick(page, 'Maasikas OÜ');
  const block = page.getByTestId('represented-block');
  await expect(block.getByTestId('represented')).toHaveText('Maasikas OÜ');
  await screen(page, 'representedChoice', 'chosen');
  await expect(block.getByTestId('represented-code')).toHaveText('11000015');
  await expect(block.getByTestId('represented-country')).toHaveText('EE');
  // main admin of an EE customer: the edit tab
  await expect(block.getByRole('link', { name: 'Business customer settings' })).toHaveAttribute(
    'href',
    '/ui/settings/represented/EPEE11000015',
  );
  const sidebar = page.getByRole('complementary', { name: 'Contacts and contracts' });
  const manager = sidebar.getByTestId('client-manager');
  await expect(manager).toContainText('Kalle Kliendihaldur');
  await expect(manager.getByRole('link', { name: '+3726616616' })).toHaveAttribute('href', 'tel:+3726616616');
  await expect(manager.getByRole('link', { name: 'kalle.kliendihaldur@post.example' })).toHaveAttribute(
    'href',
    'mailto:kalle.kliendihaldur@post.example',
  );
  // header: customer type and credit of the represented party
  await expect(page.getByTestId('represented-summary')).toContainText('Business');
  await expect(page.getByTestId('represented-summary')).toContainText('Available');

  await markWindow(page);
  const events: string[] = [];
  await page.exposeFunction('__repChange', (cause: string) => events.push(cause));
  await page.evaluate(() =>
    window.addEventListener('REPRESENTEE-CHANGE', (e) =>
      (window as unknown as { __repChange: (c: string) => void }).__repChange(
        (e as CustomEvent<{ cause: string }>).detail.cause,
      ),
    ),
  );
  const combo = page.getByRole('combobox', { name: 'Representee' });
  await combo.click();
  await combo.fill('põld');
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: /Põldmari AS/ }).click();
  await expect(page.getByTestId('represented')).toHaveText('Põldmari AS');
  await expect(page.getByTestId('represented-code')).toHaveText('11000026');
  // an ordinary right: no business settings link, no client manager
  await expect(page.getByRole('link', { name: 'Business customer settings' })).toHaveCount(0);
  await expect(sidebar.getByTestId('client-manager')).toHaveCount(0);
  await expect(page.getByTestId('represented-summary')).toContainText('Not available');
  expect(await windowMarkerSurvived(page), 'the switch must not reload the page').toBe(true);
  expect(events).toEqual(['RC']);
  await expect(page).toHaveURL(/\/ui\/dashboard$/);
});

test('the header dropdown groups private first, then business with country; filters and says not found', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Mari Maasikas');
  // spec 1 §5: '?application=undefined' is normalised to null, so no application narrows the list (routes/-search.ts)
  await page.goto('/ui/dashboard?application=undefined');
  const combo = page.getByRole('combobox', { name: 'Representee' });
  await combo.click();
  const listbox = page.getByRole('listbox', { name: 'Representee' });
  await expect(listbox.getByRole('group')).toHaveCount(2);
  await expect(listbox.getByRole('group').nth(0)).toHaveAccessibleName('Private');
  await expect(listbox.getByRole('group').nth(1)).toHaveAccessibleName('Business');
  await expect(listbox.getByRole('group').nth(1).getByRole('option').first()).toContainText('EE');
  await combo.fill('zzz');
  await expect(page.getByText('Not found', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expectNoSeriousA11yViolations(page, { include: '.site-header' });
});

test('keyboard: Tab reaches the representee dropdown and it is operated with the arrow keys and Enter', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Mari Maasikas');
  const combo = page.getByRole('combobox', { name: 'Representee' });
  let reached = false;
  for (let i = 0; i < 8 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await combo.evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'the representee dropdown is reachable with Tab').toBe(true);
  await page.keyboard.type('maasikas');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('represented')).toHaveText('Maasikas OÜ');
});

test('keyboard: the choice modal traps focus and picks with Enter', async ({ page }) => {
  await signIn(page, 'mari');
  const dialog = choiceDialog(page);
  await expect(dialog).toBeVisible();
  // focus starts inside and Tab never leaves the dialog
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Põldmari AS' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('represented')).toHaveText('Põldmari AS');
});

test('jaan (12 rights): search box, 10 per page, search by name and by gid; picking applies his preference', async ({
  page,
}) => {
  await signIn(page, 'jaan');
  const dialog = choiceDialog(page);
  const search = dialog.getByRole('searchbox', { name: 'Search by name or code' });
  await expect(search).toBeVisible();
  await expect(dialog.locator('tbody tr')).toHaveCount(10);
  expect((await choiceNames(page))[0]).toBe('Jaan Tamm');
  const pager = dialog.getByRole('navigation', { name: 'Pages of representees' });
  await pager.getByRole('button', { name: 'Page 2 of 2' }).click();
  await expect(dialog.locator('tbody tr')).toHaveCount(2);
  await search.fill('kase');
  expect(await choiceNames(page)).toEqual(['Kase Trükk OÜ']);
  await search.fill('EPEE11000090');
  expect(await choiceNames(page)).toEqual(['Kuuse Kirjastus OÜ']);
  await search.fill('');
  await expect(dialog.locator('tbody tr')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
  await snap(page, 'choice-modal-jaan');
  await search.fill('kase');
  await pick(page, 'Kase Trükk OÜ');
  // his preference: LOGISTICS for Tamme Logistika OÜ → /ui/business/ee/<language>/LOGISTICS, which resolves to the
  // application he has for that service: shipment registration in the OSS wrapper (spec 1 §2)
  await expect(page).toHaveURL(/\/ui\/oss-wrapper/);
  // the wrapper has no language of its own, so the person's language (en) applies there; a route's language holds
  // for that route only
  await expect(page.getByRole('heading', { level: 1, name: 'Shipment registration' })).toBeVisible();
});

test('jaan: the user menu at 375 px shows his representees as a select box', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'jaan');
  await pick(page, 'Kase Trükk OÜ');
  // the preference took him to LOGISTICS (in its language); back to the dashboard in English
  await expect(page).toHaveURL(/\/ui\/oss-wrapper/);
  await page.goto('/ui/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  const panel = page.getByTestId('user-menu-panel');
  await expect(panel).toBeVisible();
  const select = panel.getByRole('combobox', { name: 'Change representee' });
  await expect(select).toBeVisible();
  await expect(select.locator('option')).toHaveCount(12);
  await expect(panel.getByTestId('panel-represented')).toHaveText('Kase Trükk OÜ');
  await expect(panel.getByRole('link', { name: 'My settings' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Overview of my roles' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Enter into a business customer contract' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Search customer' })).toHaveCount(0);
  await snap(page, 'user-menu-jaan');
  await markWindow(page);
  await select.selectOption({ label: 'Saare Kaubandus OÜ (EE)' });
  await expect(page.getByTestId('represented')).toHaveText('Saare Kaubandus OÜ');
  expect(await windowMarkerSurvived(page)).toBe(true);
});

test('at 375 px the choice modal holds its create-contract button: the label wraps inside the dialog', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'mari');
  const dialog = choiceDialog(page);
  const create = dialog.getByRole('button', { name: 'Create new business customer contract' });
  await expect(create).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const button = (await create.boundingBox())!;
  expect(button.x + button.width, 'the button ends inside the dialog').toBeLessThanOrEqual(box.x + box.width);
});
