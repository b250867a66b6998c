/**
 * Bench section `rights-ui` (rights at scale): the rights list of a customer with 10,000 users in Chromium, on the
 * real server and the bench database of bench/rights.ts. Figures only, no thresholds (the target: < 50 ms).
 *
 *   npm run bench -- rights-ui            # DIST_DIR (default dist) must hold a build: npm run build
 *   DIST_DIR=dist-x npx tsx bench/rights-ui.ts
 *
 * It signs mari on through the sign-on page, opens /ui/settings/rights/<the generated customer> and measures:
 *  - keystroke in the search box → next paint: typing and erasing "tamm", "kask", "mets", … (each keystroke
 *    re-filters 10,000 rows in memory and renders the first page);
 *  - page change → next paint: clicks on the pager's "Next".
 * Each sample is taken inside the page: from the event's own timeStamp (keydown / click, when the browser received
 * the input) to just after the next frame was painted (requestAnimationFrame, then a message-channel task that runs
 * after that frame's paint). p50 / p95 / max in ms.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../tools/lib/chromium.js';
import { RIGHTS_BENCH_CUSTOMER, RIGHTS_BENCH_USERS, startRightsBenchServer } from './rights.js';

const PORT = Number(process.env.BENCH_UI_PORT ?? 9612);
const KEY_WORDS = ['tamm', 'kask', 'mets', 'saar', 'rebane', 'lepp', 'mari', 'ee3', 'jaan', 'kuusk'];
const PAGE_CHANGES = 60;

declare global {
  interface Window {
    __benchSamples?: number[];
  }
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { n: s.length, p50: q(50), p95: q(95), max: s[s.length - 1] };
}
const fmt = (x: ReturnType<typeof stats>) =>
  `${x.n} samples: p50 ${x.p50.toFixed(1)} ms · p95 ${x.p95.toFixed(1)} ms · max ${x.max.toFixed(1)} ms   (target < 50 ms)`;

/** In the page: every `type` event on `selector` adds one sample, event timeStamp → just after the next paint. */
async function listen(page: Page, type: 'keydown' | 'click', selector: string) {
  await page.evaluate(
    ([type, selector]) => {
      window.__benchSamples = [];
      const target = document.querySelector(selector);
      if (!target) throw new Error(`${selector} missing`);
      const channel = new MessageChannel();
      const pending: number[] = [];
      channel.port1.onmessage = () => {
        const start = pending.shift();
        if (start !== undefined) window.__benchSamples!.push(performance.now() - start);
      };
      document.addEventListener(
        type,
        (e) => {
          if (!(e.target instanceof Node) || !target.contains(e.target)) return;
          const start = e.timeStamp;
          requestAnimationFrame(() => {
            pending.push(start);
            channel.port2.postMessage(null);
          });
        },
        { capture: true },
      );
    },
    [type, selector] as const,
  );
}

const samples = (page: Page) => page.evaluate(() => window.__benchSamples?.length ?? 0);

async function waitSample(page: Page, count: number) {
  await page.waitForFunction((n) => (window.__benchSamples?.length ?? 0) >= n, count, { timeout: 10_000 });
}

export async function rightsUiBench(): Promise<void> {
  const distDir = process.env.DIST_DIR ?? 'dist';
  console.log(
    `Rights list of a customer with ${RIGHTS_BENCH_USERS.toLocaleString('en')} users in Chromium (portal from ${distDir}/)`,
  );
  const server = await startRightsBenchServer({ port: PORT, distDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ baseURL: server.origin, viewport: { width: 1280, height: 900 } });
    const target = `/ui/settings/rights/${RIGHTS_BENCH_CUSTOMER}`;
    await page.goto(`/api/security/login?target=${encodeURIComponent(target)}`);
    await page.getByLabel('Username', { exact: true }).fill('mari');
    await page.getByLabel('Password', { exact: true }).fill('Maasikas1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // mari represents several customers: the choice modal asks whom first
    const choice = page.getByRole('dialog', { name: /Choose|Valige|Выберите|Izvēlieties|Pasirinkite/ });
    await choice.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
    if (await choice.isVisible()) {
      await choice.getByRole('button', { name: 'Suurettevõte AS', exact: true }).click();
      await choice.waitFor({ state: 'hidden' });
    }
    // a fresh page load of the rights tab: time until the first rows are on screen
    const t0 = Date.now();
    await page.goto(target);
    await page.locator('[data-testid="rights-row"]').first().waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="rights-add"]:not([disabled])').waitFor();
    console.log(
      `  page load → first rows on screen: ${Date.now() - t0} ms (portal boot, context, 3 list loads in parallel)`,
    );

    // keystroke → next paint
    const search = page.locator('[data-testid="rights-search"]');
    await search.click();
    await listen(page, 'keydown', '[data-testid="rights-search"]');
    let n = 0;
    for (const word of KEY_WORDS) {
      for (const ch of word) {
        await page.keyboard.press(ch);
        await waitSample(page, ++n);
      }
      for (let i = 0; i < word.length; i++) {
        await page.keyboard.press('Backspace');
        await waitSample(page, ++n);
      }
    }
    const keys = await page.evaluate(() => window.__benchSamples ?? []);

    // page change → next paint
    await listen(page, 'click', 'nav.pager');
    const next = page.locator('nav.pager button.pager__step').last();
    for (let i = 0; i < PAGE_CHANGES; i++) {
      await next.click();
      await waitSample(page, i + 1);
    }
    const pages = await page.evaluate(() => window.__benchSamples ?? []);
    if ((await samples(page)) < PAGE_CHANGES) throw new Error('page changes were not measured');
    console.log(`  keystroke in the search box → next paint, ${fmt(stats(keys))}`);
    console.log(`  page change ("Next") → next paint,        ${fmt(stats(pages))}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await rightsUiBench();
}
