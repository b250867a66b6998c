/**
 * The portal against a single sign-on server in another process: a second, independent server process (the same
 * server/main.ts on another PORT with its own DATA_DIR, seeded from the same demo data) plays the CAS, and the
 * portal is started with CAS_URL pointing at it. Everything between them is real HTTP: the browser's redirects,
 * the portal's /p3/serviceValidate, and the CAS's back-channel single logout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { openDb, type Db } from '../../db/index.js';
import { prepareDb } from '../../db/prepare.js';
import { loadCasSettings } from '../../env.js';
import { freePort } from '../../test/free-port.js';
import { testEnv } from '../../test/env.js';
import { systemClock } from '../../lib/clock.js';

const root = path.resolve(import.meta.dirname, '../../..');
let cas: ChildProcess;
let casBase: string;
let casLog = '';
let portal: FastifyInstance;
let portalBase: string;
let db: Db;
let tmp: string;

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (cas.exitCode !== null) throw new Error(`the CAS process ended (${cas.exitCode}):\n${casLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms:\n${casLog}`);
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'epit-remote-cas-'));
  // the CAS process serves no portal; a placeholder build keeps main.ts from building one
  writeFileSync(path.join(tmp, 'index.html'), '<!doctype html><title>placeholder</title>');
  const casPort = await freePort();
  casBase = `http://127.0.0.1:${casPort}/cas`;

  db = openDb(null);
  await prepareDb(db, systemClock);
  portal = await createApp({
    db,
    clock: systemClock,
    env: testEnv({ cas: loadCasSettings({ CAS_URL: casBase }) }),
    ui: { kind: 'none' },
  });
  await portal.listen({ port: 0, host: '127.0.0.1' });
  portalBase = `http://127.0.0.1:${(portal.server.address() as AddressInfo).port}`;

  cas = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(casPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      DIST_DIR: tmp,
      RUN_MODE: 'test',
      // its service registry: the portal
      CAS_SERVICES: `${portalBase.replace(/\./g, '\\.')}/.*`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cas.stdout?.on('data', (d: Buffer) => (casLog += d.toString()));
  cas.stderr?.on('data', (d: Buffer) => (casLog += d.toString()));
  await waitFor(`${casBase}/login`, 45_000);
}, 60_000);

afterAll(async () => {
  if (cas && cas.exitCode === null) {
    const ended = new Promise((resolve) => cas.once('exit', resolve));
    cas.kill('SIGTERM');
    await ended;
  }
  await portal?.close();
  await db?.destroy();
  rmSync(tmp, { recursive: true, force: true });
});

/** one cookie jar, as a browser keeps cookies per host (both processes are on 127.0.0.1) */
const jar = new Map<string, string>();
async function browse(url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
  const res = await fetch(url, { ...init, headers, redirect: 'manual' });
  for (const c of res.headers.getSetCookie()) {
    const [name, ...rest] = c.split(';')[0].split('=');
    const value = rest.join('=');
    if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
    else jar.set(name, value);
  }
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

describe('the portal with CAS_URL pointing at another process', () => {
  it("signs in through that CAS, and the portal's sign-out hands the browser to that CAS's logout", async () => {
    const start = await browse(`${portalBase}/api/security/login?target=/ui/dashboard`);
    const service = new URL(start.location!).searchParams.get('service')!;
    expect(service.startsWith(`${portalBase}/api/security/callback?target=%2Fui%2Fdashboard&state=`)).toBe(true);
    expect(start.location).toBe(`${casBase}/login?service=${encodeURIComponent(service)}`);

    const page = await browse(start.location!);
    expect(page.status).toBe(200);
    const execution = /name="execution" value="([^"]+)"/.exec(page.body)![1];
    const posted = await browse(`${casBase}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ service, username: 'mari', password: 'Maasikas1', execution }).toString(),
    });
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/security\/callback\?target=%2Fui%2Fdashboard&state=[\w-]+&ticket=ST-/,
    );

    const back = await browse(posted.location!);
    expect(back.status).toBe(302);
    expect(back.location).toBe('/ui/dashboard');
    const ctx = await browse(`${portalBase}/api/context/getUserContext`);
    expect(ctx.status).toBe(200);
    expect(JSON.parse(ctx.body)).toMatchObject({ epitPrincipal: { representative: { id: 'EE48709050218' } } });
    // the portal's own simulator issued nothing: the ticket came from the other process
    expect(await db.selectFrom('cas_tickets').selectAll().execute()).toEqual([]);

    // the portal's sign-out hands the browser to that CAS's logout
    const xsrf = jar.get('EPIT-XSRF-TOKEN')!;
    const signout = await browse(`${portalBase}/api/security/single-signout?locale=en_EE`, {
      method: 'POST',
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(JSON.parse(signout.body)).toEqual({
      value: `${casBase}/logout?service=${encodeURIComponent(`${portalBase}/api/security/login?target=/ui/`)}`,
    });
  }, 30_000);

  it('a logout at that CAS reaches the portal over the back channel and ends its session', async () => {
    jar.clear();
    const start = await browse(`${portalBase}/api/security/login?target=/ui/`);
    const page = await browse(start.location!);
    const service = new URL(start.location!).searchParams.get('service')!;
    const execution = /name="execution" value="([^"]+)"/.exec(page.body)![1];
    const posted = await browse(`${casBase}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ service, username: 'jaan', password: 'Tamm12345', execution }).toString(),
    });
    await browse(posted.location!);
    expect((await browse(`${portalBase}/api/context/getUserContext`)).status).toBe(200);

    const out = await browse(`${casBase}/logout`);
    expect(out.status).toBe(200);
    expect((await browse(`${portalBase}/api/context/getUserContext`)).status).toBe(401);
  }, 30_000);
});
