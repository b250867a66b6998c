/**
 * Malformed input to each route below answers 400 with a clear message and
 * changes nothing. Complements server/lib/security.test.ts (XSRF, 401, 403 and the first 400 cases) with the
 * remaining shapes of bad input, and pins down that the routes which take no input ignore stray parameters.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError, ServiceUrlsResponse, SimpleUserContext, UserContext } from '../../domain/contract.js';
import { makeTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

const sessionOf = (fgid: string) =>
  t.db.selectFrom('sessions').selectAll().where('person_fgid', '=', fgid).executeTakeFirstOrThrow();

function expectBadInput(res: { statusCode: number; json: () => unknown }, field: string, rule: RegExp) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { serviceErrorMessage: string; code: string; fields: Record<string, string> };
  expect(ServiceError.safeParse(body).success).toBe(true);
  expect(body.code).toBe('BAD_INPUT');
  expect(body.serviceErrorMessage.startsWith(`${field}: `), body.serviceErrorMessage).toBe(true);
  expect(body.serviceErrorMessage).toMatch(rule);
  expect(Object.keys(body.fields)).toContain(field);
}

describe('context/changeLanguage', () => {
  it.each([
    ['a lower-case code', { value: 'est' }],
    ['a two-letter code', { value: 'et' }],
    ['a number', { value: 1 }],
    ['null', { value: null }],
    ['the value in the wrong field', { language: 'EST' }],
  ])('%s answers 400 naming the five codes and keeps the language', async (_what, body) => {
    const mari = await t.login('mari');
    const res = await mari.post('/api/context/changeLanguage', body);
    expectBadInput(res, 'value', /EST, ENG, RUS, LAV, LIT/);
    expect((await sessionOf('EE48709050218')).language).toBe('EST');
  });

  it('an array body answers 400 and keeps the language', async () => {
    const mari = await t.login('mari');
    const res = await mari.post('/api/context/changeLanguage', ['ENG']);
    expect(res.statusCode).toBe(400);
    expect(ServiceError.parse(res.json()).code).toBe('BAD_INPUT');
    expect((await sessionOf('EE48709050218')).language).toBe('EST');
  });
});

describe('context/changeRepresented/{gid}', () => {
  it.each([
    ['lower case', 'epee11000015'],
    ['too short', 'EP1'],
    ['too long', `EPEE${'1'.repeat(40)}`],
    ['with punctuation', 'EPEE-11000015'],
  ])('a gid %s answers 400 and keeps the represented party', async (_what, gid) => {
    const mari = await t.login('mari');
    await mari.get('/api/context/changeRepresented/EPEE11000015');
    const res = await mari.get(`/api/context/changeRepresented/${encodeURIComponent(gid)}`);
    expectBadInput(res, 'gid', /must be a customer or person id/);
    expect((await sessionOf('EE48709050218')).represented_gid).toBe('EPEE11000015');
  });
});

describe('context/getUserDetails', () => {
  it.each([
    ['lower case', 'ee48709050218'],
    ['too long', `EE${'4'.repeat(40)}`],
    ['repeated', ['EE48709050218', 'EE37503124229']],
  ])('an fgid %s answers 400', async (_what, fgid) => {
    const kristi = await t.login('kristi');
    const query = (Array.isArray(fgid) ? fgid : [fgid]).map((f) => `fgid=${encodeURIComponent(f)}`).join('&');
    const res = await kristi.get(`/api/context/getUserDetails?${query}`);
    expectBadInput(res, 'fgid', /./);
  });
});

describe('single-signout?locale=', () => {
  it.each([
    ['a language without domain', 'et', /et_EE/],
    ['an unknown domain', 'et_FI', /et_EE/],
    // any repeated query parameter of the API is refused as such
    ['two locales', ['et_EE', 'en_EE'], /given once/],
    ['upper case', 'ET_EE', /et_EE/],
  ])('%s answers 400 with an example and keeps the session', async (_what, locale, rule) => {
    const mari = await t.login('mari');
    const query = (Array.isArray(locale) ? locale : [locale]).map((l) => `locale=${encodeURIComponent(l)}`).join('&');
    const res = await mari.post(`/api/security/single-signout?${query}`);
    expectBadInput(res, 'locale', rule);
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
  });
});

describe('cross-domain ticket check', () => {
  it('a valid callback answers JSONP with no-store', async () => {
    const res = await t.client().get('/cas/ticket-check?callback=__epitJsonphandle');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('__epitJsonphandle({"value":false});');
  });

  it.each([
    ['too long', `cb${'x'.repeat(120)}`],
    ['a script', 'a;alert(1)'],
    ['two callbacks', ['a', 'b']],
  ])('a callback %s answers 400', async (_what, cb) => {
    const query = (Array.isArray(cb) ? cb : [cb]).map((c) => `callback=${encodeURIComponent(c)}`).join('&');
    const res = await t.client().get(`/cas/ticket-check?${query}`);
    expectBadInput(res, 'callback', /./);
    expect(res.body).not.toContain('alert(1)(');
  });
});

describe('routes that take no input ignore stray parameters (nothing to be malformed)', () => {
  const junk = '?fgid=x&gid=%00&value=FIN&__proto__[x]=1';
  it('getUserContext, representedDetails, checkDeadApplications and service-urls', async () => {
    const mari = await t.login('mari');
    const ctx = await mari.get(`/api/context/getUserContext${junk.replace('fgid=x&', '')}`);
    expect(ctx.statusCode).toBe(200);
    expect(UserContext.parse(ctx.json()).epitPrincipal!.representative.firstName).toBe('Mari');
    expect((await mari.get(`/api/context/representedDetails${junk}`)).json()).toEqual({ value: null });
    expect((await mari.get(`/api/context/checkDeadApplications${junk}`)).json()).toEqual({ value: null });
    const urls = await mari.get(`/api/user-settings/service-urls${junk}`);
    expect(urls.statusCode).toBe(200);
    expect(Object.keys(ServiceUrlsResponse.parse(urls.json()).value)).toEqual(['EE', 'LV', 'LT']);
    // and nothing changed in her session
    const s = await sessionOf('EE48709050218');
    expect(s.language).toBe('EST');
    expect(s.represented_gid).toBeNull();
  });

  it('getSimpleUserContext, without a session', async () => {
    const res = await t.client().get(`/api/context/getSimpleUserContext${junk}`);
    expect(res.statusCode).toBe(200);
    expect(SimpleUserContext.parse(res.json()).uiLanguages).toHaveLength(5);
  });
});
