/**
 * Every page in the five languages: on each page the language is switched in place through all five, and each time
 * no catalogue key or 'X:' marker shows instead of a text, the page is not wider than the window and no button,
 * link, tab or table header cuts its text off, at the 1160 px wide layout and at a 412 px phone. Read-only: mari
 * (main administrator of Maasikas OÜ) on her pages, kristi (staff) on the staff pages, and the signed-out start.
 */
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures';
import { MAASIKAS, openAs } from '../represented-settings/helpers';
import {
  banner,
  expectNoKeysShown,
  LANGS,
  type Lang,
  MESSAGES,
  pageLanguage,
  t,
  visibleLines,
} from '../skeleton/helpers';

const WIDE = { width: 1160, height: 900 };
const PHONE = { width: 412, height: 823 };

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function switchTo(page: Page, to: Lang) {
  const from = await pageLanguage(page);
  if (from === to) return;
  const nav = banner(page).getByRole('navigation', { name: t(from, 'header.language'), exact: true });
  await nav.getByRole('button', { name: t(from, `lang.name.${to}`), exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
  await settle(page);
}

/** what overflows: the page itself, and controls and headers whose text is cut off */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) out.push(`the page is ${doc.scrollWidth} px wide in ${window.innerWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('button, a, [role=tab], th, label, legend, h1, h2')) {
      const box = el.getBoundingClientRect();
      // absent, or visually hidden for screen readers (a 1 px clip)
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(el);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1)
        out.push(`"${el.innerText.trim().slice(0, 60)}" is cut off (${el.scrollWidth} px in ${el.clientWidth})`);
    }
    return out;
  });
}

/** opens a page and waits for its heading, which is the page's own (no "Page not found", no "No rights") */
async function open(page: Page, path: string) {
  await page.setViewportSize(WIDE);
  await page.goto(path);
  const heading = page.locator('h1').first();
  await expect(heading).toBeVisible();
  const refusals = LANGS.flatMap((l) => [MESSAGES[l]['error.notFound.title'], MESSAGES[l]['error.noRights']]);
  expect(refusals, `${path} should open its own page`).not.toContain((await heading.innerText()).trim());
}

async function crawl(page: Page, where: string) {
  for (const lang of LANGS) {
    await page.setViewportSize(WIDE);
    await settle(page);
    await switchTo(page, lang);
    expectNoKeysShown(await visibleLines(page));
    expect(await overflowing(page), `${where} in ${lang} at ${WIDE.width} px`).toEqual([]);
    await page.setViewportSize(PHONE);
    await settle(page);
    expectNoKeysShown(await visibleLines(page));
    expect(await overflowing(page), `${where} in ${lang} at ${PHONE.width} px`).toEqual([]);
  }
}

test('mari: the dashboard, her settings and Maasikas OÜ’s settings and rights in five languages', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(WIDE);
  await openAs(page, 'mari', 'Maasikas OÜ');
  for (const path of [
    '/ui/dashboard',
    '/ui/user-settings/edit',
    '/ui/user-settings/roles',
    '/ui/user-settings/password',
    '/ui/user-settings/preferences',
    `/ui/settings/represented/${MAASIKAS}`,
    `/ui/settings/rights/${MAASIKAS}`,
  ]) {
    await open(page, path);
    await crawl(page, path);
  }
});

test('kristi: the staff start page and the customer search in five languages', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await signInAs(page, 'kristi', { target: '/ui/dashboard' });
  for (const path of ['/ui/dashboard', '/ui/customer-search']) {
    await open(page, path);
    await crawl(page, path);
  }
});

test('signed out: the start page in five languages', async ({ page }) => {
  await open(page, '/ui/');
  await crawl(page, '/ui/');
});
