/**
 * Single sign-out: after the portal's logout, shipment registration (OSS) on its own origin
 * shows the person signed out. The demo application keeps its own session (server/apps/sessions.ts); the portal's logout
 * GETs the OSS logout URL from the application's custom parameters (spec 1 §4 "Logout") and the sign-on server ends
 * the single sign-on session, so neither the old session nor a silent sign-on lets the application in again.
 * Only mari's own session changes, so this spec runs with the read-only ones.
 */
import { expect, test } from '../fixtures';
import { banner } from '../skeleton/helpers';
import { appsOrigin, ossFrame, pick, signIn } from './helpers';

test("after the portal's logout the OSS application's own page on its origin shows it signed out", async ({ page }) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  await page.goto('/ui/oss-wrapper');
  await expect(ossFrame(page).getByTestId('app-user')).toHaveText('Mari Maasikas');

  // the application's own page (the frame's address without the portal around it), in a tab of the same browser
  const frame = await (await page.locator('#oss-iframe').elementHandle())?.contentFrame();
  expect(frame, 'the frame should have a document').toBeTruthy();
  const appUrl = new URL(frame?.url() ?? '');
  expect(appUrl.origin).toBe(appsOrigin());
  expect(appUrl.pathname).toBe('/oss/');
  appUrl.hash = '';
  const own = await page.context().newPage();
  await own.goto(appUrl.toString());
  await expect(own.getByTestId('app-user'), 'before logout the application is signed on on its own').toHaveText(
    'Mari Maasikas',
  );
  await expect(own.getByTestId('oss-shipments')).toBeVisible();
  await own.close();

  // the portal's logout asks the OSS logout URL (on the applications' origin) and it answers before the page leaves
  const ossLogout = page.waitForResponse(
    (r) => new URL(r.url()).origin === appsOrigin() && new URL(r.url()).pathname === '/oss/logout',
  );
  await banner(page).getByRole('button', { name: 'Log out', exact: true }).click();
  expect((await ossLogout).status()).toBe(200);
  await expect(page, 'logout should end at the sign-on page').toHaveURL(/\/cas\/login/, { timeout: 15_000 });

  // the same address on the application's origin: signed out, no person, no customer's shipments
  await page.goto(appUrl.toString());
  await expect(page.getByTestId('app-signedOut')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(appsOrigin());
  await expect(page.getByTestId('app-user')).toHaveCount(0);
  await expect(page.getByTestId('oss-shipments')).toHaveCount(0);

  // and its API refuses the same customer's data without a session
  const api = await page.request.get(`${appsOrigin()}/oss/api/shipments?guid=${appUrl.searchParams.get('guid')}`);
  expect(api.status()).toBe(401);
});
