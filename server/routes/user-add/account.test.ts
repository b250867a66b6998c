import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfirmAnswer,
  EulaInfoAnswer,
  RepresentedWithAdminRolesAnswer,
  ResetPasswordUserAnswer,
} from '../../../domain/account/schemas.js';
import { createPasswordResetKey } from '../../lib/reset-keys.js';
import { executionOf, makeTestApp, toPath, type TestApp } from '../../test/helpers.js';

const MARI = 'EE48709050218';
const UKU = 'EE39912310010';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Signs on at the CAS simulator with a username and password; true when the portal opened a session. */
async function canLogin(app: TestApp, username: string, password: string): Promise<boolean> {
  const c = app.client();
  const start = await c.get('/api/security/login?target=%2Fui%2F');
  const casUrl = toPath(start.headers.location as string);
  const service = new URL(casUrl, 'http://x').searchParams.get('service')!;
  const page = await c.get(casUrl);
  const posted = await c.request('POST', '/cas/login', {
    form: { service, username, password, execution: executionOf(page.body) },
  });
  if (posted.statusCode !== 302) return false;
  await c.get(toPath(posted.headers.location as string));
  return c.cookies.has('EPIT-SESSION');
}

const inviteKey = async (app: TestApp) => {
  const mail = await app.db.selectFrom('outbox').select('body').where('kind', '=', 'invite').executeTakeFirstOrThrow();
  return /\/ui\/user-add\/edit\/([\w-]+)/.exec(mail.body)![1];
};

describe('user-reset-password', { timeout: 30_000 }, () => {
  it('resolves the key, saves new credentials once, and the sign-on accepts them', async () => {
    t = await makeTestApp();
    const key = await createPasswordResetKey(t.db, t.clock, MARI);
    const c = t.client();
    const user = await c.get(`/api/user-reset-password/getUserByResetPasswordKey/${key}`);
    expect(ResetPasswordUserAnswer.parse(user.json()).value).toMatchObject({
      userId: MARI,
      firstName: 'Mari',
      username: 'mari',
    });
    expect(ResetPasswordUserAnswer.parse(user.json()).value?.endUserAgreementVersion).toBeTruthy();
    await c.get('/ui/config.json');
    const saved = await c.post('/api/user-reset-password/saveCredentials/', {
      key,
      passwordUsed: true,
      username: 'mari.uus',
      password: 'Uus12345pw',
    });
    expect(saved.json()).toEqual({ errorType: null });
    expect(await canLogin(t, 'mari.uus', 'Uus12345pw')).toBe(true);
    expect(await canLogin(t, 'mari', 'Maasikas1')).toBe(false);
    // single use: the key resolves to nobody now, and a second save changes nothing
    expect((await c.get(`/api/user-reset-password/getUserByResetPasswordKey/${key}`)).json()).toEqual({ value: null });
    const again = await c.post('/api/user-reset-password/saveCredentials/', {
      key,
      passwordUsed: true,
      username: 'mari.teine',
      password: 'Teine123pw',
    });
    expect(again.json()).toEqual({ errorType: 'KEY' });
    expect(await canLogin(t, 'mari.teine', 'Teine123pw')).toBe(false);
  });

  it('answers UNIQUE for a taken username and keeps the key usable', async () => {
    t = await makeTestApp();
    const key = await createPasswordResetKey(t.db, t.clock, MARI);
    const c = t.client();
    await c.get('/ui/config.json');
    const body = { key, passwordUsed: true, username: 'JAAN', password: 'Uus12345pw' };
    expect((await c.post('/api/user-reset-password/saveCredentials/', body)).json()).toEqual({ errorType: 'UNIQUE' });
    const still = await c.get(`/api/user-reset-password/getUserByResetPasswordKey/${key}`);
    expect(ResetPasswordUserAnswer.parse(still.json()).value).not.toBeNull();
  });

  it('refuses a weak password with 400 and resolves nobody after 24 h', async () => {
    t = await makeTestApp();
    const key = await createPasswordResetKey(t.db, t.clock, MARI);
    const c = t.client();
    await c.get('/ui/config.json');
    const weak = await c.post('/api/user-reset-password/saveCredentials/', {
      key,
      passwordUsed: true,
      username: 'mari.uus',
      password: 'lowercase1',
    });
    expect(weak.statusCode).toBe(400);
    t.clock.advance(25 * 3_600_000);
    expect((await c.get(`/api/user-reset-password/getUserByResetPasswordKey/${key}`)).json()).toEqual({ value: null });
  });
});

