import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../domain/contract.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

describe('the simulator console in live run mode', () => {
  it('is switched off: the page, the outbox and the switches answer 404 and change nothing', async () => {
    t = await makeTestApp({ env: { runMode: 'live' } });
    const c = t.client();
    expect((await c.get('/sim/')).statusCode).toBe(404);
    const outbox = await c.get('/sim/api/outbox');
    expect(outbox.statusCode).toBe(404);
    expect(ServiceError.parse(JSON.parse(outbox.body)).serviceErrorMessage).toMatch(/switched off/);
    await c.get('/ui/config.json'); // picks up the XSRF cookie, so only the live-mode rule can refuse the POST
    const flip = await c.post('/sim/api/applications/AXAPTA', { dead: true });
    expect(flip.statusCode).toBe(404);
    const status = await t.db
      .selectFrom('application_status')
      .selectAll()
      .where('application', '=', 'AXAPTA')
      .executeTakeFirstOrThrow();
    expect(Boolean(status.dead)).toBe(false);
  });

  it('is there in test run mode', async () => {
    t = await makeTestApp();
    const c = t.client();
    expect((await c.get('/sim/')).statusCode).toBe(200);
    expect((await c.get('/sim/api/outbox')).statusCode).toBe(200);
  });
});
