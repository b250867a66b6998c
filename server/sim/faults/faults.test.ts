import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError, UserContext } from '../../../domain/contract.js';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';
import { SERVER_ERROR_BODY } from './index.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setFault(c: Client, body: unknown) {
  const res = await c.post('/sim/api/faults', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: { mode: string; prefixes: string[]; delayMs: number } }>().value;
}

describe('API faults', () => {
  it('500: the chosen API paths answer the server error body and their handler never runs; others and /sim work', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const before = UserContext.parse((await mari.get('/api/context/getUserContext')).json()).language;
    expect(
      await setFault(mari, { mode: '500', prefixes: ['/api/context/changeLanguage', '/api/context/getUser'] }),
    ).toEqual({ mode: '500', prefixes: ['/api/context/changeLanguage', '/api/context/getUser'], delayMs: 5000 });

    const failed = await mari.get('/api/context/getUserContext');
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual(SERVER_ERROR_BODY);
    expect(ServiceError.safeParse(failed.json()).success).toBe(true);
    const post = await mari.post('/api/context/changeLanguage', { value: before === 'RUS' ? 'LAV' : 'RUS' });
    expect(post.statusCode).toBe(500);
    // not under a prefix: served
    expect((await mari.get('/api/context/getSimpleUserContext')).statusCode).toBe(200);
    expect((await mari.get('/sim/api/faults')).json()).toMatchObject({ value: { mode: '500' } });

    expect(await setFault(mari, { mode: 'off' })).toEqual({ mode: 'off', prefixes: ['/api/'], delayMs: 5000 });
    const after = await mari.get('/api/context/getUserContext');
    expect(after.statusCode).toBe(200);
    // the refused language change never reached its handler
    expect(UserContext.parse(after.json()).language).toBe(before);
  });

  it('slow: the answer comes after the delay, and is the normal one', async () => {
    t = await makeTestApp();
    const c = t.client();
    await c.get('/ui/config.json'); // the XSRF cookie for the POST
    await setFault(c, { mode: 'slow', delayMs: 300 });
    const started = Date.now();
    const res = await c.get('/api/context/getSimpleUserContext');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('uiLanguages');
    // the console itself is never slowed
    const consoleStarted = Date.now();
    expect((await c.get('/sim/api/faults')).statusCode).toBe(200);
    expect(Date.now() - consoleStarted).toBeLessThan(290);
  });

  it('down: over a real connection the API gives no answer at all, until the fault is off', async () => {
    t = await makeTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const c = t.client();
    await c.get('/ui/config.json');
    await setFault(c, { mode: 'down' });
    // what a browser's fetch meets when the portal process is gone: a network error, no status
    await expect(fetch(`${address}/api/context/getSimpleUserContext`)).rejects.toThrow(TypeError);
    expect((await fetch(`${address}/sim/api/faults`)).status).toBe(200);
    await setFault(c, { mode: 'off' });
    expect((await fetch(`${address}/api/context/getSimpleUserContext`)).status).toBe(200);
  });

  it('refuses a fault outside /api/ or of an unknown kind, and shows its section on the console', async () => {
    t = await makeTestApp();
    const c = t.client();
    await c.get('/ui/config.json');
    expect((await c.post('/sim/api/faults', { mode: 'down', prefixes: ['/sim/'] })).statusCode).toBe(400);
    expect((await c.post('/sim/api/faults', { mode: 'sideways' })).statusCode).toBe(400);
    expect((await c.post('/sim/api/faults', { mode: 'slow', delayMs: 600_000 })).statusCode).toBe(400);
    expect((await c.get('/sim/api/faults')).json()).toMatchObject({ value: { mode: 'off' } });
    await setFault(c, { mode: 'slow', prefixes: ['/api/customer-add/'] });
    const page = await c.get('/sim/');
    expect(page.body).toContain('Portal API faults');
    expect(page.body).toContain('slow on /api/customer-add/');
  });

  it('is switched off in live run mode: the switch answers 404 and the API is never faulted', async () => {
    t = await makeTestApp({ env: { runMode: 'live' } });
    const c = t.client();
    await c.get('/ui/config.json'); // the XSRF cookie, so only the live-mode rule can refuse the POST
    expect((await c.get('/sim/api/faults')).statusCode).toBe(404);
    const set = await c.post('/sim/api/faults', { mode: '500' });
    expect(set.statusCode).toBe(404);
    expect((await c.get('/sim/')).statusCode).toBe(404);
    expect((await c.get('/api/context/getSimpleUserContext')).statusCode).toBe(200);
  });
});
