/**
 * External applications, the cases that flip a demo application's console switch (global state shared by every test
 * of the run: they run in the global-state project, one at a time, and restore the switch in `finally`):
 * - a dead OSS shows the maintenance message instead of the frame, and the frame returns without a reload;
 * - "not answering pings": the channel goes inactive, a notification sent meanwhile is delivered, in order, once the
 *   application answers again;
 * - finance unavailable leads to /finance/error/unavailable, whose self-refreshing variant recovers on its own;
 * - a customer without a finance package (the switch answers PACKET_NOT_FOUND) is told so.
 * The portal page runs on Playwright's clock where the 30 s dead-application poll or the 10 s finance refresh would
 * otherwise be waited for in real time.
 */
import { deadApplicationPollMachine } from '../../../../machines/deadApplicationPoll.machine';
import { expect, test } from '../../fixtures';
import {
  appFrame,
  markWindow,
  ossFrame,
  pick,
  setAppSwitch,
  setDead,
  shipmentIds,
  signIn,
  windowMarkerSurvived,
} from '../helpers';

/** The dead-application poll's interval: the machine's DEAD_APP_POLL (30 s). */
const POLL_MS = Number(deadApplicationPollMachine.implementations.delays.DEAD_APP_POLL);

test('a dead OSS shows the maintenance message instead of the frame; alive again, the frame returns without a reload', async ({
  page,
  browser,
}) => {
  await page.clock.install();
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  await page.goto('/ui/oss-wrapper');
  await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
  await markWindow(page);
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setDead(sim, 'OSS', true);
    await page.clock.fastForward(POLL_MS);
    await expect(page.getByTestId('external-maintenance')).toContainText(
      'Due to technical issues, the functioning of our e-service is currently disrupted',
    );
    await expect(page.locator('#oss-iframe')).toHaveCount(0);

    await setDead(sim, 'OSS', false);
    await page.clock.fastForward(POLL_MS);
    await expect(page.getByTestId('external-maintenance')).toHaveCount(0);
    await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
    expect(await windowMarkerSurvived(page), 'the frame must come back without a portal reload').toBe(true);
  } finally {
    await setDead(sim, 'OSS', false).catch(() => undefined);
    await simContext.close();
  }
});

test('not answering pings: the channel goes inactive; notifications sent meanwhile arrive in order within 1 s of the app answering again', async ({
  page,
  browser,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  await page.goto('/ui/oss-wrapper');
  const frame = ossFrame(page);
  const [first] = await shipmentIds(frame);
  const channel = page.getByTestId('external-frame');
  await expect(channel).toHaveAttribute('data-channel', 'active');
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setAppSwitch(sim, 'OSS', { noPing: true });
    await expect(channel).toHaveAttribute('data-channel', 'inactive', { timeout: 5_000 });

    // two notifications while inactive: the language (list, ET), then a shipment (its page, ET)
    await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'Estonian' }).click();
    await page.evaluate((id) => void (window.location.hash = `#/shipments/${id}`), first);
    await expect(page).toHaveURL(new RegExp(`#/shipments/${first}$`));
    await page.evaluate(() => new Promise((r) => setTimeout(r, 700)));
    await expect(frame.getByRole('heading', { name: 'Shipments' })).toBeVisible();

    await setAppSwitch(sim, 'OSS', { noPing: false });
    await expect(channel).toHaveAttribute('data-channel', 'active', { timeout: 10_000 });
    // the queue went out in order: the last one decides where the frame is, in the language of the first
    await expect(frame.getByTestId('oss-shipment-id')).toHaveText(first, { timeout: 1_000 });
    await expect(frame.getByTestId('app-name')).toHaveText('Saadetiste registreerimine', { timeout: 1_000 });
  } finally {
    await setAppSwitch(sim, 'OSS', { noPing: false }).catch(() => undefined);
    await simContext.close();
  }
});

test('finance unavailable leads to /finance/error/unavailable; its self-refreshing variant recovers once finance is back', async ({
  page,
  browser,
}) => {
  await page.clock.install();
  await signIn(page, 'liga');
  await pick(page, 'SIA Bērzi');
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setAppSwitch(sim, 'FINANCE', { financeStatus: 'UNAVAILABLE' });
    await page.goto('/ui/external/FINANCE');
    await expect(page).toHaveURL(/\/ui\/finance\/error\/unavailable\?refresh=auto$/);
    await expect(page.getByRole('heading', { level: 1, name: 'E-service is disrupted' })).toBeVisible();
    await expect(page.getByTestId('finance-recovery')).toHaveText('This page will refresh itself in about 10 seconds.');

    // still unavailable at the next try: the page comes back and waits again
    await page.clock.fastForward(10_000);
    await expect(page).toHaveURL(/\/ui\/finance\/error\/unavailable\?refresh=auto$/);
    await expect(page.getByTestId('finance-recovery')).toBeVisible();

    await setAppSwitch(sim, 'FINANCE', { financeStatus: null });
    await page.clock.fastForward(10_000);
    await expect(page).toHaveURL(/\/ui\/external\/FINANCE$/);
    await expect(appFrame(page).getByTestId('finance-invoices')).toBeVisible();
  } finally {
    await setAppSwitch(sim, 'FINANCE', { financeStatus: null }).catch(() => undefined);
    await simContext.close();
  }
});

test('a customer without a finance package is told so', async ({ page, browser }) => {
  // liga holds invoicing management of SIA Bērzi as its main administrator; invoicing management says it has no package
  await signIn(page, 'liga');
  await pick(page, 'SIA Bērzi');
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setAppSwitch(sim, 'FINANCE', { financeStatus: 'PACKET_NOT_FOUND' });
    await page.goto('/ui/external/FINANCE');
    await expect(page.getByTestId('external-message')).toHaveText(
      'The represented customer has no invoicing management package.',
    );
    await expect(page.locator('#app-iframe')).toHaveCount(0);
  } finally {
    await setAppSwitch(sim, 'FINANCE', { financeStatus: null }).catch(() => undefined);
    await simContext.close();
  }
});
