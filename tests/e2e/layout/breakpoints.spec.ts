/**
 * Layout at the spec 2 §9 breakpoints (736, 764, 800, 835, 870, 900, 930, 978 and 1139 px) and one pixel on either
 * side: no page is wider than the window, the header, the menu rail and the page do not overlap (nor do the
 * header's own parts), and the 940 px page, the 940 px wide modal and the 360 px side panel have their widths where
 * they fit. The minimum widths: signed out (normal layout) the layout is 1110 px wide; signed in (wide) the page
 * reaches its full 940 px at a 1160 px window and not a pixel before. A screenshot per width goes to
 * test-results/…/screens/ (taken, not compared). Read-only: mari on Maasikas OÜ's rights page and its "add" modal.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { MAASIKAS, openAs } from '../represented-settings/helpers';
import { FGID } from '../user-settings/helpers';

const BREAKPOINTS = [736, 764, 800, 835, 870, 900, 930, 978, 1139];
const PHONE_MAX = 736;
/** Each breakpoint and the pixel above it (the pixel below is the next breakpoint's side or needs nothing new). */
const AROUND = BREAKPOINTS.flatMap((w) => [w - 1, w, w + 1]);

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
}

async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  // let layout and the media queries settle: two animation frames, no fixed sleep
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The boxes of the visible elements matching each selector (the first match; null when absent or not rendered). */
function boxes(page: Page, selectors: string[]): Promise<Record<string, Box | null>> {
  return page.evaluate((sel) => {
    const out: Record<string, Box | null> = {};
    for (const s of sel) {
      const el = document.querySelector(s);
      const r = el?.getBoundingClientRect();
      out[s] =
        r && r.width > 0 && r.height > 0
          ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }
          : null;
    }
    return out;
  }, selectors);
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

async function expectNotWiderThanWindow(page: Page, what: string) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `${what}: the page should not be wider than the window`).toBeLessThanOrEqual(inner);
}

async function screenshot(page: Page, name: string) {
  const dir = join(test.info().project.outputDir, 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `layout-${name}.png`), animations: 'disabled' });
}

/**
 * At each width: the page no wider than the window; on the desktop the header, the rail and the page apart, the
 * header's own parts apart and inside the window, and a 940 px page (`page940`) at its full width exactly from the
 * wide layout's minimum width up; on a phone the mobile header above the page. `extra` adds checks of its own at
 * desktop widths.
 */
async function checkWidths(
  page: Page,
  name: string,
  pageSelector: string,
  widths: number[],
  { page940 = false, extra }: { page940?: boolean; extra?: (width: number) => Promise<void> } = {},
) {
  for (const width of widths) {
    await resize(page, width);
    await expectNotWiderThanWindow(page, `${width} px`);
    const parts = [
      '.site-header',
      '.mobile-header',
      '.left-panel',
      '.viewport',
      pageSelector,
      '.logo',
      '.combobox',
      '.represented-summary',
      '.site-header .lang-switch',
      '.site-header .header-link',
      '.user-name',
      '.site-header__tools .button',
    ];
    const at = await boxes(page, parts);
    const viewport = at['.viewport'];
    const pageBox = at[pageSelector];
    expect(viewport && pageBox, `${width} px: the page shows`).toBeTruthy();
    if (!viewport || !pageBox) continue;
    expect(pageBox.right, `${width} px: the page ends inside the window`).toBeLessThanOrEqual(width);
    if (width <= PHONE_MAX) {
      // the phone layout: the mobile header above the page, no desktop header, no rail
      expect(at['.site-header'], `${width} px: no desktop header`).toBeNull();
      expect(at['.left-panel'], `${width} px: no menu rail`).toBeNull();
      expect(at['.mobile-header']?.bottom ?? Infinity).toBeLessThanOrEqual(viewport.top + 0.5);
    } else {
      const header = at['.site-header'];
      const rail = at['.left-panel'];
      expect(header && rail, `${width} px: the desktop header and the rail show`).toBeTruthy();
      if (!header || !rail) continue;
      expect(at['.mobile-header'], `${width} px: no mobile header`).toBeNull();
      expect(
        overlap(header, rail) || overlap(header, viewport) || overlap(rail, viewport),
        `${width} px: header, rail and page overlap`,
      ).toBe(false);
      // the header's parts side by side, none over another, none past the window
      const headerParts = parts.slice(5).filter((s) => at[s]);
      for (const [i, s] of headerParts.entries()) {
        expect(at[s]!.right, `${width} px: ${s} ends inside the window`).toBeLessThanOrEqual(width);
        for (const t of headerParts.slice(i + 1))
          expect(overlap(at[s]!, at[t]!), `${width} px: ${s} and ${t} overlap in the header`).toBe(false);
      }
      // the wide layout's minimum width: the page is at its full 940 px from a 1160 px window up, narrower below
      if (page940 && width >= 1160) expect(pageBox.width, `${width} px: the page width`).toBe(940);
      else if (page940) expect(pageBox.width, `${width} px: the page is narrower than 940 px`).toBeLessThan(940);
      await extra?.(width);
    }
    if (width === 320 || BREAKPOINTS.includes(width) || width === 1160) await screenshot(page, `${name}-${width}`);
  }
}

