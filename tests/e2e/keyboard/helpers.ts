/**
 * Keyboard checks of a modal (the "every flow can be done with the keyboard alone"): the focus is inside
 * when it opens, Tab and Shift+Tab go round inside it, Escape closes it (or, where the spec protects it, does not),
 * and the focus goes back to the control that opened it. Each check reads the focused element in the page: which
 * one it is (an id the page gives every element it sees focused, so two visits of one control are told apart) and
 * whether it lies inside the dialog.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

interface Focused {
  /** 0: nothing (the page itself) has the focus */
  id: number;
  inside: boolean;
  name: string;
  /** its place in the document */
  order: number;
}

/** The focused element, seen from `scope`. */
export function focusIn(scope: Locator): Promise<Focused> {
  return scope.evaluate((root) => {
    const w = window as unknown as { __focusIds?: WeakMap<Element, number>; __focusNext?: number };
    const ids = (w.__focusIds ??= new WeakMap());
    const el = document.activeElement;
    if (!el || el === document.body) return { id: 0, inside: false, name: 'the page (body)', order: -1 };
    if (!ids.has(el)) ids.set(el, (w.__focusNext = (w.__focusNext ?? 0) + 1));
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.textContent ??
      '';
    return {
      id: ids.get(el)!,
      inside: root.contains(el),
      name: `${el.tagName.toLowerCase()} "${label.trim().slice(0, 60)}"`,
      order: [...document.querySelectorAll('*')].indexOf(el),
    };
  });
}

/** The focus is inside `dialog` (it took it on opening, or kept it). */
export async function expectFocusInside(dialog: Locator) {
  await expect
    .poll(async () => (await focusIn(dialog)).inside, { message: 'the focus should be inside the dialog' })
    .toBe(true);
}

/**
 * Tab goes round inside `dialog`: every press keeps the focus inside until it comes back to a control it reached
 * before; then Shift+Tab walks the same round backwards. Returns the names of the round's controls in Tab order,
 * from the one first in the document (at least `min` of them).
 */
export async function expectTabCycle(page: Page, dialog: Locator, { min = 2 } = {}): Promise<string[]> {
  await expectFocusInside(dialog);
  const seen: Focused[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const f = await focusIn(dialog);
    expect(f.inside, `Tab ${i + 1} took the focus out of the dialog, to ${f.name}`).toBe(true);
    const again = seen.findIndex((s) => s.id === f.id);
    if (again >= 0) {
      const round = seen.slice(again);
      expect(round.length, `Tab should go round at least ${min} controls`).toBeGreaterThanOrEqual(min);
      const back: Focused[] = [];
      for (let j = 0; j < round.length; j++) {
        await page.keyboard.press('Shift+Tab');
        const b = await focusIn(dialog);
        expect(b.inside, `Shift+Tab ${j + 1} took the focus out of the dialog, to ${b.name}`).toBe(true);
        back.push(b);
      }
      // from the round's first control Shift+Tab goes to its last, and so on back to the first
      const names = (fs: Focused[]) => fs.map((x) => `${x.id} ${x.name}`);
      expect(names(back), 'Shift+Tab should walk the round backwards').toEqual(names([...round].reverse()));
      const start = round.reduce((m, r, k) => (r.order < round[m].order ? k : m), 0);
      return [...round.slice(start), ...round.slice(0, start)].map((r) => r.name);
    }
    seen.push(f);
  }
  throw new Error(`Tab did not come round in 60 presses: ${seen.map((s) => s.name).join(', ')}`);
}

/** Two animation frames: whatever a key started has been rendered (no fixed sleep). */
export const settle = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Escape on `dialog`. `closes`: it goes, and the focus is on `focusTo` (its opener, or the main content when nothing
 * that still exists opened it). Else (a protected modal, spec 1 §4): it stays, with the focus inside.
 */
export async function expectEscape(page: Page, dialog: Locator, closes: { focusTo: Locator } | false) {
  await page.keyboard.press('Escape');
  if (!closes) {
    await settle(page);
    await expect(dialog, 'Escape should not close this modal').toBeVisible();
    await expectFocusInside(dialog);
    return;
  }
  await expect(dialog, 'Escape should close the modal').toBeHidden();
  await expect(closes.focusTo, 'the focus should go back to the opener').toBeFocused();
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `Tab should reach it in ${max} presses`).toBeFocused({ timeout: 1 });
}
