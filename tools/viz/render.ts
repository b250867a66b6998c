/**
 * Renders Mermaid sources to SVG inside the system Chromium (offline: mermaid comes from node_modules).
 * One browser for a whole run; the SVG is not byte-stable across runs, so callers embed the hash of the
 * .mmd source (see svgWithHash) and `viz:check` compares hashes, not SVG bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
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

export interface MermaidRenderer {
  render(mmd: string): Promise<string>;
  close(): Promise<void>;
}

/** The page that renders: what mermaid.min.js puts on its window (once the script tag has loaded). */
type MermaidWindow = Window & {
  mermaid?: {
    initialize(config: object): void;
    render(id: string, source: string): Promise<{ svg: string }>;
  };
};

export async function startMermaidRenderer(): Promise<MermaidRenderer> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run tools/ensure-chromium.sh (or set CHROMIUM_PATH)`);
  }
  const mermaidJs = fileURLToPath(import.meta.resolve('mermaid/dist/mermaid.min.js'));
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
  await page.addScriptTag({ path: mermaidJs });
  await page.evaluate(() => {
    const { mermaid } = window as MermaidWindow;
    if (!mermaid) throw new Error('mermaid.min.js did not load');
    // plain SVG text (no foreignObject), so the file shows the same in an <img>, a browser and an editor
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'default',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
    });
  });
  let n = 0;
  return {
    async render(mmd: string) {
      const id = `diagram${n++}`;
      return page.evaluate(
        async ({ id, mmd }) => {
          const { mermaid } = window as MermaidWindow;
          if (!mermaid) throw new Error('mermaid.min.js did not load');
          return (await mermaid.render(id, mmd)).svg;
        },
        { id, mmd },
      );
    },
    close: () => browser.close(),
  };
}
