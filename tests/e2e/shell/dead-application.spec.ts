/**
 * Dead application: marking AXAPTA dead in the simulator console shows error.axapta.dead within 31 s (the poll runs
 * every 30 s), closes an open customer-add modal (what was typed comes back when it reopens) and gates the settings
 * link and add-customer, also when the address names it (spec 1 §8); marking it alive recovers them without a reload.
 * AXAPTA is shared by every test of the run: the test restores it in `finally`.
 * The portal page runs on Playwright's clock, so the 30 s of the poll pass at once (`fastForward`) instead of in
 * real time; the server, the simulator and the network stay real.
 */
import type { Page } from '@playwright/test';
import { deadApplicationPollMachine } from '../../../machines/deadApplicationPoll.machine';
import { expect, test } from '../fixtures';
import { chooseCompany, dialog as customerAddDialog } from '../customer-add/helpers';
import { choiceDialog, markWindow, pick, signIn, windowMarkerSurvived } from './helpers';

const DEAD_TEXT = /customer management system is not available at the moment/;

async function setApplication(sim: Page, app: string, dead: boolean) {
  await sim.goto('/sim/');
  // the application's alive switch (the console also has per-application role switches that name it)
  const sw = sim.locator(`input[role="switch"][data-app="${app}"]`);
  if ((await sw.isChecked()) !== dead) await sw.click();
  await expect(sim.locator(`[data-state-for="${app}"]`)).toHaveText(dead ? 'dead' : 'alive');
}
const setAxapta = (sim: Page, dead: boolean) => setApplication(sim, 'AXAPTA', dead);

/** The dead-application poll's interval: the machine's DEAD_APP_POLL (30 s). */
const POLL_MS = Number(deadApplicationPollMachine.implementations.delays.DEAD_APP_POLL);

test('dead AXAPTA: error.axapta.dead within 31 s closes customer add, gates business settings and add-customer; alive again recovers without reload', async ({
  page,
  browser,
}) => {
  // the clock runs on by itself; fastForward jumps it (before the first load, so the portal's timers use it)
  await page.clock.install();
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  await expect(page.getByRole('link', { name: 'Business customer settings' })).toBeVisible();
  await markWindow(page);
  // customer add is open with an e-mail typed when the back office goes down
  await page.getByTestId('add-contract').click();
  await chooseCompany(page, 'Testfirma OÜ');
  const email = customerAddDialog(page).getByLabel('E-mail address at the represented');
  await email.fill('typed.before@example.ee');
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setAxapta(sim, true);
    // the poll that falls due within the next 30 s brings the new context: toast + inline notice, the modal closes
    await page.clock.fastForward(POLL_MS);
    await expect(page.getByTestId('axapta-dead-notice')).toHaveText(DEAD_TEXT);
    await expect(page.getByRole('alert').filter({ hasText: DEAD_TEXT })).toBeVisible();
    await expect(customerAddDialog(page)).toHaveCount(0);
    // the settings link is disabled and says why
    const settings = page.getByTestId('business-settings-link');
    await expect(settings).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled keeps it focusable (the reason is read out); a click (force: Playwright waits for "enabled") does nothing
    await settings.click({ force: true });
    await expect(page).toHaveURL(/\/ui\/dashboard$/);
    // add-customer: disabled with the reason; a click opens nothing
    const add = page.getByTestId('add-contract');
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await add.click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // the settings page itself is gated too
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Settings' }).click();
    await expect(page.locator('#side-panel').getByRole('link', { name: 'Business customer settings' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('Escape');

    await setAxapta(sim, false);
    await page.clock.fastForward(POLL_MS);
    await expect(page.getByTestId('axapta-dead-notice')).toHaveCount(0);
    const settingsAgain = page.getByRole('link', { name: 'Business customer settings' });
    await expect(settingsAgain).not.toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('add-contract')).not.toHaveAttribute('aria-disabled', 'true');
    expect(await windowMarkerSurvived(page), 'recovery must not reload the page').toBe(true);
    // customer add opens again with what was typed
    await page.getByTestId('add-contract').click();
    await chooseCompany(page, 'Testfirma OÜ');
    await expect(email).toHaveValue('typed.before@example.ee');
    await page.keyboard.press('Escape');
    await expect(customerAddDialog(page)).toHaveCount(0);
    await settingsAgain.click();
    await expect(page).toHaveURL(/\/ui\/settings\/represented\/EPEE11000015$/);
  } finally {
    await setAxapta(sim, false).catch(() => undefined);
    await simContext.close();
  }
});

test('a settings page opened while AXAPTA is dead shows error.axapta.dead; user settings also go home', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setAxapta(sim, true);
    // a fresh sign-in reads the dead set with the context (no poll needed)
    await signIn(page, 'mari', '/ui/settings/represented/EPEE11000015');
    await expect(page.getByTestId('axapta-dead-page')).toHaveText(DEAD_TEXT);
    // spec 1 §2: the user-settings screen checks AXAPTA; dead, it shows the error and returns home
    await page.goto('/ui/user-settings/edit');
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveText(DEAD_TEXT);
    await expect(page).toHaveURL(/\/ui\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'User settings' })).toHaveCount(0);
    // spec 1 §8: the address that opens customer add is gated too; mari, acting for no one, is asked whom she acts for
    await page.goto('/ui/dashboard/EE/en/add-customer');
    await expect(choiceDialog(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveText(DEAD_TEXT);
    await expect(customerAddDialog(page)).toHaveCount(0);
  } finally {
    await setAxapta(sim, false).catch(() => undefined);
    await simContext.close();
  }
});

test('a dead shipment registration (OSS) fails its role loading and shows error.representation-failure', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setApplication(sim, 'OSS', true);
    await signIn(page, 'mari');
    await pick(page, 'Maasikas OÜ');
    // roles-and-packets/clientapp/OSS answers 503: the OSS failure is named, PERIODICALS (alive) is not
    const notice = page.getByTestId('representation-failure');
    await expect(notice).toHaveText(
      /The shipment registration is\/are not available at the moment\. After a while, please try to log out and log back in\./,
    );
    await expect(notice).not.toHaveText(/periodicals/);
    // AXAPTA is alive: its own message does not show
    await expect(page.getByTestId('axapta-dead-notice')).toHaveCount(0);
  } finally {
    await setApplication(sim, 'OSS', false).catch(() => undefined);
    await simContext.close();
  }
});
