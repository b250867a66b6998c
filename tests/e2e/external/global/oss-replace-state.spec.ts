/**
 * OSS hash sync (spec 1 §4) when the application moves with history.replaceState: registering a shipment
 * replaces the form's history entry with the new shipment's page, which fires no hashchange in the frame. The
 * application reports it all the same (ossChangeUrlHash), the portal replaces its hash and fires url-changed, and
 * Back skips the sent form. It registers a shipment for Maasikas OÜ (the applications' own database): global state,
 * so it runs in the global-state project, on that project's own server, where no read-only spec counts shipments.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures';
import { ossFrame, pick, portalHash, shipmentIds, signIn } from '../helpers';

/** starts recording the portal's url-changed events with their addresses (window.__epitNavigation, runMode test) */
async function recordUrlChanges(page: Page) {
  await page.waitForFunction(() => window.__epitNavigation !== undefined);
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { __urlLog: string[] }).__urlLog = log;
    window.__epitNavigation!.on('url-changed', (e) => log.push(e.href));
  });
}
const urlChanges = (page: Page) =>
  page.evaluate(() => (window as unknown as { __urlLog: string[] }).__urlLog.splice(0));

test('a shipment registered in the frame replaces the form in the history: the portal hash follows, url-changed fires, Back skips the form', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  await page.goto('/ui/oss-wrapper');
  const frame = ossFrame(page);
  const before = await shipmentIds(frame);
  await recordUrlChanges(page);

  await frame.getByTestId('oss-new').click();
  await expect(page).toHaveURL(/\/ui\/oss-wrapper#\/shipments\/new$/);
  expect(await urlChanges(page)).toEqual(['/oss-wrapper#/shipments/new']);

  await frame.getByLabel("Recipient's name").fill('Mati Karu');
  await frame.getByLabel('Street and house').fill('Pikk 1');
  await frame.getByLabel('City').fill('Tartu');
  await frame.getByLabel('Postal code').fill('51003');
  await frame.getByLabel('Weight (kg)').fill('1,2');
  await frame.getByRole('button', { name: 'Register the shipment' }).click();

  const id = frame.getByTestId('oss-shipment-id');
  await expect(id).toHaveText(/^[A-Z]{2}\d{9}[A-Z]{2}$/);
  const created = (await id.textContent()) ?? '';
  expect(before).not.toContain(created);
  await expect(page).toHaveURL(new RegExp(`/ui/oss-wrapper#/shipments/${created}$`));
  await expect.poll(() => urlChanges(page)).toEqual([`/oss-wrapper#/shipments/${created}`]);

  // the form's entry is gone: Back goes to the list, Forward to the new shipment
  await page.goBack();
  await expect(frame.getByTestId('oss-shipments')).toBeVisible();
  await expect(page).toHaveURL(/\/ui\/oss-wrapper$/);
  expect(await portalHash(page)).toBe('');
  expect(await shipmentIds(frame)).toContain(created);
  await page.goForward();
  await expect(id).toHaveText(created);
  await expect(page).toHaveURL(new RegExp(`/ui/oss-wrapper#/shipments/${created}$`));
});