describe('user-add (terms of use)', { timeout: 30_000 }, () => {
  it("uku's invitation: info, parties with the invited customer, confirm signs him in with a right and a preference", async () => {
    t = await makeTestApp();
    const key = await inviteKey(t);
    const c = t.client();
    const info = EulaInfoAnswer.parse((await c.get(`/api/user-add/getUserInfo?key=${key}`)).json());
    expect(info.value).toMatchObject({
      id: UKU,
      firstName: 'Uku',
      language: 'EST',
      endUserAgreementVersion: null,
      preference: null,
    });
    const parties = RepresentedWithAdminRolesAnswer.parse(
      (await c.get(`/api/user-add/getRepresentedWithAdminRoles?key=${key}`)).json(),
    );
    expect(parties.value.map((p) => p.name)).toContain('Maasikas OÜ');
    // the portal's own terms of use per language, not the general terms of the business customer contract
    for (const lang of ['ET', 'EN', 'RU', 'LV', 'LT']) {
      const pdf = await c.get(`/api/user-add/eula/${lang}.pdf`);
      expect(pdf.statusCode, lang).toBe(200);
      expect(pdf.headers['content-type'], lang).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString(), lang).toBe('%PDF-');
      const file = (name: string) => readFileSync(new URL(`../../../public/terms/${name}`, import.meta.url));
      expect(pdf.rawPayload.equals(file(`terms-of-use-${lang.toLowerCase()}.pdf`)), lang).toBe(true);
      expect(pdf.rawPayload.equals(file(`general-terms-${lang.toLowerCase()}.pdf`)), lang).toBe(false);
    }
    expect((await c.get('/api/user-add/eula/FI.pdf')).statusCode).toBe(404);

    await c.get('/ui/config.json');
    const body = {
      key,
      acceptEula: true,
      uniqueUsernameError: false,
      adminList: [],
      userCredentials: { username: 'uku', password: 'Ukuparool1', passwordAgain: 'Ukuparool1', passwordUsed: true },
      firstName: '',
      lastName: '',
      preference: { service: 'LOGISTICS', represented: 'EPEE11000015', serviceUrl: '/ui/business/ee/et/LOGISTICS' },
    };
    const taken = await c.post('/api/user-add/confirm', {
      ...body,
      userCredentials: { ...body.userCredentials, username: 'mari' },
    });
    expect(ConfirmAnswer.parse(taken.json()).errorType).toBe('UNIQUE');
    const ok = await c.post('/api/user-add/confirm', body);
    expect(ok.json()).toEqual({
      errorType: null,
      hadPreference: false,
      preference: { representedId: 'EPEE11000015', serviceUrl: '/ui/business/ee/et/LOGISTICS' },
    });
    // signed in, with the invited right, so he can act for Maasikas OÜ
    const changed = await c.get('/api/context/changeRepresented/EPEE11000015');
    expect(changed.statusCode).toBe(200);
    expect(await canLogin(t, 'uku', 'Ukuparool1')).toBe(true);
    // the link is used up
    expect((await t.client().get(`/api/user-add/getUserInfo?key=${key}`)).json()).toEqual({ value: null });
    expect(ConfirmAnswer.parse((await c.post('/api/user-add/confirm', body)).json()).errorType).toBe('KEY');
  });

  it('without a key needs a session', async () => {
    t = await makeTestApp();
    expect((await t.client().get('/api/user-add/getUserInfo')).statusCode).toBe(401);
    // jaan has a start-up preference: the modal only redirects to it after confirming
    const jaan = await t.login('jaan');
    const info = EulaInfoAnswer.parse((await jaan.get('/api/user-add/getUserInfo')).json()).value;
    expect(info?.firstName).toBe('Jaan');
    expect(info?.preference?.serviceUrl).toContain('/ui/');
  });
});
