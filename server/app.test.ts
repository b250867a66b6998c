import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { openDb } from './db/index.js';
import { prepareDb } from './db/prepare.js';
import { testEnv } from './test/env.js';
import { fakeClock } from './lib/clock.js';
import { BUILD_RECHECK_MS } from './lib/build-id.js';
import type { FastifyInstance } from 'fastify';

/** A ready app on a fresh database that serves the built portal in `distDir`. */
async function appServing(distDir: string, clock = fakeClock()): Promise<FastifyInstance> {
  const db = openDb(null);
  await prepareDb(db, clock);
  const app = await createApp({ db, clock, env: testEnv({ distDir }) });
  await app.ready();
  return app;
}

describe('/ui/ static portal', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'epit-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
    app = await appServing(dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html without caching and falls back to it for portal routes', async () => {
    for (const url of ['/ui/', '/ui/dashboard', '/ui/user-settings/edit/EE48709050218']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and 404s for missing ones', async () => {
    const res = await app.inject({ url: '/ui/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect((await app.inject({ url: '/ui/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps /ui/config.json for the server', async () => {
    const res = await app.inject({ url: '/ui/config.json' });
    expect(res.json()).toMatchObject({ apiUrl: '/api', baseUrl: '/ui' });
  });
});

describe('a release while pages are open: the build id and the kept builds (tools/build/keep-builds.ts)', () => {
  let dir: string;
  let app: FastifyInstance;
  const clock = fakeClock();
  const index = (entry: string) =>
    `<!doctype html><script type="module" crossorigin src="/ui/assets/${entry}"></script><div id="root"></div>`;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'epit-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    for (const f of [
      'index-old111.js',
      '_epit-messages-en-old111.js',
      'ticket-check-old111.js',
      'index-new222.js',
      '_epit-messages-en-new222.js',
      'ticket-check-new222.js',
    ])
      writeFileSync(path.join(dir, 'assets', f), 'export {}');
    writeFileSync(
      path.join(dir, '.builds.json'),
      JSON.stringify([
        {
          id: 'index-old111.js',
          at: '2026-11-01T00:00:00Z',
          files: ['assets/index-old111.js', 'assets/_epit-messages-en-old111.js', 'assets/ticket-check-old111.js'],
        },
        {
          id: 'index-new222.js',
          at: '2026-11-02T00:00:00Z',
          files: ['assets/index-new222.js', 'assets/_epit-messages-en-new222.js', 'assets/ticket-check-new222.js'],
        },
      ]),
    );
    writeFileSync(path.join(dir, 'index.html'), index('index-new222.js'));
    app = await appServing(dir, clock);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every API answer names the build served, its entry script, and follows a new build', async () => {
    const res = await app.inject({ url: '/api/context/getUserContext' });
    expect(res.headers['x-portal-build']).toBe('index-new222.js');
    writeFileSync(path.join(dir, 'index.html'), index('index-next333.js'));
    // a build written while the process runs is announced within a second (the page's mtime changed), not before
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(dir, 'index.html'), later, later);
    clock.advance(BUILD_RECHECK_MS - 1);
    expect((await app.inject({ url: '/api/context/getUserContext' })).headers['x-portal-build']).toBe(
      'index-new222.js',
    );
    clock.advance(1);
    expect((await app.inject({ url: '/api/context/getUserContext' })).headers['x-portal-build']).toBe(
      'index-next333.js',
    );
    writeFileSync(path.join(dir, 'index.html'), index('index-new222.js'));
  });

  it("the previous build's files are still served, and the first page's hints name only the current build's", async () => {
    const old = await app.inject({ url: '/ui/assets/index-old111.js' });
    expect(old.statusCode).toBe(200);
    const page = await app.inject({ url: '/ui/', headers: { cookie: 'EPIT-LANGUAGE=eng' } });
    expect(page.headers.link).toContain('</ui/assets/_epit-messages-en-new222.js>; rel=modulepreload; crossorigin');
    expect(page.headers.link).not.toContain('old111');
  });

  it("a page without a session also names the ticket check's code (spec 1 §7), a page with one does not", async () => {
    const signedOut = await app.inject({ url: '/ui/', headers: { cookie: 'EPIT-LANGUAGE=eng' } });
    expect(signedOut.headers.link).toContain('</ui/assets/ticket-check-new222.js>; rel=modulepreload; crossorigin');
    const hinted = await app.inject({ url: '/ui/', headers: { cookie: 'EPIT-LANGUAGE=eng; EPIT-SIGNED-IN=1' } });
    expect(hinted.headers.link).toContain('_epit-messages-en-new222.js');
    expect(hinted.headers.link).not.toContain('ticket-check');
  });
});

describe('/ui/ before the portal is built', () => {
  it('answers 503 "not built" while API and config still work', async () => {
    const clock = fakeClock();
    const db = openDb(null);
    await prepareDb(db, clock);
    const app = await createApp({ db, clock, env: testEnv({ distDir: path.join(tmpdir(), 'epit-no-such-dist') }) });
    const res = await app.inject({ url: '/ui/dashboard' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('not built');
    expect((await app.inject({ url: '/ui/config.json' })).statusCode).toBe(200);
    await app.close();
  });
});
