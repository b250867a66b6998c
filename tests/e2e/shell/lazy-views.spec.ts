/**
 * Views a first screen renders but does not show load when first shown (features/shell/LazyView.tsx): at a phone's
 * width the desktop header, its representee dropdown and the menu rail (their chunk, wide-shell, which index.html
 * preloads for a wide window only) are not fetched for the first screen, and a view whose code cannot be fetched
 * says so (error.content.load, the spec's "requested content" text) with a "Try again" that fetches it.
 */
import { expect, test } from '../fixtures';
import { signIn } from './helpers';

test('at 412 px the desktop header, its representee dropdown and the rail are not fetched; a site menu that cannot load says so and comes on "Try again"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  let siteMenuReachable = false;
  await page.route(/\/ui\/assets\/SiteMenu-[^/]+\.js$/, (route) =>
    siteMenuReachable ? route.continue() : route.abort('internetdisconnected'),
  );
  await signIn(page, 'anna', '/ui/');
  await expect(page.getByRole('heading', { level: 1, name: 'My main page' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // the compact header's site menu shares the menu's items with the rail (their chunk), so this holds until it opens
  expect(scripts.filter((s) => /\/wide-shell-[^/]+\.js$/.test(s))).toEqual([]);

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'The requested content cannot be loaded.' });
  await expect(failure).toBeVisible();
  await expect(page.getByTestId('mobile-site-menu')).toHaveCount(0);
  siteMenuReachable = true;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('mobile-site-menu').getByRole('link', { name: 'Main page' })).toBeVisible();
  await expect(failure).toHaveCount(0);

  expect(scripts.some((s) => /\/SiteMenu-[^/]+\.js$/.test(s))).toBe(true);
});
