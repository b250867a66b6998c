/**
 * Shipment registration (OSS) in the portal's order-system wrapper, against the real server and
 * the real demo application on its own origin (E2E_PORT + 1): the header, the frame, OSS hash sync with Back and
 * Forward, language and representee changes without a portal reload, messages from a foreign origin, a forged guid,
 * and the phone layout. Read-only: every test signs in afresh and changes only its own session.
 */
import type { Page } from '@playwright/test';
import { screen } from '../support/screens';
import { expect, expectNoSeriousA11yViolations, snap, test } from '../fixtures';
import {
  appsOrigin,
  header,
  markWindow,
  ossFrame,
  pick,
  portalHash,
  shipmentIds,
  signIn,
  windowMarkerSurvived,
} from './helpers';

/** mari picks Maasikas OÜ in the choice modal and opens shipment registration from the dashboard. */
async function openShipmentRegistration(page: Page) {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  await page.getByTestId('shortcuts').getByRole('link', { name: 'Shipment registration' }).click();
  await expect(page).toHaveURL(/\/ui\/oss-wrapper(#.*)?$/);
  await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
}

test('mari opens shipment registration: the header names the service, Maasikas OÜ, 11000015 and her role; #oss-iframe comes from the applications origin', async ({
  page,
}) => {
  await openShipmentRegistration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipment registration' })).toBeVisible();
  await expect(header(page).getByTestId('external-represented')).toContainText('Maasikas OÜ');
  await expect(header(page).getByTestId('external-code')).toHaveText('11000015');
  await expect(header(page).getByTestId('external-role')).toHaveText('Shipment administrator');
  await screen(page, 'externalApplication', 'open');
  await expect(page.locator('body')).toHaveClass(/\blayout-external\b/);

  // the frame's document is the demo application on its own origin, signed on as mari for Maasikas OÜ
  const iframe = page.locator('#oss-iframe');
  const frame = await (await iframe.elementHandle())?.contentFrame();
  expect(frame, 'the frame should have a document').toBeTruthy();
  expect(new URL(frame?.url() ?? '').origin).toBe(appsOrigin());
  expect(new URL(frame?.url() ?? '').pathname).toBe('/oss/');
  await expect(ossFrame(page).getByTestId('app-user')).toHaveText('Mari Maasikas');
  await expect(ossFrame(page).getByTestId('app-party-code')).toHaveText('11000015');
  expect((await shipmentIds(ossFrame(page))).length).toBeGreaterThan(0);

  // 1020 px wide, as high as the application's content (height|px): nothing scrolls inside the frame
  const box = await iframe.boundingBox();
  expect(box?.width).toBe(1020);
  await expect
    .poll(async () => {
      const content = await ossFrame(page)
        .locator('html')
        .evaluate(() => document.documentElement.scrollHeight);
      const shown = await iframe.evaluate((f) => f.clientHeight);
      return Math.abs(content - shown);
    })
    .toBeLessThanOrEqual(2);
  // the frame is sandboxed without top navigation: a link the application makes to leave the portal's tab does
  // nothing, even when the person clicks it
  await expect(iframe).toHaveAttribute('sandbox', /allow-scripts/);
  await frame?.evaluate(() => {
    const a = document.createElement('a');
    a.id = 'away';
    a.href = 'https://away.invalid/';
    a.target = '_top';
    a.textContent = 'away';
    document.body.prepend(a);
  });
  await ossFrame(page).locator('#away').click();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/ui\/oss-wrapper(#.*)?$/);
  await ossFrame(page)
    .locator('#away')
    .evaluate((a) => a.remove());
  // the loading overlay is gone once the frame has loaded
  await expect(page.getByTestId('external-loading')).toHaveCount(0);
  await expect(page.getByTestId('external-frame')).toHaveAttribute('data-channel', 'active');

  await expectNoSeriousA11yViolations(page);
  await snap(page, 'external-oss');
});

test('OSS hash sync: a shipment opened in the frame changes the portal hash; Back returns the frame to the list, Forward to the shipment', async ({
  page,
}) => {
  await openShipmentRegistration(page);
  const frame = ossFrame(page);
  const [first] = await shipmentIds(frame);
  expect(await portalHash(page)).toBe('');

  await frame.getByRole('link', { name: first, exact: true }).click();
  await expect(frame.getByTestId('oss-shipment-id')).toHaveText(first);
  await expect(page).toHaveURL(new RegExp(`/ui/oss-wrapper#/shipments/${first}$`));

  await page.goBack();
  await expect(frame.getByTestId('oss-shipments')).toBeVisible();
  await expect(frame.getByTestId('oss-shipment-id')).toHaveCount(0);
  await expect(page).toHaveURL(/\/ui\/oss-wrapper$/);

  await page.goForward();
  await expect(frame.getByTestId('oss-shipment-id')).toHaveText(first);
  await expect(page).toHaveURL(new RegExp(`/ui/oss-wrapper#/shipments/${first}$`));

  // a portal address with a hash opens the frame there (menuPath), e.g. after a reload
  await page.reload();
  await expect(ossFrame(page).getByTestId('oss-shipment-id')).toHaveText(first);
});

test('switching the portal to ET re-texts the application, and switching to Põldmari AS shows its shipments, without a portal reload', async ({
  page,
}) => {
  await openShipmentRegistration(page);
  const frame = ossFrame(page);
  const maasikasShipments = await shipmentIds(frame);
  await markWindow(page);

  await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'Estonian' }).click();
  await expect(frame.getByRole('heading', { name: 'Saadetised' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Saadetiste registreerimine' })).toBeVisible();
  await expect(header(page).getByTestId('external-role')).toHaveText('Saadetiste administraator');

  const combo = page.getByRole('combobox', { name: 'Esindatav' });
  await combo.click();
  await combo.fill('põld');
  await page.getByRole('option', { name: /Põldmari AS/ }).click();
  await expect(header(page).getByTestId('external-code')).toHaveText('11000026');
  await expect(page).toHaveURL(/\/ui\/oss-wrapper$/);
  await expect(frame.getByTestId('app-party')).toHaveText('Põldmari AS');
  const poldmariShipments = await shipmentIds(frame);
  expect(poldmariShipments.length).toBeGreaterThan(0);
  expect(poldmariShipments.filter((id) => maasikasShipments.includes(id))).toEqual([]);
  await expect(header(page).getByTestId('external-role')).toHaveText('Saadetiste registreerija');
  expect(await windowMarkerSurvived(page), 'neither change may reload the portal').toBe(true);
});

test('a page on a third origin posts forged ossChangeUrlHash, scroll and ready messages: nothing changes; a forged guid in the frame shows access denied', async ({
  page,
}) => {
  await openShipmentRegistration(page);
  await page.setViewportSize({ width: 1280, height: 400 });
  const before = { url: page.url(), scrollY: await page.evaluate(() => window.scrollY) };

  // 127.0.0.1 is another origin than localhost: a window the portal opened, which can post to its opener
  const third = new URL(page.url());
  third.hostname = '127.0.0.1';
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate((url) => void window.open(url, '_blank'), `${third.origin}/sim/`),
  ]);
  await popup.waitForLoadState();
  await popup.evaluate(() => {
    const portal = window.opener as Window;
    portal.postMessage(
      { scope: 'ClientApplication', method: 'ossChangeUrlHash', params: { changeHash: '/shipments/FORGED' } },
      '*',
    );
    portal.postMessage('scroll|300', '*');
    portal.postMessage('scroll-to-view|900', '*');
    portal.postMessage('height|5', '*');
    portal.postMessage({ scope: 'ClientApplication', method: 'ready' }, '*');
  });
  // a message from the portal's own origin but not from the frame's window is turned away too
  await page.evaluate(() =>
    window.postMessage(
      { scope: 'ClientApplication', method: 'ossChangeUrlHash', params: { changeHash: '/shipments/SELF' } },
      '*',
    ),
  );
  // give the messages time to arrive, then look: the address, the scroll position and the frame's height stay
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
  expect(page.url()).toBe(before.url);
  expect(await page.evaluate(() => window.scrollY)).toBe(before.scrollY);
  expect(await page.locator('#oss-iframe').evaluate((f) => f.clientHeight)).toBeGreaterThan(100);
  await popup.close();

  // the frame's address edited to a customer mari does not represent: the application refuses it
  await page.locator('#oss-iframe').evaluate((f: HTMLIFrameElement) => {
    const url = new URL(f.src);
    url.searchParams.set('guid', 'EPEE11000049');
    f.src = url.toString();
  });
  await expect(ossFrame(page).getByTestId('app-denied')).toBeVisible();
  await expect(ossFrame(page).getByTestId('oss-shipments')).toHaveCount(0);
});

test('on a phone the frame scrolls sideways inside its box and the page never does', async ({ page }) => {
  await openShipmentRegistration(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.locator('#oss-iframe')).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page, 'the page itself must not scroll sideways').toBeLessThanOrEqual(widths.viewport);
  const scroller = page.locator('.external-frame__scroller');
  const box = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(box.scroll).toBeGreaterThanOrEqual(1020);
  expect(box.client).toBeLessThan(375);
  await scroller.evaluate((el) => el.scrollBy({ left: 400 }));
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});

test("the application's scroll|0 after it changed page brings the frame's top back under the portal header", async ({
  page,
}) => {
  await openShipmentRegistration(page);
  await page.setViewportSize({ width: 1280, height: 420 });
  const frame = ossFrame(page);
  const ids = await shipmentIds(frame);
  const last = ids[ids.length - 1];
  // the last row is below the fold: clicking it scrolls the portal window down
  await frame.getByRole('link', { name: last, exact: true }).click();
  await expect(frame.getByTestId('oss-shipment-id')).toHaveText(last);
  const headerHeight = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height);
  await expect
    .poll(() => page.locator('#oss-iframe').evaluate((f) => Math.round(f.getBoundingClientRect().top)))
    .toBe(Math.round(headerHeight));
});
