/**
 * Signing with the simulators: Mobile-ID, Smart-ID, ID-card, the staff path, and stopping
 * every request when the modal closes. Everything that writes Testfirma OÜ or changes the simulator console's
 * settings lives in this one file, so it runs on one worker in order; each test restores what it changed
 * (POST /sim/api/registry/reset, the signing knobs, the inserted card), so no test depends on another.
 *
 * The browser's timers run on Playwright's clock (installed before the page loads): the 10 s / 5 s polling is the
 * portal's real code, only the waiting is skipped. Where the spacing matters the clock is paused and moved by hand,
 * so the page-clock times of the status requests are exactly those of the machine's timers. The simulators keep
 * real time (the person confirms on the phone after midDelayMs; a status request is held up to checkWaitMs).
 */
import { FIRST_CHECK, POLL_INTERVAL } from '../../../machines/signing.machine';
import { screen } from '../support/screens';
import { expect, test } from '../fixtures';
import { choiceDialog } from '../shell/helpers';
import type { Page } from '@playwright/test';
import {
  DEFAULT_SETTINGS,
  MSG,
  TESTFIRMA,
  chooseCompany,
  dialog,
  expectOutcome,
  fillConfirmation,
  insertCard,
  mobileIdButton,
  openCustomerAdd,
  phoneField,
  recordSignRequests,
  resetCompany,
  setSigningSim,
  toSigningPanel,
  userContext,
} from './helpers';

/** Stops the page clock where it is (a little ahead, so the call can never reach into the past). */
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2_000);
}

const JAAK_CARD = '38001085718';
const MARY_CARD = '60001019906';

test.beforeEach(async ({ page }) => {
  await resetCompany(page, TESTFIRMA.regCode);
});
test.afterEach(async ({ page }) => {
  await resetCompany(page, TESTFIRMA.regCode);
  await setSigningSim(page, DEFAULT_SETTINGS);
  await insertCard(page, JAAK_CARD);
});

