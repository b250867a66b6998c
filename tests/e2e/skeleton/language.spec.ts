/**
 * Language (spec 1 §1): switching the language changes every text on the page, survives a reload through the
 * EPIT-LANGUAGE cookie, and is posted to context/changeLanguage (only when signed in).
 */
import type { Page, Request } from '@playwright/test';
import { UserContext } from '../../../domain/contract';
import { expect, signInAs, test } from '../fixtures';
import {
  banner,
  expectSignedInAs,
  keysShown,
  LANGS,
  LANGUAGE3,
  type Lang,
  MESSAGES,
  pageLanguage,
  t,
  visibleLines,
} from './helpers';

const isChangeLanguage = (r: Request) =>
  r.method() === 'POST' && new URL(r.url()).pathname === '/api/context/changeLanguage';

/** clicks the two-letter code of `to` in the desktop header's language switcher */
async function switchTo(page: Page, to: Lang) {
  const from = await pageLanguage(page);
  if (from === to) return;
  const nav = banner(page).getByRole('navigation', { name: t(from, 'header.language'), exact: true });
  // the current language is plain text, not a button (spec 1 §2)
  await expect(nav.getByRole('button', { name: t(from, `lang.name.${from}`), exact: true })).toHaveCount(0);
  await nav.getByRole('button', { name: t(from, `lang.name.${to}`), exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

async function languageCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'EPIT-LANGUAGE');
}

/**
 * Every catalogue text shown in `before` (language a) is replaced by its text in language b, and no text of
 * language a whose translation differs is left anywhere on the page.
 */
function expectAllTextsChanged(before: string[], after: string[], a: Lang, b: Lang) {
  const shown = keysShown(before, a).filter((k) => MESSAGES[a][k] !== MESSAGES[b][k]);
  expect(shown.length, `the ${a} page should show catalogue texts`).toBeGreaterThan(3);
  const afterSet = new Set(after);
  for (const key of shown) {
    expect(afterSet.has(MESSAGES[b][key]), `"${key}" should read "${MESSAGES[b][key]}" in ${b}`).toBe(true);
  }
  const left = keysShown(after, a).filter((k) => MESSAGES[a][k] !== MESSAGES[b][k]);
  expect(
    left.map((k) => `${k}: ${MESSAGES[a][k]}`),
    `no ${a} text should be left on the ${b} page`,
  ).toEqual([]);
}

// anna (a private customer only) and peeter (an internal user) are never offered the represented-choice
// dialog (a later issue), so the header stays usable right after login
test('signed in: switching EN → ET changes every text, is posted as {value:"EST"}, and survives a reload through the cookie', async ({
  page,
}) => {
  await signInAs(page, 'anna', { target: '/ui/dashboard' });
  await expectSignedInAs(page, 'Anna Ivanova');
  await switchTo(page, 'en');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  const enLines = await visibleLines(page);
  expect(keysShown(enLines, 'en')).toEqual(expect.arrayContaining(['header.logout', 'header.dashboard']));

  const posted = page.waitForRequest(isChangeLanguage);
  await switchTo(page, 'et');
  const request = await posted;
  expect(request.postDataJSON()).toEqual({ value: 'EST' });
  expect(request.headers()['x-xsrf-token'], 'the POST carries the XSRF header').toBeTruthy();
  const response = await request.response();
  expect(response?.status()).toBe(200);
  expect(await response?.json()).toEqual({ value: 'EST' });

  await expect(banner(page).getByRole('button', { name: t('et', 'header.logout'), exact: true })).toBeVisible();
  const etLines = await visibleLines(page);
  expectAllTextsChanged(enLines, etLines, 'en', 'et');
  // accessible names change too (aria-labels are texts a person hears)
  await expect(banner(page).getByRole('link', { name: t('et', 'header.home'), exact: true })).toBeVisible();
  await expect(banner(page).getByRole('navigation', { name: t('et', 'header.language'), exact: true })).toBeVisible();
  await expect(page).toHaveTitle(t('et', 'app.title'));

  // the choice is kept in the EPIT-LANGUAGE cookie: the portal asks for 100 years, which Chromium caps at
  // 400 days (the signed-out test checks the Max-Age the portal writes) ...
  const cookie = await languageCookie(page);
  expect(cookie?.value).toBe('est');
  expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 390 * 24 * 3600 * 1000);
  // ... and in the server session
  expect(UserContext.parse(await (await page.request.get('/api/context/getUserContext')).json()).language).toBe('EST');

  await page.reload();
  await expectSignedInAs(page, 'Anna Ivanova');
  await expect(page.locator('html')).toHaveAttribute('lang', 'et');
  await expect(banner(page).getByRole('button', { name: t('et', 'header.logout'), exact: true })).toBeVisible();
  const reloaded = await visibleLines(page);
  expect(new Set(keysShown(reloaded, 'et'))).toEqual(new Set(keysShown(etLines, 'et')));
  expect(keysShown(reloaded, 'en').filter((k) => MESSAGES.en[k] !== MESSAGES.et[k])).toEqual([]);
});

test('signed in: each of the five languages is posted with its three-letter code', async ({ page }) => {
  await signInAs(page, 'peeter', { target: '/ui/dashboard' });
  await expectSignedInAs(page, 'Peeter Lepp');
  const start = await pageLanguage(page);
  const order = [...LANGS.filter((l) => l !== start), start];
  for (const lang of order) {
    const posted = page.waitForRequest(isChangeLanguage);
    await switchTo(page, lang);
    expect((await posted).postDataJSON()).toEqual({ value: LANGUAGE3[lang] });
    await expect(banner(page).getByRole('button', { name: t(lang, 'header.logout'), exact: true })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: t(lang, 'header.dashboard'), exact: true })).toBeVisible();
    expect((await languageCookie(page))?.value).toBe(LANGUAGE3[lang].toLowerCase());
  }
});

test('signed out: switching changes the texts and the cookie but posts nothing to changeLanguage', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => isChangeLanguage(r) && posts.push(r.postData() ?? ''));
  // record what the portal writes to document.cookie (the browser caps the lifetime it keeps)
  await page.addInitScript(() => {
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const writes: string[] = ((window as unknown as { __cookieWrites: string[] }).__cookieWrites = []);
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => native.get!.call(document) as string,
      set: (v: string) => {
        writes.push(v);
        native.set!.call(document, v);
      },
    });
  });
  await page.goto('/ui/');
  await switchTo(page, 'en');
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'index.title'), exact: true })).toBeVisible();
  const enLines = await visibleLines(page);

  await switchTo(page, 'ru');
  await expect(page.getByRole('heading', { level: 1, name: t('ru', 'index.title'), exact: true })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: t('ru', 'header.login'), exact: true })).toBeVisible();
  expectAllTextsChanged(enLines, await visibleLines(page), 'en', 'ru');
  expect((await languageCookie(page))?.value).toBe('rus');
  const writes = await page.evaluate(() => (window as unknown as { __cookieWrites: string[] }).__cookieWrites);
  const write = writes.filter((w) => w.startsWith('EPIT-LANGUAGE=')).at(-1) ?? '';
  expect(write, 'EPIT-LANGUAGE lasts 100 years, on the whole site').toMatch(
    /^EPIT-LANGUAGE=rus;.*Max-Age=3153600000;.*Path=\//,
  );

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1, name: t('ru', 'index.title'), exact: true })).toBeVisible();
  expect(posts, 'changeLanguage is posted only when signed in').toEqual([]);
});
