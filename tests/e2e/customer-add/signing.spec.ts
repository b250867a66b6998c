/**
 * Signing with the simulators (issue 4 "Done when"): Mobile-ID, Smart-ID, ID-card, the staff path, and stopping
 * every request when the modal closes. Everything that writes Testfirma OÜ or changes the simulator console's
 * settings lives in this one file, so it runs on one worker in order; each test restores what it changed
 * (POST /sim/api/registry/reset, the signing knobs, the inserted card), so no test depends on another.
 *
 * Where only the outcome matters, browser timers are fast-forwarded with Playwright's clock (the 10 s / 5 s
 * polling is real code; only the wait is skipped). The first test measures the real spacing.
 */
import { expect, test } from '../fixtures';
import {
  DEFAULT_SETTINGS,
  MSG,
  TESTFIRMA,
  chooseCompany,
  dialog,
  expectOutcome,
  insertCard,
  mobileIdButton,
  openCustomerAdd,
  phoneField,
  recordRequests,
  resetCompany,
  setSigningSim,
  toSigningPanel,
} from './helpers';

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
  test.setTimeout(90_000);
  // the person confirms on the phone after 17 s; no long polling, so request times are the client's own spacing
  await setSigningSim(page, { midDelayMs: 17_000, checkWaitMs: 0 });
  await openCustomerAdd(page, 'mary');
  await toSigningPanel(page, TESTFIRMA.name, 'Testfirma');
  const starts = recordRequests(page, '/api/sign/mobile/start');
  const checks = recordRequests(page, '/api/sign/mobile/check');
  await phoneField(page).fill('+37200000766');
  await mobileIdButton(page).click();

  const code = page.getByTestId('verification-code');
  await expect(code).toBeVisible();
  await expect(code.locator('strong')).toHaveText(/^\d{4}$/);
  // the signing buttons are disabled while signing runs
  await expect(mobileIdButton(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Smart-ID', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'ID-card', exact: true })).toBeDisabled();

  await expectOutcome(page, MSG.success, { timeout: 30_000 }); // checks at ≈10 s, 15 s, 20 s
  await expect(page).toHaveURL(/\/ui\/settings\/represented\/EPEE11000109\?redirectUrl=/);

  // spacing of the status requests the browser made: first ≈10 s after the start answered, then ≈5 s apart
  expect(starts).toHaveLength(1);
  expect(checks.length).toBeGreaterThanOrEqual(3);
  const firstGap = checks[0].start - starts[0].end!;
  const gaps = checks.slice(1).map((c, i) => c.start - checks[i].end!);
  console.log(
    `mobile-id status requests: first ${firstGap} ms after start, then ${gaps.join(', ')} ms after the previous answer`,
  );
  expect(firstGap).toBeGreaterThan(9_500);
  expect(firstGap).toBeLessThan(11_500);
  for (const g of gaps) {
    expect(g).toBeGreaterThan(4_500);
    expect(g).toBeLessThan(6_500);
  }

  // Testfirma OÜ is among her representees, with her as its main admin
  const ctx = await (await page.request.get('/api/context/getUserContext')).json();
  const right = ctx.epitPrincipal.representationRightsCache[TESTFIRMA.jgid];
  expect(right?.name).toBe(TESTFIRMA.name);
  expect(right.userRoleList).toContainEqual(expect.objectContaining({ application: 'AXAPTA', notActive: false }));
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
      await page.clock.fastForward(10_000); // FIRST_CHECK
    }
    await expectOutcome(page, message);
  }
});

test('closing the modal during Mobile-ID polling stops all further status requests (20 s watched)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await setSigningSim(page, { midDelayMs: 120_000, checkWaitMs: 0 });
  await openCustomerAdd(page, 'mary');
  await toSigningPanel(page, TESTFIRMA.name, 'Testfirma');
  const checks = recordRequests(page, '/api/sign/');
  await phoneField(page).fill('+37200000766');
  await mobileIdButton(page).click();
  await expect(page.getByTestId('verification-code')).toBeVisible();
  // polling is under way: the first status check has been answered (RUNNING)
  await expect
    .poll(() => checks.filter((c) => c.url.includes('/check') && c.end !== null).length, { timeout: 15_000 })
    .toBe(1);
  await dialog(page).getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog(page)).toBeHidden();
  const before = checks.length;
  await page.waitForTimeout(20_000); // the test's point: nothing happens for 20 s
  expect(
    checks.length,
    `requests after closing: ${checks
      .slice(before)
      .map((c) => c.url)
      .join(', ')}`,
  ).toBe(before);
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
      await p.clock.fastForward(10_000);
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
  const ctx = await (await sille.request.get('/api/context/getUserContext')).json();
  expect(ctx.epitPrincipal.representationRightsCache[TESTFIRMA.jgid]?.userRoleList).toContainEqual(
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
  await pin.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.IDCARD_USER_CANCELLED })).toBeVisible();
  await page.getByRole('button', { name: 'ID-card', exact: true }).click();
  await pin.getByLabel('PIN2').fill('123');
  await pin.getByRole('button', { name: 'Sign' }).click();
  await expect(pin.getByText('PIN2 consists of 5 to 12 digits.')).toBeVisible();
  await pin.getByLabel('PIN2').fill('12345');
  await pin.getByRole('button', { name: 'Sign' }).click();
  await expectOutcome(page, MSG.success);
  const ctx = await (await page.request.get('/api/context/getUserContext')).json();
  expect(ctx.epitPrincipal.representationRightsCache[TESTFIRMA.jgid]?.userRoleList).toContainEqual(
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