test('at every breakpoint: no sideways overflow, no overlap, the spec widths where they apply', async ({ page }) => {
  // signed out, the normal layout: 1110 px wide and centred when the window allows, the window's width otherwise
  await page.goto('/ui/');
  await expect(page.locator('.site-header')).toBeVisible();
  await resize(page, 1280);
  let b = await boxes(page, ['.site-header__inner', '.viewport']);
  expect(b['.site-header__inner']?.width, 'signed out, the header is the normal layout width').toBe(1110);
  expect(b['.viewport']?.width, 'signed out, the page area is the normal layout width').toBe(1110);
  await resize(page, 1000);
  b = await boxes(page, ['.site-header__inner', '.viewport']);
  expect(b['.viewport']?.width).toBe(1000);
  await expectNotWiderThanWindow(page, 'signed out at 1000 px');

  await openAs(page, 'mari', 'Maasikas OÜ', `/ui/settings/rights/${MAASIKAS}`);
  await expect(page.getByTestId('rights-add')).toBeEnabled();
  await expect(page.getByTestId('rights-users')).toBeVisible();

  await checkWidths(page, 'rights', '.represented-settings', [320, 375, ...AROUND, 1159, 1160, 1280], {
    page940: true,
  });

  // the user's own settings: a 940 px page too
  await page.goto(`/ui/user-settings/edit/${FGID.mari}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mari Maasikas' })).toBeVisible();
  await checkWidths(page, 'user-settings', '.user-settings', [375, ...BREAKPOINTS, 1159, 1160], { page940: true });

  // the dashboard: its side column goes under the main one at 978 px and below
  await page.goto('/ui/dashboard');
  await expect(page.locator('.dashboard__side')).toBeVisible();
  await checkWidths(page, 'dashboard', '.dashboard', [375, ...BREAKPOINTS, 979, 1280], {
    extra: async (width) => {
      const d = await boxes(page, ['.dashboard__main', '.dashboard__side']);
      const [main, side] = [d['.dashboard__main'], d['.dashboard__side']];
      expect(main && side, `${width} px: both dashboard columns show`).toBeTruthy();
      if (!main || !side) return;
      if (width <= 978) expect(side.top, `${width} px: one column`).toBeGreaterThanOrEqual(main.bottom);
      else expect(side.left, `${width} px: two columns`).toBeGreaterThanOrEqual(main.right);
    },
  });
  // an external application's page (layout-external): the 1020 px frame fits beside the rail from 1280 px up and
  // scrolls sideways inside its own box below, never the page
  await page.goto('/ui/oss-wrapper');
  await expect(page.locator('body')).toHaveClass(/\blayout-external\b/);
  await expect(page.locator('#oss-iframe')).toBeVisible();
  await checkWidths(page, 'external', '.external-page', [375, 737, 978, 1139, 1280], {
    extra: async (width) => {
      const fits = await page.locator('.external-frame__scroller').evaluate((el) => el.scrollWidth <= el.clientWidth);
      if (width >= 1280) expect(fits, `${width} px: the frame fits without scrolling sideways`).toBe(true);
    },
  });

  await page.goto(`/ui/settings/rights/${MAASIKAS}`);
  await expect(page.getByTestId('rights-add')).toBeEnabled();

  // the side panel is 360 px wide beside the rail, also at the narrowest desktop width
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const width of [1280, PHONE_MAX + 1]) {
    await resize(page, width);
    await menu.getByRole('button', { name: 'Settings' }).click();
    const panel = page.locator('#side-panel');
    await expect(panel).toBeVisible();
    // its layout box (offset*), not its rendered one, which slides in for 200 ms
    const p = await panel.evaluate((el: HTMLElement) => ({ left: el.offsetLeft, width: el.offsetWidth }));
    expect(p.width, `${width} px: the side panel width`).toBe(360);
    expect(p.left, `${width} px: the side panel starts at the rail's edge`).toBe(160);
    await expectNotWiderThanWindow(page, `${width} px with the side panel`);
    await screenshot(page, `side-panel-${width}`);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }

  // the wide modal: 940 px where it fits, inside the window everywhere; its two columns stack at 764 px and below
  await resize(page, 1280);
  await page.getByTestId('rights-add').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Personal code')).toBeVisible();
  for (const width of [1280, 1140, 1139, 979, 978, 930, 800, 765, 764, 736, 375]) {
    await resize(page, width);
    const m = await boxes(page, ['.rs-modal', '.rs-identity', '.rs-apps']);
    const modal = m['.rs-modal'];
    expect(modal, `${width} px: the modal shows`).toBeTruthy();
    if (!modal) continue;
    expect(modal.left, `${width} px: the modal starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(modal.right, `${width} px: the modal ends inside the window`).toBeLessThanOrEqual(width);
    // 940 px, or the window less a 0.5 rem margin on either side where that is narrower
    expect(modal.width, `${width} px: the wide modal width`).toBe(Math.min(940, width - 16));
    // spec 1 §4: the modal's left margin is the rail's 160 px where the wide modal fits beside it
    if (width >= 1140) expect(modal.left, `${width} px: beside the rail`).toBeGreaterThanOrEqual(160);
    const [identity, apps] = [m['.rs-identity'], m['.rs-apps']];
    if (identity && apps) {
      if (width <= 764) expect(apps.top, `${width} px: one column`).toBeGreaterThanOrEqual(identity.bottom);
      else expect(apps.left, `${width} px: two columns`).toBeGreaterThanOrEqual(identity.right);
    }
    await expectNotWiderThanWindow(page, `${width} px with the modal`);
    if (BREAKPOINTS.includes(width) || width === 1280) await screenshot(page, `modal-${width}`);
  }
});
