/**
 * Languages (the first-screen weight target, docs/performance.md), with the texts split by part
 * (src/i18n/message-parts.ts): a lazy route fetches its own texts before it renders, and switching languages there
 * fetches the next language together with that route's texts, without a page load, so no key shows at any point.
 */
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures';
import {
  banner,
  expectNoKeysShown,
  keysShown,
  type Lang,
  markPage,
  MESSAGES,
  pageLanguage,
  stillSamePage,
  t,
  visibleLines,
} from '../skeleton/helpers';

/** the message chunks the page fetched, in order: '<lang>' for a language, '<part>-<lang>' for a part of it */
function recordMessageChunks(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const m = /\/ui\/assets\/_?epit-messages-(?:([a-zA-Z]{3,})-)?(\w\w)-[\w-]+\.js$/.exec(new URL(r.url()).pathname);
    if (m) fetched.push(m[1] ? `${m[1]}-${m[2]}` : m[2]);
  });
  return fetched;
}

test('the customer search brings its texts; a language switch there brings them in the next language too', async ({
  page,
}) => {
  const fetched = recordMessageChunks(page);
  await signInAs(page, 'kristi', { target: '/ui/customer-search' });
  const start = await pageLanguage(page);
  await expect(page.getByRole('heading', { level: 1, name: t(start, 'customer-search.title') })).toBeVisible();
  expect(fetched, 'the language, then the route’s texts').toEqual([start, `customerSearch-${start}`]);
  const startKeys = keysShown(await visibleLines(page), start);
  expect(startKeys).toEqual(expect.arrayContaining(['customer-search.title', 'header.logout']));
  await markPage(page);

  const next: Lang = start === 'lv' ? 'lt' : 'lv';
  const nav = banner(page).getByRole('navigation', { name: t(start, 'header.language'), exact: true });
  await nav.getByRole('button', { name: t(start, `lang.name.${next}`), exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', next);
  await expect(page.getByRole('heading', { level: 1, name: t(next, 'customer-search.title') })).toBeVisible();
  const lines = await visibleLines(page);
  expectNoKeysShown(lines);
  for (const key of startKeys) expect(lines, `"${key}" in ${next}`).toContain(MESSAGES[next][key]);
  expect([...fetched].sort()).toEqual([start, next, `customerSearch-${start}`, `customerSearch-${next}`].sort());
  expect(await stillSamePage(page), 'the switch should not load the page again').toBe(true);

  // the customer-add modal's texts come with its code, in the language on screen
  await page.getByRole('button', { name: t(next, 'customer-search.add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t(next, 'customer-search.add') });
  await expect(dialog).toBeVisible();
  expectNoKeysShown(await visibleLines(page));
  expect(fetched).toEqual(expect.arrayContaining([`customerAdd-${next}`]));
});

test('the dashboard, the first signed-in screen, fetches no texts beyond its language', async ({ page }) => {
  const fetched = recordMessageChunks(page);
  await signInAs(page, 'anna', { target: '/ui/dashboard' });
  const start = await pageLanguage(page);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([start]);
});
