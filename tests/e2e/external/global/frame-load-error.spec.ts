/**
 * The OSS frame load error (spec 1 §8 "an OSS frame load error shows the server error"): with the console's
 * "never ready" switch (POST /sim/api/apps/OSS { neverReady }) shipment registration's page loads in the frame but its
 * channel stays silent, so the application never reports ready. The portal keeps 'Application is loading' over the
 * frame for FRAME_LOAD_TIMEOUT, then shows the server error with a retry; with the switch off again, the retry shows
 * the application. Global state (a console switch): it runs in the global-state project and restores the switch in
 * `finally`. The portal page runs on Playwright's clock, so the load timeout is not waited for in real time.
 */
import { FRAME_LOAD_TIMEOUT_MS } from '../../../../machines/frameLoad.machine';
import { expect, expectNoSeriousA11yViolations, snap, test } from '../../fixtures';
import { markWindow, ossFrame, pick, setAppSwitch, signIn, windowMarkerSurvived } from '../helpers';

/** The flow's FRAME_LOAD_TIMEOUT. */
const LOAD_TIMEOUT_MS = FRAME_LOAD_TIMEOUT_MS;

test('an application that never reports ready: the server error after the load timeout, and a retry that brings the application', async ({
  page,
  browser,
}) => {
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setAppSwitch(sim, 'OSS', { neverReady: true });
    await page.clock.install();
    await signIn(page, 'mari');
    await pick(page, 'Maasikas OÜ');
    await page.goto('/ui/oss-wrapper');
    await markWindow(page);

    // the application's page is there, but it does not speak: the portal keeps waiting for it
    await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
    const overlay = page.getByTestId('external-loading');
    await expect(overlay).toHaveText('Application is loading');
    await expect(page.getByTestId('external-frame')).toHaveAttribute('data-channel', 'inactive');
    // (the clock also runs in real time: the first half leaves room for however long the frame took to load)
    await page.clock.fastForward(LOAD_TIMEOUT_MS / 2);
    await expect(overlay).toBeVisible();
    await expect(page.getByTestId('external-load-error')).toHaveCount(0);

    await page.clock.fastForward(LOAD_TIMEOUT_MS / 2);
    const error = page.getByTestId('external-load-error');
    await expect(error.getByRole('alert')).toHaveText(
      'Error occured during request. Please check input data or try again later',
    );
    await expect(overlay).toHaveCount(0);
    await expect(page.locator('#oss-iframe')).toHaveCount(0);
    // the header stays: the person still sees where they are
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipment registration');

    // a retry while the application is still silent fails the same way
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(overlay).toBeVisible();
    await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
    await page.clock.fastForward(LOAD_TIMEOUT_MS);
    await expect(error.getByRole('alert')).toBeVisible();

    // the application speaks again: the retry shows it, without a portal reload
    await setAppSwitch(sim, 'OSS', { neverReady: false });
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
    await expect(page.getByTestId('external-frame')).toHaveAttribute('data-channel', 'active');
    await expect(overlay).toHaveCount(0);
    await expect(error).toHaveCount(0);
    await page.clock.fastForward(LOAD_TIMEOUT_MS * 2);
    await expect(error).toHaveCount(0);
    await expect(ossFrame(page).getByTestId('oss-shipments')).toBeVisible();
    expect(await windowMarkerSurvived(page), 'the retry must not reload the portal').toBe(true);
  } finally {
    await setAppSwitch(sim, 'OSS', { neverReady: false }).catch(() => undefined);
    await simContext.close();
  }
});

test('the load error is translated: switched to Estonian, the application is tried again and fails in Estonian', async ({
  page,
  browser,
}) => {
  const simContext = await browser.newContext();
  const sim = await simContext.newPage();
  try {
    await setAppSwitch(sim, 'OSS', { neverReady: true });
    await page.clock.install();
    await signIn(page, 'mari');
    await pick(page, 'Maasikas OÜ');
    await page.goto('/ui/oss-wrapper');
    await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
    await page.clock.fastForward(LOAD_TIMEOUT_MS);
    const error = page.getByTestId('external-load-error');
    await expect(error.getByRole('button', { name: 'Try again' })).toBeVisible();

    // a language change loads the application again (spec 1 §4), which stays silent
    await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'Estonian' }).click();
    await expect(page.getByTestId('external-loading')).toHaveText('Rakendust laaditakse');
    await expect(error).toHaveCount(0);
    await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
    await page.clock.fastForward(LOAD_TIMEOUT_MS);
    await expect(error.getByRole('alert')).toHaveText(
      'Päringu käigus tekkis viga. Palun kontrollige sisendandmeid või proovige hiljem uuesti',
    );
    await expect(error.getByRole('button', { name: 'Proovi uuesti' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'external-frame-load-error');
  } finally {
    await setAppSwitch(sim, 'OSS', { neverReady: false }).catch(() => undefined);
    await simContext.close();
  }
});
