/**
 * Spec 1 §8 "Role loading failure" on an external application page: while roles-and-packets/clientapp/OSS answers
 * 500 (the fault switch, server/sim/faults, for that path only), shipment registration's page says the application
 * is not available (error.representation-failure) instead of the frame, and loads the roles again after ROLE_RETRY;
 * once they load, the application shows without a portal reload. On that page the Services menu marks shipment
 * registration, the entry with the application's icon code (spec 1 §2). The portal page runs on Playwright's clock,
 * so the retry pause is not waited for in real time.
 */
import { ROLE_RETRY } from '../../../machines/applicationFrame.machine';
import { expect, test } from '../fixtures';
import { markWindow, ossFrame, pick, signIn, windowMarkerSurvived } from '../external/helpers';
import { clearFault, setFault } from './helpers';

test.afterEach(async ({ page }) => {
  await clearFault(page);
});

test("the roles of shipment registration fail to load: its message instead of the frame, then a retry that shows it; the menu marks the application's entry", async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  await setFault(page, '500', ['/api/roles-and-packets/clientapp/OSS']);
  await page.goto('/ui/oss-wrapper');
  await markWindow(page);
  const message = page.getByTestId('external-message');
  await expect(message).toHaveText(
    'The shipment registration is/are not available at the moment. After a while, please try to log out and log back in.',
  );
  await expect(page.locator('#oss-iframe')).toHaveCount(0);

  // still failing: the next try fails the same way
  await page.clock.fastForward(ROLE_RETRY);
  await expect(message).toBeVisible();

  await clearFault(page);
  await page.clock.fastForward(ROLE_RETRY);
  await expect(ossFrame(page).getByTestId('app-party')).toHaveText('Maasikas OÜ');
  await expect(message).toHaveCount(0);
  await expect(page.getByTestId('external-role')).toHaveText('Shipment administrator');
  expect(await windowMarkerSurvived(page), 'the retry does not reload the portal').toBe(true);

  // the selected side-menu entry follows the application's icon code: shipment registration (logistics)
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Business e-services' })
    .click();
  const services = page.locator('#side-panel');
  await expect(services.getByRole('link', { name: 'Shipment registration' })).toHaveAttribute('aria-current', 'page');
  await expect(services.getByRole('link', { name: 'Periodicals' })).not.toHaveAttribute('aria-current', 'page');
});
