/**
 * /health, /ready and the drain's phases (server/ops/health.ts, server/ops/lifecycle.ts) on the app, and the 503 a
 * request gets while the database cannot be reached (server/lib/errors.ts). The real processes behind nginx, and a
 * real PostgreSQL stopped and started again: server/ops/service.test.ts.
 */
import { sql } from 'kysely';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { installErrorHandlers, OutsideServiceError, SERVER_ERROR_TEXT } from '../lib/errors.js';
import { RegistryError } from '../clients/registry.js';
import { makeTestApp, type TestApp } from '../test/helpers.js';
import { Lifecycle } from './lifecycle.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('/health and /ready', () => {
  it('answer JSON without a session, set no cookie, and stay out of the request log', async () => {
    const lines: string[] = [];
    t = await makeTestApp({ logger: { stream: { write: (line) => lines.push(line) } } });
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    for (const res of [health, ready]) {
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // an ordinary request is logged, the probes are not (info level)
    await t.app.inject({ method: 'GET', url: '/api/context/getSimpleUserContext?x="1"' });
    const logged = lines
      .map((l) => JSON.parse(l) as { msg: string; route?: string })
      .filter((l) => l.msg === 'request');
    expect(logged.map((l) => l.route)).toEqual(['/api/context/getSimpleUserContext']);
    // the request line (server/security/request-log.ts writes it itself) is the one pino writes, field for field
    const fields = {
      ...{ method: 'GET', route: '/x', path: '/x', status: 200, ms: 1.5, session: null },
      ...{ traceId: null, ip: '127.0.0.1', ua: 'lightMyRequest' },
    };
    t.app.log.child({ reqId: 'req-x' }).info(fields, 'request');
    const [ours, pinos] = [lines.find((l) => l.includes('getSimpleUserContext'))!, lines.at(-1)!];
    const shape = (line: string) => Object.entries(JSON.parse(line) as object).map(([k, v]) => `${k}:${typeof v}`);
    expect(shape(ours)).toEqual(shape(pinos));
    expect(JSON.parse(ours)).toMatchObject({ level: 30, pid: process.pid, path: '/api/context/getSimpleUserContext' });
    // the request id: a well-formed X-Request-Id as it came, else the portal's own UUID; either is written unescaped
    for (const id of ['lb-7.a_b:c', 'a"b', 'x'.repeat(65)])
      await t.app.inject({ method: 'GET', url: '/api/context/getSimpleUserContext', headers: { 'x-request-id': id } });
    const ids = lines
      .slice(-3)
      .map((l) => JSON.parse(l) as { msg: string; reqId: string })
      .map((l) => (l.msg === 'request' ? l.reqId : null));
    expect(ids[0]).toBe('lb-7.a_b:c');
    for (const id of ids.slice(1))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('/ready is 503 while the process drains, /health stays 200', async () => {
    const lifecycle = new Lifecycle();
    t = await makeTestApp({ lifecycle });
    lifecycle.phase = 'draining';
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('/ready is 503 while the database lacks a migration of this code', async () => {
    t = await makeTestApp();
    const last = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(t.db);
    await sql`delete from kysely_migration where name = ${last.rows[0].name}`.execute(t.db);
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'migrations-pending' });
  });
});

describe('the drain, on a listening server', () => {
  it('draining: everything is served, with Connection: close; handover: a GET is closed unanswered, a POST served', async () => {
    const lifecycle = new Lifecycle();
    t = await makeTestApp({ lifecycle });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const mari = await t.login('mari');
    const cookie = [...mari.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers = {
      cookie,
      'x-xsrf-token': mari.cookies.get('EPIT-XSRF-TOKEN')!,
      'content-type': 'application/json',
    };
    const get = () => fetch(`${base}/api/context/getUserContext`, { headers });
    const post = () =>
      fetch(`${base}/api/context/changeLanguage`, { method: 'POST', headers, body: JSON.stringify({ value: 'ENG' }) });

    const serving = await get();
    expect(serving.status).toBe(200);
    expect(serving.headers.get('connection')).toBe('keep-alive');

    lifecycle.phase = 'draining';
    for (const res of [await get(), await post()]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('connection')).toBe('close');
    }

    lifecycle.phase = 'handover';
    // no answer: a balancer passes the request to another process (nothing ran here)
    await expect(get()).rejects.toThrow(TypeError);
    const posted = await post();
    expect(posted.status).toBe(200);
    expect(posted.headers.get('connection')).toBe('close');
    // a long poll is answered, never cut (mari has no signing running: the status check answers so at once)
    const check = await fetch(`${base}/api/sign/mobile/check`, { headers });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ status: 'GENERIC_ERROR' });
    // the probes still answer for themselves
    expect((await fetch(`${base}/ready`)).status).toBe(503);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});

describe('a database that cannot be reached', () => {
  it('is told apart from other errors: refused or cut connections, PostgreSQL stopping or starting, a full pool', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('57P01'), // terminating connection due to administrator command (pg_ctl stop)
      withCode('57P03'), // the database system is starting up
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('wrapped', { cause: withCode('ECONNRESET') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    for (const err of [withCode('23505'), withCode('42P01'), new Error('no such table: x'), new TypeError('x')])
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });

  it("answers 503 with the catalogue's server error, no stack, as does an outside service that failed; other failures stay 500", async () => {
    const app = Fastify();
    installErrorHandlers(app);
    app.get('/down', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/bug', () => {
      throw new Error('a bug');
    });
    app.get('/register-down', () => {
      throw new RegistryError('company answered HTTP 503');
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      serviceErrorMessage: SERVER_ERROR_TEXT,
      code: 'DATABASE_UNAVAILABLE',
      messageKey: 'error.server',
    });
    expect(down.headers['retry-after']).toBe('5');
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    // an outside service the call needed did not answer usably (RegistryError is an OutsideServiceError)
    const register = await app.inject({ method: 'GET', url: '/register-down' });
    expect(register.statusCode).toBe(503);
    expect(register.json()).toEqual({
      serviceErrorMessage: SERVER_ERROR_TEXT,
      code: 'SERVICE_UNAVAILABLE',
      messageKey: 'error.server',
    });
    expect(new RegistryError('x')).toBeInstanceOf(OutsideServiceError);
    await app.close();
    // the English text of the catalogue's key, word for word
    const en = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/en.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(SERVER_ERROR_TEXT).toBe(en['error.server']);
  });
});
