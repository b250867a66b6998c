/**
 * The system Chromium every tool and test launches (docs/conventions.md): its path (CHROMIUM_PATH, default
 * /usr/bin/chromium, installed by tools/ensure-chromium.sh) and the flags it runs with. Used by
 * playwright.config.ts, the diagram renderer (tools/viz/render.ts) and the terms PDFs (tools/terms/make-pdfs.ts).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
