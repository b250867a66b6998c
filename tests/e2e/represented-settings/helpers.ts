/** Helpers of the business customer settings and rights tests (spec 2). */
import type { Page } from '@playwright/test';
import { COOKIE, XSRF_HEADER } from '../../../domain/contract';
import { expect, signInAs, type DemoPerson } from '../fixtures';
import { choiceDialog, pick } from '../shell/helpers';

export const MAASIKAS = 'EPEE11000015';
export const POLDMARI = 'EPEE11000026';
export const VANA_KAUP = 'EPEE11000032';

/** Signs in on the dashboard, picks `party` in the choice modal (when it opens), then opens `path` in the app. */
export async function openAs(page: Page, who: DemoPerson, party: string | null, path?: string) {
  await signInAs(page, who, { target: '/ui/dashboard' });
  if (party) await pick(page, party);
  else await expect(choiceDialog(page)).toBeHidden();
  if (path) {
    // in-app navigation keeps the chosen party (a full load would too: it is in the session)
    await page.goto(path);
  }
}

/**
 * A fresh valid EE personal code (a man born on a random day of 2002, a random serial) that no demo person has.
 * About 300,000 codes, so two tests of a run (each adds its own person) do not draw the same one.
 */
export function freshEeCode(): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `02${two(1 + Math.floor(Math.random() * 12))}${two(1 + Math.floor(Math.random() * 28))}`;
  const base = `5${day}${String(100 + Math.floor(Math.random() * 899)).padStart(3, '0')}`;
  const d = [...base].map(Number);
  const w1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
  const w2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];
  let check = w1.reduce((s, w, i) => s + w * d[i], 0) % 11;
  if (check === 10) {
    check = w2.reduce((s, w, i) => s + w * d[i], 0) % 11;
    if (check === 10) check = 0;
  }
  return base + String(check);
}

/** The same code with a wrong check digit. */
export const badChecksum = (code: string) => code.slice(0, 10) + String((Number(code[10]) + 1) % 10);

/** POST to the API with the page's session and XSRF cookie, as the portal does. */
export async function apiPost(page: Page, path: string, data: unknown) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((c) => c.name === COOKIE.xsrf)?.value ?? '';
  return page.request.post(path, { data, headers: { [XSRF_HEADER]: xsrf } });
}

/** Turns the simulator's "make this application's role save fail" switch on or off. */
export async function setSaveFailure(page: Page, application: 'OSS' | 'PERIODICALS', fail: boolean) {
  const res = await apiPost(page, `/sim/api/rights/save-failure/${application}`, { fail });
  expect(res.status(), 'the console switch should answer').toBe(200);
}

/** A date as DD.MM.YYYY, `months` months from today (local). */
export function dotsDate(offsetMonths = 0, offsetDays = 0): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + offsetMonths, now.getDate() + offsetDays);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()}`;
}
/** The same as YYYY-MM-DD (a date input's value). */
export const isoDate = (offsetMonths = 0, offsetDays = 0) =>
  dotsDate(offsetMonths, offsetDays).split('.').reverse().join('-');
