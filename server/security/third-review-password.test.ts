/**
 * A change of one's own sign-on credentials asks for the current password (ASVS 2.1.6): a session alone (taken over,
 * or a browser left open) must not be enough to set a new password. The password tab and the terms-of-use confirm
 * of the signed-in person both ask; a wrong one counts as a failed sign-on of the username; a person without a
 * password sets one as before; staff do not reach another person's password tab (spec 2 §6).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceError } from '../../domain/contract.js';
import { executionOf, makeTestApp, toPath, type Client, type TestApp } from '../test/helpers.js';

const MARI = 'EE48709050218';
const NEW = { username: 'mari.uus', password: 'Uus2Parool' };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The sign-on form as a browser fills it: 302 when the simulator accepts, 401 wrong, 429 while throttled. */
async function signOn(app: TestApp, username: string, password: string): Promise<number> {
  const c = app.client();
  const start = await c.get('/api/security/login?target=%2Fui%2Fdashboard');
  const casUrl = toPath(start.headers.location as string);
  const service = new URL(casUrl, 'http://localhost').searchParams.get('service')!;
  const page = await c.get(casUrl);
  const posted = await c.request('POST', '/cas/login', {
    form: { service, username, password, execution: executionOf(page.body) },
  });
  return posted.statusCode;
}

const passwordHash = async (app: TestApp) =>
  (await app.db.selectFrom('persons').select('password_hash').where('fgid', '=', MARI).executeTakeFirstOrThrow())
    .password_hash;

const save = (c: Client, body: object) => c.post(`/api/user-settings/password/${MARI}`, body);

/** POST user-add/confirm without a key (the signed-in person's own terms-of-use acceptance). */
const confirm = (c: Client, credentials: object) =>
  c.post('/api/user-add/confirm', {
    key: null,
    acceptEula: true,
    uniqueUsernameError: false,
    adminList: [],
    userCredentials: { ...NEW, passwordAgain: NEW.password, passwordUsed: true, ...credentials },
    firstName: '',
    lastName: '',
    preference: { service: 'NOPREFERENCE', represented: 'NOPREFERENCE', serviceUrl: 'NOPREFERENCE' },
  });

describe('a password change asks for the current password', { timeout: 60_000 }, () => {
  it('the password tab refuses a new username and password without the current password, and changes nothing', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const before = await passwordHash(t);
    const res = await save(mari, { passwordUsed: true, ...NEW });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ServiceError>().fields?.currentPassword).toMatch(/mandatory/);
    // switching the password off first would let it be set again unproven: that needs the current one too
    const off = await save(mari, { passwordUsed: false });
    expect(off.statusCode, off.body).toBe(400);
    expect(off.json<ServiceError>().fields?.currentPassword).toMatch(/mandatory/);
    expect(await passwordHash(t)).toBe(before);
    expect(await signOn(t, 'mari', 'Maasikas1')).toBe(302);
    expect(await signOn(t, NEW.username, NEW.password)).toBe(401);
  });

  it('a wrong current password answers 400 on the field, changes nothing and counts as a failed sign-on', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const before = await passwordHash(t);
    for (let i = 0; i < 5; i++) {
      const res = await save(mari, { passwordUsed: true, ...NEW, currentPassword: `Arvan${i}Parool` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<ServiceError & { messageKey?: string }>()).toMatchObject({
        code: 'BAD_INPUT',
        fields: { currentPassword: 'is not your current password' },
        messageKey: 'user-settings.password.current.wrong',
      });
    }
    expect(await passwordHash(t)).toBe(before);
    // five wrong guesses of mari's password through her session: the sign-on's throttle makes the username wait,
    // on the tab (even with the right password, no hash is checked) and on the sign-on form alike
    const waiting = await save(mari, { passwordUsed: true, ...NEW, currentPassword: 'Maasikas1' });
    expect(waiting.statusCode, waiting.body).toBe(429);
    expect(waiting.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(waiting.headers['retry-after']).toBeDefined();
    expect(await signOn(t, 'mari', 'Maasikas1')).toBe(429);
    expect(await passwordHash(t)).toBe(before);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['outcome'])
      .where('event', '=', 'user-settings.password')
      .execute();
    expect(audit.map((a) => a.outcome).sort()).toEqual([...Array<string>(5).fill('failure'), 'refused']);
  });

  it('with the right current password the change goes through', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const res = await save(mari, { passwordUsed: true, ...NEW, currentPassword: 'Maasikas1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ errorType: null });
    expect(await signOn(t, NEW.username, NEW.password)).toBe(302);
    expect(await signOn(t, 'mari', 'Maasikas1')).toBe(401);
  });

  it('a person without a password sets one without a current password, as before', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    // as after an eID sign-on of a person whose password login is off
    await t.db.updateTable('persons').set({ password_hash: null }).where('fgid', '=', MARI).execute();
    const res = await save(mari, { passwordUsed: true, ...NEW });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signOn(t, NEW.username, NEW.password)).toBe(302);
  });

  it("staff with EDIT_ANY_USER do not reach another person's password tab (spec 2 §6)", async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    const res = await save(kristi, { passwordUsed: true, ...NEW });
    expect(res.statusCode).toBe(403);
    expect((await kristi.get(`/api/user-settings/password/${MARI}`)).statusCode).toBe(403);
    expect(await signOn(t, 'mari', 'Maasikas1')).toBe(302);
  });

  it("user-add/confirm without a key does not change the signed-in person's password without the current one", async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const before = await passwordHash(t);
    const bare = await confirm(mari, {});
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json<ServiceError>().fields?.['userCredentials.currentPassword']).toMatch(/mandatory/);
    const wrong = await confirm(mari, { currentPassword: 'Arvan1Parool' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json<ServiceError>().fields?.['userCredentials.currentPassword']).toBe('is not your current password');
    expect(await passwordHash(t)).toBe(before);
    expect(await signOn(t, 'mari', 'Maasikas1')).toBe(302);
    expect(await signOn(t, NEW.username, NEW.password)).toBe(401);

    const proven = await confirm(mari, { currentPassword: 'Maasikas1' });
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toMatchObject({ errorType: null });
    expect(await signOn(t, NEW.username, NEW.password)).toBe(302);
  });

  it('user-add/confirm without a key sets a first password for a person who has none, as before', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    await t.db.updateTable('persons').set({ password_hash: null }).where('fgid', '=', MARI).execute();
    const res = await confirm(mari, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await signOn(t, NEW.username, NEW.password)).toBe(302);
  });
});