test('mary signs Testfirma OÜ with Mobile-ID +37200000766: 4-digit code, status checks 10 s then 5 s apart, success, main admin', async ({
  page,
}) => {
  // the person confirms on the phone 5 s (server time) after the start: after the first two checks, which the
  // paused page clock lets through at once; then the third check is held (long poll) until the confirmation
  await setSigningSim(page, { midDelayMs: 5_000, checkWaitMs: 0 });
  await page.clock.install();
  const requests = await recordSignRequests(page);
  await openCustomerAdd(page, 'mary');
  await screen(page, 'customerAdd', 'search');
  // toSigningPanel's steps, with the flow book's screens between them
  await chooseCompany(page, TESTFIRMA.name, 'Testfirma');
  await fillConfirmation(page);
  await screen(page, 'customerConfirmation', 'contract-form');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose how to sign' })).toBeVisible();
  await screen(page, 'customerAdd', 'signing-methods');
  await phoneField(page).fill('+37200000766');
  await pauseClock(page);
  await mobileIdButton(page).click();

  const code = page.getByTestId('verification-code');
  await expect(code).toBeVisible();
  await expect(code.locator('strong')).toHaveText(/^\d{4}$/);
  await screen(page, 'signing', 'mobile-id-code', { show: code });
  // the signing buttons are disabled while signing runs
  await expect(mobileIdButton(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Smart-ID', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'ID-card', exact: true })).toBeDisabled();

  const answeredChecks = async () => (await requests.list('/check')).filter((r) => r.answered !== null);
  await page.clock.runFor(FIRST_CHECK - 1);
  expect(await requests.list('/check'), 'no status check before FIRST_CHECK').toHaveLength(0);
  await page.clock.runFor(1);
  await expect.poll(async () => (await answeredChecks()).length).toBe(1);
  await page.clock.runFor(POLL_INTERVAL);
  await expect.poll(async () => (await answeredChecks()).length).toBe(2);
  // the person confirms during the next check: the simulator holds it until then
  await setSigningSim(page, { checkWaitMs: 20_000 });
  await page.clock.runFor(POLL_INTERVAL);
  await page.clock.resume();
  await expectOutcome(page, MSG.success, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/ui\/settings\/represented\/EPEE11000109\?redirectUrl=/);
  // the customer's page in the account service stays usable: the choice of whom to represent, which waited for customer
  // add (the add-customer address), does not open over it once the modal has closed
  await expect(dialog(page)).toBeHidden();
  await expect(choiceDialog(page)).toBeHidden();
  await screen(page, 'customerAdd', 'signed');

  // the status requests the browser made, on the page clock: first FIRST_CHECK after the start answered, then
  // POLL_INTERVAL after each answer; RUNNING until the last, which is SUCCESS
  const starts = await requests.list('/mobile/start');
  const checks = await requests.list('/mobile/check');
  expect(starts).toHaveLength(1);
  // the two checks made on the paused clock answer RUNNING; the simulator's hold of the third is real time (SK
  // caps a status long poll), so on a slow machine one more RUNNING may come before SUCCESS
  const statuses = checks.map((c) => c.status);
  expect(statuses.slice(0, 2)).toEqual(['RUNNING', 'RUNNING']);
  expect(statuses.at(-1)).toBe('SUCCESS');
  expect(statuses.slice(2, -1).every((st) => st === 'RUNNING')).toBe(true);
  expect(checks[0].sent - starts[0].answered!).toBe(FIRST_CHECK);
  // exact on the paused clock; after `resume()` the page clock follows real time, so a timer fires a little late
  expect(checks.slice(1, 3).map((c, i) => c.sent - checks[i].answered!)).toEqual([POLL_INTERVAL, POLL_INTERVAL]);
  for (let i = 3; i < checks.length; i++) {
    expect(checks[i].sent - checks[i - 1].answered!).toBeGreaterThanOrEqual(POLL_INTERVAL);
    expect(checks[i].sent - checks[i - 1].answered!).toBeLessThan(POLL_INTERVAL + 1_000);
  }

  // Testfirma OÜ is among her representees, with her as its main admin
  const right = (await userContext(page)).epitPrincipal?.representationRightsCache[TESTFIRMA.jgid];
  expect(right?.name).toBe(TESTFIRMA.name);
  expect(right?.userRoleList).toContainEqual(expect.objectContaining({ application: 'AXAPTA', notActive: false }));
  await page.goto('/ui/dashboard/EE/en/add-customer');
  await chooseCompany(page, TESTFIRMA.name, 'Testfirma');
  await expect(dialog(page).getByText(MSG.rightsExist)).toBeVisible();
});

test('every other Mobile-ID test number shows its own message and closes the modal', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await openCustomerAdd(page, 'mary');
  // without the console switch a test number of another person is not mary's: her Mobile-ID contract is missing
  await toSigningPanel(page, TESTFIRMA.name, 'Testfirma');
  await phoneField(page).fill('+37201100266');
  await mobileIdButton(page).click();
  await expectOutcome(page, MSG.MOBILE_ID_CONTRACT_ERROR);

  // "test numbers accept any personal code": each number answers its own result (server/sim/SIGNING.md)
  await setSigningSim(page, { midAnyPersonalCode: true, midDelayMs: 0 });
  const cases: [string, string, boolean][] = [
    ['+37200000366', MSG.MOBILE_ID_CERT_ERROR, false], // NOT_MID_CLIENT: refused at the start
    ['+37201100266', MSG.MID_USER_CANCELLED, true],
    ['+37066000266', MSG.MID_TIMEOUT, true],
    ['+37213100266', MSG.MID_PHONE_ABSENT, true],
    ['+37207110066', MSG.MID_DELIVERY_ERROR, true],
    ['+37201200266', MSG.MID_SIM_ERROR, true],
    ['+37200000666', MSG.MID_SIGNATURE_HASH_MISMATCH, true],
  ];
  for (const [phone, message, polls] of cases) {
    await page.goto('/ui/dashboard/EE/en/add-customer');
    await toSigningPanel(page, TESTFIRMA.name, 'Testfirma');
    await phoneField(page).fill(phone);
    await mobileIdButton(page).click();
    if (polls) {
      await expect(page.getByTestId('verification-code')).toBeVisible();
      await page.clock.fastForward(FIRST_CHECK);
    }
    await expectOutcome(page, message);
  }
});

test('closing the modal during Mobile-ID polling stops all further status requests (20 s watched)', async ({
  page,
}) => {
  await setSigningSim(page, { midDelayMs: 120_000, checkWaitMs: 0 });
  await page.clock.install();
  const requests = await recordSignRequests(page);
  await openCustomerAdd(page, 'mary');
  await toSigningPanel(page, TESTFIRMA.name, 'Testfirma');
  await phoneField(page).fill('+37200000766');
  await pauseClock(page);
  await mobileIdButton(page).click();
  await expect(page.getByTestId('verification-code')).toBeVisible();
  // polling is under way: the first status check has been answered (RUNNING)
  await page.clock.runFor(FIRST_CHECK);
  await expect.poll(async () => (await requests.list('/check')).map((c) => c.status)).toEqual(['RUNNING']);
  await dialog(page).getByRole('button', { name: 'Close dialog' }).click();
  const before = await requests.list();
  await page.clock.runFor(20_000); // the test's point: nothing happens for 20 s (the next check was due in 5 s)
  await expect(dialog(page)).toBeHidden();
  const after = await requests.list();
  expect(
    after.length,
    `requests after closing: ${after
      .slice(before.length)
      .map((c) => c.path)
      .join(', ')}`,
  ).toBe(before.length);
});

test("sille's Smart-ID signature succeeds, rein's is refused and toomas's times out", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await setSigningSim(page, { sidDelayMs: 0 });
  const run = async (who: 'sille' | 'rein' | 'toomas', message: string) => {
    const context = await browser.newContext();
    const p = await context.newPage();
    try {
      await p.clock.install();
      await openCustomerAdd(p, who);
      await toSigningPanel(p, TESTFIRMA.name, 'Testfirma');
      await p.getByRole('button', { name: 'Smart-ID', exact: true }).click();
      await expect(p.getByTestId('verification-code').locator('strong')).toHaveText(/^\d{4}$/);
      if (who === 'sille') await screen(p, 'signing', 'smart-id-code', { show: p.getByTestId('verification-code') });
      await p.clock.fastForward(FIRST_CHECK);
      await expectOutcome(p, message);
      return p;
    } finally {
      if (who !== 'sille') await context.close();
    }
  };
  await run('rein', MSG.SID_USER_REFUSED);
  await run('toomas', MSG.SID_TIMEOUT);
  const sille = await run('sille', MSG.success);
  await expect(sille).toHaveURL(/\/ui\/settings\/represented\/EPEE11000109/);
  const ctx = await userContext(sille);
  expect(ctx.epitPrincipal?.representationRightsCache[TESTFIRMA.jgid]?.userRoleList).toContainEqual(
    expect.objectContaining({ application: 'AXAPTA' }),
  );
  await sille.context().close();
});

