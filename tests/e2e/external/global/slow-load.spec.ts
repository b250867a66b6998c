/**
 * The console's "slow to load" switch (POST /sim/api/apps/OSS { slowMs }): every page of shipment
 * registration waits before it answers, and the portal shows its loading overlay ('Application is loading', spec 1
 * §8) over the frame until the application's page has loaded, then takes it away. Global state (a console switch):
 * it runs in the global-state project and restores the switch in `finally`.
 */
import { expect, test } from '../../fixtures';
import { ossFrame, pick, setAppSwitch, signIn } from '../helpers';

/** how long each page of the application waits (the console's own switch uses 4 s; the sign-on passes two pages) */
const SLOW_MS = 2_000;

test('with "slow to load" on for OSS the loading overlay shows while the frame loads, then goes away', async ({
  page,
  browser,
}) => {
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setAppSwitch(sim, 'OSS', { slowMs: SLOW_MS });
    await signIn(page, 'mari');
    await pick(page, 'Maasikas OÜ');
    const started = Date.now();
    await page.goto('/ui/oss-wrapper');

    const overlay = page.getByTestId('external-loading');
    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveText('Application is loading');
    await expect(overlay).toHaveAttribute('role', 'status');
    // the frame is there, its document is not yet: the overlay covers the wait
    await expect(page.locator('#oss-iframe')).toHaveCount(1);
    await expect(ossFrame(page).getByTestId('app-party')).toHaveCount(0);
    // still loading a second later: the overlay stays for as long as the application takes
    await page.waitForTimeout(1_000);
    await expect(overlay).toBeVisible();

    await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ', { timeout: 20_000 });
    await expect(overlay).toHaveCount(0);
    expect(Date.now() - started, 'the application took at least the slow wait').toBeGreaterThanOrEqual(SLOW_MS);
    await expect(page.getByTestId('external-frame')).toHaveAttribute('data-channel', 'active');
  } finally {
    await setAppSwitch(sim, 'OSS', { slowMs: 0 }).catch(() => undefined);
    await simContext.close();
  }
});
