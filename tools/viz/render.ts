/**
 * Renders Mermaid sources to SVG inside the system Chromium (offline: mermaid comes from node_modules).
 * One browser for a whole run; the SVG is not byte-stable across runs, so callers embed the hash of the
 * .mmd source (see svgWithHash) and `viz:check` compares hashes, not SVG bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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

export type SvgRenderer = (mmd: string) => Promise<string>;

export interface MermaidRenderer {
  render: SvgRenderer;
  close(): Promise<void>;
}

export async function startMermaidRenderer(): Promise<MermaidRenderer> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run tools/ensure-chromium.sh (or set CHROMIUM_PATH)`);
  }
  const mermaidJs = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
  await page.addScriptTag({ path: mermaidJs });
  await page.evaluate(() => {
    const w = window as unknown as { mermaid: { initialize(c: object): void } };
    // plain SVG text (no foreignObject), so the file shows the same in an <img>, a browser and an editor
    w.mermaid.initialize({
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
          const w = window as unknown as { mermaid: { render(id: string, src: string): Promise<{ svg: string }> } };
          return (await w.mermaid.render(id, mmd)).svg;
        },
        { id, mmd },
      );
    },
    close: () => browser.close(),
  };
}
