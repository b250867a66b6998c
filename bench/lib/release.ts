/**
 * A release for the rolling bench (bench/rolling.ts): the next build of the portal, made from the current one as a
 * real release would leave the folder — every code file under a new name (a new hash) and every reference to it
 * rewritten, the previous build's files kept beside it and both listed in `.builds.json` (tools/build/keep-builds.ts)
 * — and browsers that keep the portal open across it.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { currentBuild } from '../../server/lib/build-id.js';
import { BUILDS_FILE, readBuilds } from '../../tools/build/keep-builds.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tools/lib/chromium.js';

/** Copies the build in `from` to `to` as the next release; its id (the new entry script's name). */
export function nextRelease(from: string, to: string): string {
  cpSync(from, to, { recursive: true });
  const current = currentBuild(to);
  if (!current?.files) throw new Error(`${from} has no build listed in ${BUILDS_FILE}: run npm run build`);
  const renamed = new Map<string, string>();
  for (const file of current.files) {
    const base = path.basename(file);
    renamed.set(base, base.replace(/-([A-Za-z0-9_-]{6,})\.(\w+)$/, '-$1n2.$2'));
  }
  const rewrite = (text: string) => {
    for (const [old, next] of renamed) text = text.split(old).join(next);
    return text;
  };
  const assets = path.join(to, 'assets');
  for (const [old, next] of renamed) {
    const file = path.join(assets, old);
    // the new files are not precompressed: the server sends them as they are
    writeFileSync(path.join(assets, next), rewrite(readFileSync(file, 'utf8')));
  }
  const index = path.join(to, 'index.html');
  writeFileSync(index, rewrite(readFileSync(index, 'utf8')));
  // the page's precompressed copies are the current build's, and the server would send them first
  for (const copy of ['index.html.br', 'index.html.gz']) rmSync(path.join(to, copy), { force: true });
  const id = renamed.get(current.id) ?? current.id;
  const builds = [
    ...readBuilds(to),
    {
      id,
      at: new Date().toISOString(),
      files: [...current.files].map((f) => `assets/${renamed.get(path.basename(f))}`),
    },
  ];
  writeFileSync(path.join(to, BUILDS_FILE), `${JSON.stringify(builds, null, 1)}\n`);
  return id;
}

/** What the open pages met: requests that failed or answered ≥ 400, and error pages shown. */
export interface OpenPages {
  /** each page signed in through `base` on the dashboard */
  open(): Promise<void>;
  /** each page goes to another page by its links; resolves with the pages that showed an error page */
  navigate(link: string, heading: string): Promise<number>;
  failures(): string[];
  /** requests the pages gave up themselves when they loaded anew */
  aborted(): number;
  builds(): Promise<string[]>;
  close(): Promise<void>;
}

export function openPages(base: string, count: number): OpenPages {
  let browser: Browser | null = null;
  const pages: Page[] = [];
  const failed: string[] = [];
  let aborted = 0;
  const errorPage = (page: Page) =>
    page
      .getByText(/The page could not be opened|Something went wrong/)
      .count()
      .then((n) => n > 0);
  return {
    async open() {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
      for (let i = 0; i < count; i++) {
        const context = await browser.newContext({ locale: 'en-US' });
        await context.addCookies([{ name: 'EPIT-LANGUAGE', value: 'eng', url: base }]);
        const page = await context.newPage();
        page.on('requestfailed', (r) => {
          const why = r.failure()?.errorText ?? '';
          // a request the page itself gave up as it loaded anew (taking the new build) is no failure of the server
          if (why === 'net::ERR_ABORTED') aborted++;
          else failed.push(`${r.url()} ${why}`);
        });
        page.on('response', (r) => {
          if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
        });
        await page.goto(`${base}/api/security/login?target=${encodeURIComponent('/ui/dashboard')}`);
        await page.getByLabel('Username', { exact: true }).fill('anna');
        await page.getByLabel('Password', { exact: true }).fill('Ivanova12');
        await page.getByRole('button', { name: 'Log in', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'My main page' }).waitFor();
        pages.push(page);
      }
    },
    async navigate(link, heading) {
      let errors = 0;
      for (const page of pages) {
        await page.getByRole('link', { name: link }).first().click();
        try {
          await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
        } catch {
          // counted below
        }
        if (await errorPage(page)) errors++;
      }
      return errors;
    },
    failures: () => failed,
    aborted: () => aborted,
    builds: () =>
      Promise.all(
        pages.map((p) =>
          p.evaluate(
            () =>
              document
                .querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')
                ?.src.split('/')
                .pop() ?? '',
          ),
        ),
      ),
    async close() {
      await browser?.close();
    },
  };
}
