import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceError } from '../../../domain/contract.js';
import { PasswordSettingsAnswer } from '../../../domain/user-settings/index.js';
import { executionOf, makeTestApp, toPath, type TestApp } from '../../test/helpers.js';

const MARI = 'EE48709050218';
const KRISTI = 'EE49004170227';

let t: TestApp;
afterEach(() => t?.close());

/** The sign-on page as a browser fills it: 302 back to the portal when the simulator accepts the credentials. */
async function signOn(username: string, password: string): Promise<number> {
  const c = t.client();
  const start = await c.get('/api/security/login?target=%2Fui%2Fdashboard');
  const casUrl = toPath(start.headers.location as string);
  const service = new URL(casUrl, 'http://localhost').searchParams.get('service')!;
  const page = await c.get(casUrl);
  const posted = await c.request('POST', '/cas/login', {
    form: { service, username, password, execution: executionOf(page.body) },
  });
  return posted.statusCode;
}

describe('user-settings/password', { timeout: 30_000 }, () => {
  it('shows mari her username and that she logs in with a password', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const res = await mari.get(`/api/user-settings/password/${MARI}`);
    expect(PasswordSettingsAnswer.parse(res.json())).toEqual({
      username: 'mari',
      passwordUsed: true,
      canDisablePassword: true,
    });
    const kristi = await t.login('kristi');
    // staff sign on through the directory: their password login cannot be switched off here
    expect((await kristi.get(`/api/user-settings/password/${KRISTI}`)).json()).toMatchObject({
      canDisablePassword: false,
    });
  });

  it('sets a new username and password: the sign-on simulator takes them and refuses the old ones', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const res = await mari.post(`/api/user-settings/password/${MARI}`, {
      passwordUsed: true,
      username: 'mari.m',
      password: 'Uus2Parool',
      currentPassword: 'Maasikas1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ errorType: null });
    expect(await signOn('mari.m', 'Uus2Parool')).toBe(302);
    expect(await signOn('mari', 'Maasikas1')).toBe(401);
    expect(await signOn('mari.m', 'Maasikas1')).toBe(401);
    expect((await mari.get(`/api/user-settings/password/${MARI}`)).json()).toMatchObject({
      username: 'mari.m',
      passwordUsed: true,
    });

    // a new username alone keeps the password
    expect(
      (
        await mari.post(`/api/user-settings/password/${MARI}`, {
          passwordUsed: true,
          username: 'mari|m',
          currentPassword: 'Uus2Parool',
        })
      ).json(),
    ).toEqual({ errorType: null });
    expect(await signOn('mari|m', 'Uus2Parool')).toBe(302);
  });

  it('answers UNIQUE for a username someone else has (in any case) and saves nothing', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    for (const username of ['jaan', 'JAAN']) {
      const res = await mari.post(`/api/user-settings/password/${MARI}`, {
        passwordUsed: true,
        username,
        password: 'Uus2Parool',
        currentPassword: 'Maasikas1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ errorType: 'UNIQUE' });
    }
    expect(await signOn('mari', 'Maasikas1')).toBe(302);
    expect(await signOn('jaan', 'Tamm12345')).toBe(302);
    // her own username again is not a clash
    expect(
      (
        await mari.post(`/api/user-settings/password/${MARI}`, {
          passwordUsed: true,
          username: 'mari',
          currentPassword: 'Maasikas1',
        })
      ).json(),
    ).toEqual({ errorType: null });
  });

  it('refuses a weak password or a bad username with 400 naming the rule, and changes nothing', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const cases: [object, string, RegExp][] = [
      [{ passwordUsed: true, username: 'mari.m', password: 'Paroolita' }, 'password', /upper case.*lower case.*digit/],
      [{ passwordUsed: true, username: 'mari.m', password: 'Ab1' }, 'password', /at least 8 characters/],
      [{ passwordUsed: true, username: 'ma', password: 'Uus2Parool' }, 'username', /at least 3/],
      [
        { passwordUsed: true, username: 'm'.repeat(21), password: 'Uus2Parool' },
        'username',
        /maximum length of "Username" is 20/,
      ],
      [{ passwordUsed: true, username: 'mari m@x', password: 'Uus2Parool' }, 'username', /letters, digits, dots/],
      [{ passwordUsed: 'maybe' }, 'passwordUsed', /invalid/],
    ];
    for (const [body, field, rule] of cases) {
      const res = await mari.post(`/api/user-settings/password/${MARI}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ServiceError>().fields?.[field], res.body).toMatch(rule);
    }
    expect(await signOn('mari', 'Maasikas1')).toBe(302);
  });

  it('“no” ends the password login; “yes” needs a new password then', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    expect(
      (
        await mari.post(`/api/user-settings/password/${MARI}`, { passwordUsed: false, currentPassword: 'Maasikas1' })
      ).json(),
    ).toEqual({
      errorType: null,
    });
    expect(await signOn('mari', 'Maasikas1')).toBe(401);
    expect((await mari.get(`/api/user-settings/password/${MARI}`)).json()).toEqual({
      username: 'mari',
      passwordUsed: false,
      canDisablePassword: true,
    });
    const again = await mari.post(`/api/user-settings/password/${MARI}`, { passwordUsed: true, username: 'mari' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ServiceError>().fields).toHaveProperty('password');
    await mari.post(`/api/user-settings/password/${MARI}`, {
      passwordUsed: true,
      username: 'mari',
      password: 'Tagasi123',
    });
    expect(await signOn('mari', 'Tagasi123')).toBe(302);

    // staff cannot switch theirs off
    const kristi = await t.login('kristi');
    const res = await kristi.post(`/api/user-settings/password/${KRISTI}`, { passwordUsed: false });
    expect(res.statusCode).toBe(400);
    expect(await signOn('kristi', 'Kask12345')).toBe(302);
  });

  it('is for the person themself only, staff with EDIT_ANY_USER included', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    expect((await kristi.get(`/api/user-settings/password/${MARI}`)).statusCode).toBe(403);
    const res = await kristi.post(`/api/user-settings/password/${MARI}`, {
      passwordUsed: true,
      username: 'x.y.z',
      password: 'Uus2Parool',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await signOn('mari', 'Maasikas1')).toBe(302);
  });
});
