/**
 * Compressed and cached assets (docs/performance.md): what the real server sends a real browser for the first
 * signed-in screen.
 * - the portal's JS and CSS come brotli- or gzip-encoded (precompressed at build time, tools/build/compress.ts) with
 *   `Cache-Control: public, max-age=31536000, immutable`, and the page still runs on them;
 * - index.html (also as the answer for a portal route) and config.json come with `no-cache`, index.html with
 *   preload hints for its chunks in a `Link` header;
 * - a JSON answer over 1 kB (jaan's user context, twelve rights) is compressed on the fly.
 */
import type { Response } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures';

const IMMUTABLE = 'public, max-age=31536000, immutable';

test('assets are compressed and cached for a year, index.html and config.json are revalidated', async ({ page }) => {
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await signInAs(page, 'jaan', { target: '/ui/dashboard' });
  // the choice of whom to act for (his twelve rights, ten a page) only shows when every chunk, decoded by the
  // browser, ran
  await expect(page.getByRole('dialog').locator('tbody tr')).toHaveCount(10);

  const document = responses.find((r) => new URL(r.url()).pathname === '/ui/dashboard');
  expect(document, 'the portal route should be answered with index.html').toBeDefined();
  const docHeaders = await document!.allHeaders();
  expect(docHeaders['cache-control']).toBe('no-cache');
  expect(docHeaders['content-type']).toMatch(/^text\/html/);
  // preload hints: the entry script and its chunks, before the page is parsed
  expect(docHeaders.link).toMatch(/<\/ui\/assets\/index-[\w-]+\.js>; rel=modulepreload/);
  // security headers still apply to a compressed answer
  expect(docHeaders['content-security-policy']).toContain("script-src 'self'");

  const assets = responses.filter((r) => /^\/ui\/assets\/.+\.(js|css)$/.test(new URL(r.url()).pathname));
  expect(assets.length, 'the first screen should load several JS and CSS assets').toBeGreaterThan(3);
  for (const asset of assets) {
    const headers = await asset.allHeaders();
    const name = new URL(asset.url()).pathname;
    expect(asset.status(), name).toBe(200);
    expect(headers['cache-control'], name).toBe(IMMUTABLE);
    expect(headers.vary, name).toMatch(/accept-encoding/i);
    // the build wrote .br and .gz copies of every asset over 1 kB; only smaller ones come as they are
    if (headers['content-encoding'] === undefined)
      expect(Number(headers['content-length']), `${name} is sent uncompressed`).toBeLessThanOrEqual(1024);
    else expect(headers['content-encoding'], name).toMatch(/^(br|gzip)$/);
  }
  const encoded = assets.filter((a) => a.headers()['content-encoding'] === 'br');
  expect(encoded.length, 'Chromium accepts brotli: the larger assets should come as .br').toBeGreaterThan(3);

  const config = responses.find((r) => new URL(r.url()).pathname === '/ui/config.json');
  expect(config, 'the portal should load its configuration').toBeDefined();
  expect((await config!.allHeaders())['cache-control']).toBe('no-cache');

  const context = responses.find((r) => new URL(r.url()).pathname === '/api/context/getUserContext');
  expect(context, 'the dashboard should load the user context').toBeDefined();
  const contextHeaders = await context!.allHeaders();
  expect(contextHeaders['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(contextHeaders['cache-control']).toBe('no-store');
  const body = (await context!.json()) as { epitPrincipal: { representationRightsCache: object } };
  expect(Object.keys(body.epitPrincipal.representationRightsCache)).toHaveLength(12);
});

test('a client that accepts no encoding gets the plain files, and small answers stay plain', async ({ page }) => {
  const index = await page.request.get('/ui/', { headers: { 'accept-encoding': 'identity' } });
  expect(index.headers()['content-encoding']).toBeUndefined();
  expect(index.headers()['cache-control']).toBe('no-cache');
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(await index.text())?.[1];
  expect(entry, 'index.html should name its entry script').toBeDefined();

  const plain = await page.request.get(entry!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(plain.headers()['cache-control']).toBe(IMMUTABLE);
  const gzip = await page.request.get(entry!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  // the request context decodes gzip: the same script either way
  expect(await gzip.text()).toBe(await plain.text());

  // under 1 kB: not worth compressing
  const simple = await page.request.get('/api/context/getSimpleUserContext', { headers: { 'accept-encoding': 'br' } });
  expect(simple.status()).toBe(200);
  expect(simple.headers()['content-encoding']).toBeUndefined();
});
