/**
 * Renders Mermaid sources to SVG inside the system Chromium (offline: mermaid and the ELK layout come from
 * node_modules, served to the page by request interception), and measures rendered SVGs for overlapping labels.
 * One browser, one page for a whole run; the SVG is not byte-stable across runs, so callers embed the hash of the
 * .mmd source (see svgWithHash) and `viz:check` compares hashes, not SVG bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../lib/chromium';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const HASH_RE = /<!-- mmd-sha256: ([0-9a-f]{64}) -->/;

export function svgWithHash(svg: string, mmd: string): string {
  return `<!-- mmd-sha256: ${sha256(mmd)} -->\n${svg.trim()}\n`;
}

/** The hash embedded by svgWithHash, or undefined. */
export function embeddedHash(svg: string): string | undefined {
  return HASH_RE.exec(svg)?.[1];
}

/** Two boxes of a rendered diagram drawn over each other: an edge label and another edge label or a state box. */
export interface Overlap {
  /** the edge label's text */
  label: string;
  /** the other label's text, or `state <text>` */
  other: string;
}

export interface MermaidRenderer {
  /** `name` makes the SVG's element ids (`viz-<name>`): unique on a page that shows several diagrams */
  render(mmd: string, name?: string): Promise<string>;
  /** the overlapping pairs in a rendered SVG (the file's text, as written) */
  overlaps(svg: string): Promise<Overlap[]>;
  /**
   * Opens the flow book (its HTML) at 1280 × 800 and shows each route (`#/<flow>`, `#/<flow>/<group>`, `#/system`)
   * in turn: the smallest diagram text on screen at the diagram's opening scale, in CSS px, and which text it is.
   */
  bookTextSizes(html: string, routes: string[]): Promise<TextSize[]>;
  close(): Promise<void>;
}

/** The smallest diagram text a route of the flow book shows at its opening scale. */
export interface TextSize {
  route: string;
  /** CSS px on screen; Infinity when the route shows no diagram text */
  px: number;
  text: string;
  /** the diagram's opening scale */
  scale: number;
}

/** The page that renders: what mermaid.min.js puts on its window (once the script tag has loaded). */
type MermaidWindow = Window & {
  mermaid?: {
    initialize(config: object): void;
    registerLayoutLoaders(loaders: unknown): void;
    render(id: string, source: string): Promise<{ svg: string }>;
  };
  /** the layouts of @mermaid-js/layout-elk, set by the module script that loads them */
  elkLayouts?: unknown[];
};

/** A made-up origin the page is loaded from; every request to it is answered from node_modules, nothing else leaves. */
const ORIGIN = 'http://viz.invalid';

export async function startMermaidRenderer({ mermaid = true }: { mermaid?: boolean } = {}): Promise<MermaidRenderer> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run tools/ensure-chromium.sh (or set CHROMIUM_PATH)`);
  }
  const mermaidJs = fileURLToPath(import.meta.resolve('mermaid/dist/mermaid.min.js'));
  // the self-contained ESM build (d3 and elkjs inside); it loads its chunks by relative import
  const elkDir = join(dirname(fileURLToPath(import.meta.resolve('@mermaid-js/layout-elk/package.json'))), 'dist');
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const page: Page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  // tsx (esbuild keepNames) wraps the functions handed to page.evaluate in `__name(...)`: give the page one
  await page.addInitScript('window.__name = (f) => f');
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) return route.abort();
    if (url.pathname === '/')
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="measure"></div></body></html>',
      });
    if (url.pathname === '/mermaid.min.js')
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(mermaidJs) });
    if (url.pathname.startsWith('/elk/')) {
      const file = normalize(join(elkDir, url.pathname.slice('/elk/'.length)));
      if (file.startsWith(elkDir) && existsSync(file))
        return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${ORIGIN}/`);
  if (mermaid) {
    await page.addScriptTag({ url: `${ORIGIN}/mermaid.min.js` });
    // a module script, not import() in page.evaluate (test runners rewrite import() in the functions they hand over)
    await page.addScriptTag({
      type: 'module',
      content: `import elk from '${ORIGIN}/elk/mermaid-layout-elk.esm.min.mjs'; window.elkLayouts = elk;`,
    });
    await page.waitForFunction(() => 'elkLayouts' in window);
    await page.evaluate(() => {
      const { mermaid } = window as MermaidWindow;
      if (!mermaid) throw new Error('mermaid.min.js did not load');
      type Helpers = { insertEdge: (...args: unknown[]) => unknown } & Record<string, unknown>;
      type Layout = { render: (data: unknown, svg: unknown, helpers: Helpers, opts: unknown) => Promise<void> };
      type Loader = { name: string; algorithm: string; loader: () => Promise<Layout> };
      const layouts = (window as MermaidWindow).elkLayouts as Loader[] | undefined;
      if (!layouts) throw new Error('@mermaid-js/layout-elk did not load');
      // layout-elk 0.2 cuts each edge at the boxes itself and asks insertEdge (8th argument) not to cut again;
      // mermaid 11.6's insertEdge has no such argument and would cut the cut edge: hand it boxes it cannot cut
      const uncut = (node: unknown) => ({ ...(node as object), intersect: undefined });
      const patched = layouts.map((l) => ({
        ...l,
        loader: async () => {
          const layout = await l.loader();
          return {
            ...layout,
            render: (data: unknown, svg: unknown, helpers: Helpers, opts: unknown) =>
              layout.render(
                data,
                svg,
                {
                  ...helpers,
                  insertEdge: (...a: unknown[]) =>
                    helpers.insertEdge(
                      ...(a[7] === true ? [a[0], a[1], a[2], a[3], uncut(a[4]), uncut(a[5]), a[6]] : a),
                    ),
                },
                opts,
              ),
          };
        },
      }));
      mermaid.registerLayoutLoaders(patched);
      // plain SVG text (no foreignObject), so the file shows the same in an <img>, a browser and an editor
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        theme: 'default',
        htmlLabels: false,
        flowchart: { htmlLabels: false },
      });
    });
  }
  let n = 0;
  return {
    async render(mmd: string, name?: string) {
      const id = name ? `viz-${name.replace(/[^A-Za-z0-9_-]/g, '-')}` : `diagram${n++}`;
      const svg = await page.evaluate(
        async ({ id, mmd }) => {
          const { mermaid } = window as MermaidWindow;
          if (!mermaid) throw new Error('mermaid.min.js did not load');
          return (await mermaid.render(id, mmd)).svg;
        },
        { id, mmd },
      );
      // mermaid copies a classDef's box style onto the label group too, which outlines the text in the border colour
      return svg.replace(/ style="[^"]*" class="label"/g, ' class="label"');
    },
    overlaps: (svg: string) => page.evaluate(measureOverlaps, svg),
    async bookTextSizes(html: string, routes: string[]) {
      const book = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await book.addInitScript('window.__name = (f) => f');
        // the book needs nothing else (its engineer views are images it does not show here)
        await book.route('**/*', (route) =>
          new URL(route.request().url()).pathname === '/book.html'
            ? route.fulfill({ contentType: 'text/html', body: html })
            : route.fulfill({ status: 404, body: '' }),
        );
        await book.goto(`${ORIGIN}/book.html`);
        await book.waitForSelector('#app > *');
        const out: TextSize[] = [];
        for (const r of routes) out.push(await book.evaluate(measureText, r));
        return out;
      } finally {
        await book.close();
      }
    },
    close: () => browser.close(),
  };
}

