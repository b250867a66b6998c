/**
 * Layout constants (spec 2 §9 "Visual"): the breakpoints the style sheets use are the spec's, and the widths are
 * custom properties declared once in styles.css and used where each applies. Custom properties cannot be used in
 * @media queries, so the breakpoints are read from the queries themselves. What a person sees at each breakpoint is
 * tests/e2e/layout/breakpoints.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const sheets = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.css'))
  .map((f) => ({ file: f, css: readFileSync(join(SRC, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') }));

/** Spec 2 §9: mobile at 736 px or below, and the other breakpoints. */
const SPEC_BREAKPOINTS = [736, 764, 800, 835, 870, 900, 930, 978, 1139];
/** Inside the phone layout (which this part leaves as it is): the choice table's rows reflow on the narrowest phones. */
const PHONE_ONLY = [480];

/** Every width a @media query names, as "at N px or below": (max-width: N) is N, (min-width: N) is N - 1. */
function mediaBreakpoints(css: string): number[] {
  const out: number[] = [];
  for (const [, query] of css.matchAll(/@media([^{]*)\{/g))
    for (const [, kind, px] of query.matchAll(/\((max|min)-width:\s*(\d+)px\)/g))
      out.push(kind === 'max' ? Number(px) : Number(px) - 1);
  return out;
}

/** The declarations of every rule whose selector list is exactly `selector` (in any @media block). */
function rulesOf(css: string, selector: string): string[] {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...css.matchAll(new RegExp(`(?:^|[}{;]\\s*)${escaped}\\s*\\{([^}]*)\\}`, 'gm'))].map((m) => m[1]);
}

const all = sheets.map((s) => s.css).join('\n');
const root = rulesOf(readFileSync(join(SRC, 'ui/styles.css'), 'utf8'), ':root')[0] ?? '';
const prop = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(root)?.[1]?.trim();

describe('layout constants (spec 2 §9)', () => {
  it('the @media queries use exactly the spec breakpoints (plus the phone-only reflow)', () => {
    const used = new Set(sheets.flatMap((s) => mediaBreakpoints(s.css)));
    expect([...used].sort((a, b) => a - b)).toEqual([...PHONE_ONLY, ...SPEC_BREAKPOINTS]);
  });

  it('each spec breakpoint changes something in the desktop layout or switches to the phone layout', () => {
    for (const bp of SPEC_BREAKPOINTS)
      expect(
        sheets.filter((s) => mediaBreakpoints(s.css).includes(bp)).map((s) => s.file),
        `${bp} px`,
      ).not.toEqual([]);
  });

  it('the widths are declared once, in :root, with the spec values', () => {
    expect({
      page: prop('--page-width'),
      modalWide: prop('--modal-width-wide'),
      sidePanel: prop('--side-panel-width'),
      layoutMin: prop('--layout-min-width'),
      layoutMinWide: prop('--layout-min-width-wide'),
      toast: prop('--toast-width'),
      rail: prop('--rail-width'),
    }).toEqual({
      page: '940px',
      modalWide: '940px',
      sidePanel: '360px',
      layoutMin: '1110px',
      layoutMinWide: '1160px',
      toast: '280px',
      rail: '160px',
    });
    // no width repeats a constant's value literally: a change in :root changes every place it applies
    const literal = /(?:^|[\s;{])(?:max-|min-)?width:[^;{}]*\b(940|360|1110|1160)px/gm;
    const outsideRoot = all.replace(root, '');
    expect([...outsideRoot.matchAll(literal)].map((m) => m[0].trim())).toEqual([]);
  });

  it('each width applies where the spec puts it', () => {
    const uses = (selector: string, value: string) =>
      expect(
        rulesOf(all, selector).some((body) => body.includes(value)),
        `${selector} uses ${value}`,
      ).toBe(true);
    uses('.user-settings', 'max-width: var(--page-width)');
    uses('.represented-settings', 'max-width: var(--page-width)');
    uses('.rs-modal', 'width: min(var(--modal-width-wide)');
    uses('.side-panel', 'width: var(--side-panel-width)');
    uses('.toasts', 'width: var(--toast-width)');
    uses('.left-panel', 'width: var(--rail-width)');
    // signed out (normal layout) the header and the viewport are at most 1110 px wide; signed in (wide) the
    // gutters are what 1160 px leaves beside the rail and the page
    uses('.site-header__inner', 'max-width: var(--layout-min-width)');
    uses('.viewport', 'max-width: var(--layout-min-width)');
    expect(prop('--gutter')).toBe('calc((var(--layout-min-width-wide) - var(--rail-width) - var(--page-width)) / 2)');
    uses('.shell--signed-in .viewport', 'padding-inline: var(--gutter)');
  });
});
