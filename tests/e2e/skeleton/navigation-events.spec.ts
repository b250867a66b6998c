/**
 * Navigation events (spec 1 §4). The portal in runMode 'test' exposes its
 * navigation events and trackers as `window.__epitNavigation` (src/app/navigation-events.ts); these tests register
 * listeners and a tracker in the page and show that a tracker can veto the start of a navigation: the navigation
 * is rejected with 'Navigation to {component} cancelled: {reason}', the person sees that message, and the portal
 * goes home, or to the tracker's rerouting target.
 */
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures';
import { expectSignedInAs, pageLanguage, t } from './helpers';

/** starts recording every navigation event in the page (window.__navLog) */
async function recordEvents(page: Page) {
  await page.waitForFunction(() => window.__epitNavigation !== undefined);
  await page.evaluate(() => {
    const nav = window.__epitNavigation!;
    const log: string[] = [];
    (window as unknown as { __navLog: string[] }).__navLog = log;
    const types = [
      'pre-navigate',
      'start-navigate',
      'pre-partial',
      'post-partial',
      'post-navigate',
      'url-changed',
      'route-updated',
      'language-changed',
      'navigation-cancelled',
    ] as const;
    for (const type of types) nav.on(type, () => log.push(type));
  });
}
const eventLog = (page: Page) => page.evaluate(() => (window as unknown as { __navLog: string[] }).__navLog.splice(0));

/** a tracker that vetoes every start towards `component`, optionally rerouting */
async function vetoStartsOf(page: Page, component: string, reason: string, reroute?: string) {
  await page.evaluate(
    ({ component, reason, reroute }) =>
      void window.__epitNavigation!.addTracker({
        start: (nav) => (nav.component === component ? { cancel: reason, reroute } : undefined),
      }),
    { component, reason, reroute },
  );
}

/** navigates in the app; resolves to the rejection's message, or 'ok' */
const navigate = (page: Page, href: string) =>
  page.evaluate(
    (href) =>
      window.__epitNavigation!.navigate(href).then(
        () => 'ok',
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      ),
    href,
  );

/** the user settings page is on screen: its tabs (the heading is the person's name once loaded) */
const settingsTabs = (page: Page, lang: Awaited<ReturnType<typeof pageLanguage>>) =>
  page.getByRole('main').getByRole('navigation', { name: t(lang, 'user-settings.tabs'), exact: true });

test('an allowed navigation fires its events in the spec order', async ({ page }) => {
  await signInAs(page, 'anna', { target: '/ui/dashboard' });
  await expectSignedInAs(page, 'Anna Ivanova');
  await recordEvents(page);
  expect(await navigate(page, '/user-settings/edit/')).toBe('ok');
  await expect(page).toHaveURL(/\/ui\/user-settings\/edit\/?$/);
  expect(await eventLog(page)).toEqual([
    'pre-navigate',
    'start-navigate',
    'pre-partial',
    'post-partial',
    'url-changed',
    'post-navigate',
  ]);
  // the same route with another query: the view is kept and updated
  expect(await navigate(page, '/user-settings/edit/?tab=1')).toBe('ok');
  expect(await eventLog(page)).toEqual(expect.arrayContaining(['url-changed', 'route-updated', 'post-navigate']));
});

test('a tracker vetoes a start: the navigation is rejected, the person is told, and the portal goes home', async ({
  page,
}) => {
  await signInAs(page, 'anna', { target: '/ui/dashboard' });
  await expectSignedInAs(page, 'Anna Ivanova');
  const lang = await pageLanguage(page);
  await recordEvents(page);
  await vetoStartsOf(page, 'user-settings-edit', 'unsaved changes');

  expect(await navigate(page, '/user-settings/edit/')).toBe(
    'Navigation to user-settings-edit cancelled: unsaved changes',
  );
  const message = t(lang, 'error.navigation.cancelled')
    .replace('{component}', 'user-settings-edit')
    .replace('{reason}', 'unsaved changes');
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  // home, never the vetoed page
  await expect(page).not.toHaveURL(/user-settings/);
  await expect(settingsTabs(page, lang)).toHaveCount(0);
  const log = await eventLog(page);
  expect(log.slice(0, 2)).toEqual(['pre-navigate', 'navigation-cancelled']);
  // the vetoed navigation never started
  expect(log.indexOf('start-navigate')).toBeGreaterThan(log.indexOf('navigation-cancelled'));
});

test('a tracker that vetoes with a rerouting target sends the navigation there', async ({ page }) => {
  await signInAs(page, 'anna', { target: '/ui/dashboard' });
  await expectSignedInAs(page, 'Anna Ivanova');
  const lang = await pageLanguage(page);
  await recordEvents(page);
  await vetoStartsOf(page, 'user-settings-password', 'closed for maintenance', '/user-settings/edit/');

  expect(await navigate(page, '/user-settings/password/')).toBe(
    'Navigation to user-settings-password cancelled: closed for maintenance',
  );
  await expect(page).toHaveURL(/\/ui\/user-settings\/edit\/?$/);
  await expect(settingsTabs(page, lang).first()).toBeVisible();
});