/**
 * Runs in the page: shows the SVG, then compares the boxes of every edge label with every other edge label and
 * every leaf state box (clusters are frames around states, not boxes). Boxes overlap when they share more than
 * 1 px each way; an edge label sitting on its own arrow is fine (arrows are not compared).
 */
function measureOverlaps(svgText: string): Overlap[] {
  const host = document.getElementById('measure')!;
  host.innerHTML = svgText;
  const svg = host.querySelector('svg');
  if (!svg) return [];
  // natural size: mermaid sets width=100%, which would scale every box alike (harmless) but may clip
  svg.removeAttribute('width');
  svg.style.maxWidth = 'none';
  const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  type Box = { el: Element; r: DOMRect; name: string };
  const boxOf = (el: Element, name: string): Box | undefined => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? { el, r, name } : undefined;
  };
  const labels: Box[] = [];
  for (const el of svg.querySelectorAll('g.edgeLabel')) {
    const t = text(el);
    if (!t) continue;
    // the box the layout made for the label (its background, fixed in the file, so the count does not depend on
    // the fonts of the machine that measures), else the text itself
    const background = el.querySelector('rect.background');
    const inner =
      background && background.getBoundingClientRect().width > 0 ? background : (el.querySelector('text') ?? el);
    const b = boxOf(inner, t);
    if (b) labels.push(b);
  }
  const states: Box[] = [];
  for (const el of svg.querySelectorAll('g.node')) {
    const shape = el.querySelector(':scope > rect, :scope > path, :scope > circle, :scope > g > rect') ?? el;
    const b = boxOf(shape, `state ${text(el) || el.id}`);
    if (b) states.push(b);
  }
  const hit = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const out: Overlap[] = [];
  labels.forEach((a, i) => {
    for (const b of labels.slice(i + 1)) if (hit(a.r, b.r)) out.push({ label: a.name, other: b.name });
    for (const s of states) if (hit(a.r, s.r)) out.push({ label: a.name, other: s.name });
  });
  host.innerHTML = '';
  return out;
}

/** Runs in the flow book: shows the route, then the smallest diagram text on screen (font size × on-screen scale). */
async function measureText(route: string): Promise<TextSize> {
  // the book renders on hashchange, a task of its own: wait for it, then for a frame
  const changed = new Promise((r) => window.addEventListener('hashchange', r, { once: true }));
  location.hash = route;
  await changed;
  await new Promise((r) => requestAnimationFrame(() => r(null)));
  const holder = document.querySelector<HTMLElement>('#app .diagram');
  let px = Infinity;
  let text = '';
  for (const t of holder?.querySelectorAll('svg text') ?? []) {
    const words = (t.textContent ?? '').replace(/\s+/g, ' ').trim();
    const m = (t as SVGGraphicsElement).getScreenCTM();
    if (!words || !m) continue;
    const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (size < px) {
      px = size;
      text = words;
    }
  }
  return { route, px, text, scale: Number(holder?.dataset.scale ?? NaN) };
}
