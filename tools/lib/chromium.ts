/**
 * The system Chromium every tool and test launches (docs/conventions.md): its path and the flags it runs with.
 *
 * - CHROMIUM (CHROMIUM_PATH, default /usr/bin/chromium): the desktop browser, for the diagram renderer
 *   (tools/viz/render.ts), the terms PDFs (tools/terms/make-pdfs.ts) and the benches, which measure what a person's
 *   browser does.
 * - TEST_CHROMIUM: the browser the Playwright tests run in (playwright.config.ts). Debian's
 *   chromium-headless-shell (/usr/bin/chromium-headless-shell), when it is installed: the same Chromium build and
 *   version, Blink and V8, without the desktop browser's shell around them, which is what Playwright itself runs
 *   headless tests in. On 2 cores the shell and skeleton specs took 2.7 min in it against 4.6 min in
 *   /usr/bin/chromium (docs/performance.md). Without it, or with CHROMIUM_PATH set, the tests run in CHROMIUM; a
 *   headed run (`--headed`) needs CHROMIUM_PATH=/usr/bin/chromium, since the shell has no windows.
 *
 * tools/ensure-chromium.sh installs both.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
