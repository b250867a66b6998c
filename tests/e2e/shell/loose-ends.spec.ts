/**
 * Shell details: the footer per language and domain, error.auth only away from home,
 * the load-failure modal for an unknown URL modal name, the logout redirect waiting for the OSS logout GET, the
 * sidebar re-laid out on resize (100 ms debounce), the Services menu listing every external application and the
 * loading view of a first load that waits for a slow API.
 */
import type { Request } from '@playwright/test';
import { COOKIE } from '../../../domain/contract';
import { expect, test } from '../fixtures';
import { banner, MESSAGES, t } from '../skeleton/helpers';
import { pick, signIn } from './helpers';

const portalOrigin = () => test.info().project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 8181}`;
const isOssLogout = (url: string) => new URL(url).pathname === '/oss/logout';

test("the footer shows the current domain's contact and opening hours in the page language (LT: Mon–Fri 8:00–19:00)", async ({
  page,
}) => {
  const url = portalOrigin();
  await page.context().addCookies([
    { name: COOKIE.domain, value: 'LT', url },
    { name: COOKIE.language, value: 'lit', url },
  ]);
  await page.goto('/ui/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toHaveAttribute('data-domain', 'LT');
  await expect(footer.getByTestId('footer-hours')).toHaveText('Darbo laikas: I–V 8:00–19:00');
  await expect(footer.getByRole('link', { name: '+370 700 55 400' })).toHaveAttribute('href', 'tel:+37070055400');
  await expect(footer).toContainText('Lietuvos paštas');

  await page.context().addCookies([{ name: COOKIE.language, value: 'eng', url }]);
  await page.goto('/ui/');
  await expect(footer.getByTestId('footer-hours')).toHaveText('Opening hours: Mon–Fri 8:00–19:00');

  await page.context().addCookies([{ name: COOKIE.domain, value: 'LV', url }]);
  await page.goto('/ui/');
  await expect(footer.getByTestId('footer-hours')).toHaveText('Opening hours: Mon–Fri 8:00–18:00');
  await expect(footer.getByRole('link', { name: 'info@post.example.lv' })).toBeVisible();
});

test('error.auth (a 403) is shown away from home and not on the home page', async ({ page }) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  // the server refuses the language change with 403 FORBIDDEN (everything else is the real server)
  await page.route('**/api/context/changeLanguage', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ serviceErrorMessage: 'forbidden', code: 'FORBIDDEN' }),
    }),
  );
  // home: no error.auth
  await expect(page).toHaveURL(/\/ui\/dashboard$/);
  let answered = page.waitForResponse((r) => r.url().includes('/api/context/changeLanguage'));
  await banner(page)
    .getByRole('navigation', { name: t('en', 'header.language'), exact: true })
    .getByRole('button', { name: t('en', 'lang.name.et'), exact: true })
    .click();
  expect((await answered).status()).toBe(403);
  await page.waitForTimeout(1000);
  await expect(page.getByText(MESSAGES.et['error.auth'])).toHaveCount(0);

  // another page: error.auth, then home (a principal exists)
  await page.goto('/ui/user-settings/preferences/');
  await expect(page).toHaveURL(/\/ui\/user-settings\/preferences\/$/);
  answered = page.waitForResponse((r) => r.url().includes('/api/context/changeLanguage'));
  await banner(page)
    .getByRole('navigation', { name: t('et', 'header.language'), exact: true })
    .getByRole('button', { name: t('et', 'lang.name.en'), exact: true })
    .click();
  expect((await answered).status()).toBe(403);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.en['error.auth'] })).toBeVisible();
  await expect(page).toHaveURL(/\/ui\/(dashboard)?$/);
});

test('an unknown modal name in the URL shows the modal load failure (error.modal.load) instead of nothing', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  await page.goto('/ui/dashboard/EE/en/no-such-modal');
  const dialog = page.getByRole('dialog', { name: 'Error!' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The content cannot be loaded. Please try again later.');
  // keys count only once the 200 ms fade-in is over (the modal machine's `shown` state), as a person would see it
  await expect(page.getByTestId('modal-load-error')).toHaveAttribute('aria-busy', 'false');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // the Estonian text of spec 1 §8
  await page.goto('/ui/dashboard/EE/et/no-such-modal');
  const et = page.getByRole('dialog', { name: 'Viga!' });
  await expect(et).toContainText('Sisu pole võimalik laadida. Proovi hiljem uuesti.');
  // a registered name still opens its modal
  await page.goto('/ui/dashboard/EE/en/add-customer');
  await expect(page.getByRole('dialog', { name: 'Error!' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('logout: the OSS logout GET finishes before the redirect leaves the page', async ({ page }) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  const events: string[] = [];
  // the real OSS answer, held back 1.5 s: the redirect must wait for it
  await page.route(
    (u) => isOssLogout(u.toString()),
    async (route) => {
      events.push(`oss:requested ${Date.now() % 100000}`);
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, 1500));
      try {
        await route.fulfill({ response });
        events.push('oss:fulfilled');
      } catch {
        events.push('oss:abandoned');
      }
    },
  );
  page.on('requestfinished', (r: Request) => isOssLogout(r.url()) && events.push('oss:finished'));
  page.on('requestfailed', (r: Request) => isOssLogout(r.url()) && events.push(`oss:failed ${r.failure()?.errorText}`));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame() && !f.url().includes('/ui/'))
      events.push(`left:${new URL(f.url()).pathname} ${Date.now() % 100000}`);
  });
  await banner(page).getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/cas\/login/, { timeout: 15_000 });
  const left = events.findIndex((e) => e.startsWith('left:'));
  expect(
    events.filter((e) => e.startsWith('oss:failed') || e === 'oss:abandoned'),
    `events: ${events.join(', ')}`,
  ).toEqual([]);
  expect(events.indexOf('oss:finished'), `events: ${events.join(', ')}`).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('oss:finished'), `events: ${events.join(', ')}`).toBeLessThan(left);
});

test('logout: an OSS logout GET that never answers does not block logout (at most 3 s)', async ({ page }) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  let requested = 0;
  await page.route(
    (u) => isOssLogout(u.toString()),
    () => {
      requested++; // never answered
    },
  );
  const started = Date.now();
  await banner(page).getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/cas\/login/, { timeout: 10_000 });
  const took = Date.now() - started;
  expect(requested).toBe(1);
  expect(took).toBeGreaterThanOrEqual(2_900);
  expect(took).toBeLessThan(8_000);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the sidebar is laid out again 100 ms after a resize: floating when the window is tall enough', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toHaveAttribute('data-floating', 'true');
  expect(await menu.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');

  // record the last resize event and the moment the rail changes
  await page.evaluate(() => {
    const w = window as unknown as { __resizeAt: number; __layoutAt: number };
    w.__resizeAt = 0;
    w.__layoutAt = 0;
    window.addEventListener('resize', () => (w.__resizeAt = performance.now()));
    const nav = document.querySelector('nav.main-menu');
    if (nav)
      new MutationObserver(() => (w.__layoutAt = performance.now())).observe(nav, {
        attributes: true,
        attributeFilter: ['data-floating'],
      });
  });
  await page.setViewportSize({ width: 1280, height: 220 });
  await expect(menu).toHaveAttribute('data-floating', 'false');
  expect(await menu.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  const delay = await page.evaluate(() => {
    const w = window as unknown as { __resizeAt: number; __layoutAt: number };
    return w.__layoutAt - w.__resizeAt;
  });
  expect(delay).toBeGreaterThanOrEqual(95);
  // every entry is reachable by scrolling the page
  await menu.getByRole('button', { name: 'Help and contact' }).scrollIntoViewIfNeeded();
  await expect(menu.getByRole('button', { name: 'Help and contact' })).toBeInViewport();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu).toHaveAttribute('data-floating', 'true');
});

test('the Services menu lists every external application of the context, not the dashboard shortcuts', async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  const ctx = (await (await page.request.get('/api/context/getUserContext')).json()) as {
    externalApps: { service: string; name: string }[];
  };
  const services = ctx.externalApps.map((a) => a.service);
  // mari has a periodicals role: the dashboard never shows PERIODICS (spec 1 §2), the menu does
  expect(services).toContain('PERIODICS');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Business e-services' }).click();
  const links = page.locator('#side-panel').getByRole('link');
  await expect(links).toHaveText(services.map((s) => MESSAGES.en[`app.name.${s}`]));
  for (const [i, s] of services.entries()) await expect(links.nth(i)).toHaveAttribute('href', `/ui/external/${s}`);
  await expect(page.getByRole('link', { name: 'Periodicals' })).toHaveCount(1);

  // the mobile site menu lists the same applications
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const site = page.getByTestId('mobile-site-menu');
  for (const s of services) await expect(site.getByRole('link', { name: MESSAGES.en[`app.name.${s}`] })).toBeVisible();
});

test("a slow API at the first load: the loading view shows after the router's pending time, then the page", async ({
  page,
}) => {
  await signIn(page, 'mari');
  await pick(page, 'Maasikas OÜ');
  // the session's first answer takes 2.5 s (the real server answers; only the answer is held back)
  await page.route('**/api/context/getUserContext', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.fulfill({ response });
  });
  await page.reload();
  const loading = page.getByRole('progressbar', { name: MESSAGES.en['common.loading'] });
  await expect(loading).toBeVisible({ timeout: 2_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(loading).toHaveCount(0);
});
