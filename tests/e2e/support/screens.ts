/**
 * Screens for the flow book (`npm run viz:screens`, tools/viz/screens.ts): `await screen(page, 'customerAdd',
 * 'signing-methods')` saves what the person sees at a journey's step, as a JPEG of the window, named after the
 * flow and the step. It does so only while SCREENS_DIR is set; in every other run it returns at once, so the tests
 * cost the same. tools/viz/screens.ts lists the steps the book promises a screen for, and viz:check fails when one
 * is missing.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

const dir = process.env.SCREENS_DIR;

/** the file a step's screen is saved as (tools/viz/screens.ts reads the flow and the step back from it) */
export const screenFile = (flow: string, step: string) => `${flow}--${step}.jpg`;

/** `show`: what the picture is about, scrolled into the window first (a dialog taller than the window scrolls) */
export async function screen(page: Page, flow: string, step: string, { show }: { show?: Locator } = {}): Promise<void> {
  if (!dir) return;
  if (!/^[a-zA-Z]+$/.test(flow) || !/^[a-z0-9-]+$/.test(step)) throw new Error(`bad screen name ${flow} ${step}`);
  mkdirSync(dir, { recursive: true });
  // what settles before the picture: the page's requests, then two frames for the layout
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await show?.scrollIntoViewIfNeeded();
  // the window only, at 70 % JPEG quality: a few tens of kB, readable as a thumbnail and opened large
  await page.screenshot({ path: join(dir, screenFile(flow, step)), type: 'jpeg', quality: 70, caret: 'hide' });
}
