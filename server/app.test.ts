import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { openDb } from './db/index.js';
import { prepareDb } from './db/prepare.js';
import { testEnv } from './env.js';
import { fakeClock } from './lib/clock.js';
import type { FastifyInstance } from 'fastify';

describe('/ui/ static portal', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'epit-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
    const clock = fakeClock();
    const db = openDb(null);
    await prepareDb(db, clock);
    app = await createApp({ db, clock, env: testEnv({ distDir: dir }) });
    await app.ready();
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
