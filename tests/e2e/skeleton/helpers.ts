/**
 * Helpers for the walking-skeleton end-to-end tests: the locale catalogues, so a test can find a
 * control by its accessible name in whatever language the page shows, and the signed-in header checks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

export const LANGS = ['et', 'en', 'ru', 'lv', 'lt'] as const;
export type Lang = (typeof LANGS)[number];
export const LANGUAGE3: Record<Lang, string> = { et: 'EST', en: 'ENG', ru: 'RUS', lv: 'LAV', lt: 'LIT' };

export const MESSAGES = Object.fromEntries(
  LANGS.map((l) => [
    l,
    JSON.parse(readFileSync(join(process.cwd(), 'locales', `${l}.json`), 'utf8')) as Record<string, string>,
  ]),
) as Record<Lang, Record<string, string>>;

/** the text of a message key in a language (no ICU arguments) */
export const t = (lang: Lang, key: string) => {
  const text = MESSAGES[lang][key];
  if (text === undefined) throw new Error(`locales/${lang}.json has no ${key}`);
  return text;
};

/**
 * The language the portal shows: the current (not clickable) entry of the header's language switcher, once
 * the app has rendered; <html lang> follows it (index.html's static lang is not the app's language yet).
 */
export async function pageLanguage(page: Page): Promise<Lang> {
  const current = banner(page).getByRole('navigation').locator('[aria-current][lang]');
  await expect(current, 'the header should show the current language').toHaveCount(1);
  const lang = ((await current.getAttribute('lang')) ?? '') as Lang;
  expect(LANGS, `the current language "${lang}" should be one of the five`).toContain(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  return lang;
}

/**
 * The desktop header (role banner). `includeHidden`, because a later issue may open the represented-choice
 * dialog right after login, which may hide the rest of the page from assistive technology; the header is
 * still visible on screen, which is what these checks are about.
 */
export const banner = (page: Page) => page.getByRole('banner', { includeHidden: true });

/**
 * The full name in the header (visible ones only: later issues also put the person's own entry in a
 * represented-party control in the header, so the name may be there more than once).
 */
const headerName = (page: Page, fullName: string) =>
  banner(page).getByText(fullName, { exact: true }).filter({ visible: true }).first();

/** waits until the header shows the signed-in person's full name */
export async function expectSignedInAs(page: Page, fullName: string, { timeout }: { timeout?: number } = {}) {
  await expect(page, 'should be back in the portal').toHaveURL(/\/ui\//, { timeout });
  await expect(headerName(page, fullName), `the header should show "${fullName}"`).toBeVisible({ timeout });
}

/** the visible text lines of the header, the view and the footer (what a person reads), trimmed, no blanks */
export async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The keys whose text (no ICU arguments) is one of the given lines, in the given language. */
export function keysShown(lines: string[], lang: Lang): string[] {
  const set = new Set(lines);
  return Object.entries(MESSAGES[lang])
    .filter(([, text]) => !text.includes('{') && set.has(text))
    .map(([key]) => key);
}

const ALL_KEYS = new Set(LANGS.flatMap((l) => Object.keys(MESSAGES[l])));

/** nothing on screen is a bare catalogue key (of any language) or a missing-translation marker */
export function expectNoKeysShown(lines: string[]) {
  expect(
    lines.filter((line) => ALL_KEYS.has(line) || line.startsWith('X:')),
    'no message key should be shown instead of its text',
  ).toEqual([]);
}

/** marks the page's window, so a later check tells a page load (mark gone) from a change in place */
export const markPage = (page: Page) => page.evaluate(() => void Reflect.set(window, '__epitMark', 12));
export const stillSamePage = (page: Page) => page.evaluate(() => Reflect.get(window, '__epitMark') === 12);
