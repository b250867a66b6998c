/**
 * Languages (the first-screen weight target): only the current language's messages load, each language is its own chunk
 * fetched when first chosen, without a page load; switching among all five still shows every text (no key, no 'X:' text
 * anywhere).
 */
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures';
import {
  banner,
  expectNoKeysShown,
  expectSignedInAs,
  keysShown,
  LANGS,
  type Lang,
  markPage,
  MESSAGES,
  pageLanguage,
  stillSamePage,
  t,
  visibleLines,
} from '../skeleton/helpers';

/** the language chunks (tools/i18n/vite-plugin.ts names them epit-messages-<lang>) the page fetched, in order */
function recordLanguageChunks(page: Page): Lang[] {
  const fetched: Lang[] = [];
  page.on('request', (r) => {
    const m = /\/ui\/assets\/_?epit-messages-(\w\w)-[\w-]+\.js$/.exec(new URL(r.url()).pathname);
    if (m) fetched.push(m[1] as Lang);
  });
  return fetched;
}

/** a mark in the page's JS realm: it is gone after any page load */

async function switchTo(page: Page, to: Lang) {
  const from = await pageLanguage(page);
  const nav = banner(page).getByRole('navigation', { name: t(from, 'header.language'), exact: true });
  await nav.getByRole('button', { name: t(from, `lang.name.${to}`), exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

test('signed in: each of the five languages loads once, as its own chunk, without a page load, and shows every text', async ({
  page,
}) => {
  const fetched = recordLanguageChunks(page);
  // anna is never offered the represented-choice dialog, so the header stays usable right after login
  await signInAs(page, 'anna', { target: '/ui/dashboard' });
  await expectSignedInAs(page, 'Anna Ivanova');
  const start = await pageLanguage(page);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  // the first screen fetched its own language only
  expect(fetched, 'only the current language should be fetched').toEqual([start]);
  await markPage(page);

  const startLines = await visibleLines(page);
  const startKeys = keysShown(startLines, start);
  expect(startKeys, 'the dashboard shows catalogue texts').toEqual(
    expect.arrayContaining(['header.logout', 'header.dashboard']),
  );

  const order = [...LANGS.filter((l) => l !== start), start];
  for (const [i, lang] of order.entries()) {
    await switchTo(page, lang);
    await expect(banner(page).getByRole('button', { name: t(lang, 'header.logout'), exact: true })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: t(lang, 'header.dashboard'), exact: true })).toBeVisible();
    const lines = await visibleLines(page);
    expectNoKeysShown(lines);
    // every text the first language showed is there in this one
    for (const key of startKeys)
      expect(lines, `"${key}" should read "${MESSAGES[lang][key]}" in ${lang}`).toContain(MESSAGES[lang][key]);
    // a language not seen before was fetched now, once; the starting one came from memory
    expect(fetched, `after switching to ${lang}`).toEqual([
      start,
      ...order.slice(0, Math.min(i + 1, LANGS.length - 1)),
    ]);
    expect(await stillSamePage(page), `switching to ${lang} should not load the page again`).toBe(true);
  }
});

test('signed out: the landing page fetches only its language; another one arrives on switching', async ({ page }) => {
  const fetched = recordLanguageChunks(page);
  await page.goto('/ui/');
  const start = await pageLanguage(page);
  await expect(page.getByRole('heading', { level: 1, name: t(start, 'index.title'), exact: true })).toBeVisible();
  expect(fetched).toEqual([start]);
  await markPage(page);
  const next: Lang = start === 'lv' ? 'lt' : 'lv';
  await switchTo(page, next);
  await expect(page.getByRole('heading', { level: 1, name: t(next, 'index.title'), exact: true })).toBeVisible();
  expectNoKeysShown(await visibleLines(page));
  expect(fetched).toEqual([start, next]);
  expect(await stillSamePage(page)).toBe(true);
});