test("jaak signs with his demo card; with mary's card inserted he gets CERTIFICATE_MISMATCH; no card and a cancelled PIN say so", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openCustomerAdd(page, 'jaak');

  // no card in the reader: the panel says so and he can try again
  await insertCard(page, null);
  await toSigningPanel(page, TESTFIRMA.name, 'Testfirma');
  await page.getByRole('button', { name: 'ID-card', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.IDCARD_NO_CARD })).toBeVisible();

  // mary's card: the certificate is not his
  await insertCard(page, MARY_CARD);
  await page.getByRole('button', { name: 'ID-card', exact: true }).click();
  await expectOutcome(page, MSG.CERTIFICATE_MISMATCH);

  // his own card, PIN entry cancelled, then signed
  await insertCard(page, JAAK_CARD);
  await page.goto('/ui/dashboard/EE/en/add-customer');
  await toSigningPanel(page, TESTFIRMA.name, 'Testfirma');
  await page.getByRole('button', { name: 'ID-card', exact: true }).click();
  const pin = page.getByRole('dialog', { name: 'Enter PIN2' });
  await expect(pin).toBeVisible();
  await expect(pin).toContainText('JAAK-KRISTJAN JÕEORG');
  await screen(page, 'signing', 'id-card-pin');
  await pin.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.IDCARD_USER_CANCELLED })).toBeVisible();
  await page.getByRole('button', { name: 'ID-card', exact: true }).click();
  await pin.getByLabel('PIN2').fill('123');
  await pin.getByRole('button', { name: 'Sign' }).click();
  await expect(pin.getByText('PIN2 consists of 5 to 12 digits.')).toBeVisible();
  await pin.getByLabel('PIN2').fill('12345');
  await pin.getByRole('button', { name: 'Sign' }).click();
  await expectOutcome(page, MSG.success);
  const ctx = await userContext(page);
  expect(ctx.epitPrincipal?.representationRightsCache[TESTFIRMA.jgid]?.userRoleList).toContainEqual(
    expect.objectContaining({ application: 'AXAPTA' }),
  );
});

test('Digiviga gives DIGIDOC_ERROR (jaak, ID-card)', async ({ page }) => {
  await openCustomerAdd(page, 'jaak');
  await toSigningPanel(page, 'Digiviga OÜ', 'Digiviga');
  await page.getByRole('button', { name: 'ID-card', exact: true }).click();
  const pin = page.getByRole('dialog', { name: 'Enter PIN2' });
  await pin.getByLabel('PIN2').fill('12345');
  await pin.getByRole('button', { name: 'Sign' }).click();
  await expectOutcome(page, MSG.DIGIDOC_ERROR);
});

test('jaan on Testfirma gets NOT_A_BOARD_MEMBER', async ({ page }) => {
  await openCustomerAdd(page, 'jaan');
  await toSigningPanel(page, TESTFIRMA.name, 'Testfirma');
  await page.getByRole('button', { name: 'Smart-ID', exact: true }).click();
  await expectOutcome(page, MSG.NOT_A_BOARD_MEMBER);
});

test('kristi adds Testfirma OÜ directly, without signing', async ({ page }) => {
  await openCustomerAdd(page, 'kristi', 'Add new customer');
  await chooseCompany(page, TESTFIRMA.name, 'Testfirma');
  // ADD_ANY_CUSTOMER: no confirmation form, no signing
  await expect(page.getByLabel('E-mail address at the represented')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm adding new customer' }).click();
  await expect(page.getByText(MSG.saved, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Add new customer' })).toBeHidden();
  // now a customer: the same company offers the complete update instead
  await page.goto('/ui/dashboard/EE/en/add-customer');
  await chooseCompany(page, TESTFIRMA.name, 'Testfirma');
  await expect(page.getByRole('button', { name: 'Confirm complete update of customer data' })).toBeVisible();
});
