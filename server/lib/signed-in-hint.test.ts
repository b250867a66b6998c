/**
 * The readable EPIT-SIGNED-IN hint (server/lib/session.ts) follows the portal session, so the portal's
 * first screen can tell a signed-out visitor without asking context/getUserContext (and logging its 401).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE, PortalConfig } from '../../domain/contract.js';
import { createApp } from '../app.js';
import { openDb } from '../db/index.js';
import { prepareDb } from '../db/prepare.js';
import { testEnv } from '../test/env.js';
import { fakeClock } from './clock.js';
import { makeTestApp, type TestApp } from '../test/helpers.js';

interface SetCookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  sameSite?: string;
  maxAge?: number;
  expires?: Date;
}
const hintOf = (res: LightMyRequestResponse) => (res.cookies as SetCookie[]).find((c) => c.name === COOKIE.signedIn);
const cleared = (c: SetCookie | undefined) =>
  c !== undefined && c.value === '' && (c.maxAge === 0 || (c.expires?.getTime() ?? 1) <= Date.now());

describe('EPIT-SIGNED-IN', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it('is set at sign-on, and the reference backend tells the portal so in config.json', async () => {
    t = await makeTestApp();
    const config = PortalConfig.parse((await t.client().get('/ui/config.json')).json());
    expect(config.sessionHint).toBe(true);

    const anonymous = t.client();
    const before = await anonymous.get('/api/context/getUserContext');
    expect(before.statusCode).toBe(401);
    expect(hintOf(before), 'no hint for a visitor who never signed in').toBeUndefined();

    const mari = await t.login('mari');
    expect(mari.cookies.get(COOKIE.signedIn)).toBe('1');
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
  });

  it('the answer that opens the session carries it with the right attributes', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    // a second sign-on in the same browser replaces the session; its callback answer is inspected directly
    mari.cookies.delete(COOKIE.signedIn);
    const start = await mari.get('/api/security/login?target=%2Fui%2F');
    const casLogin = await mari.get(String(start.headers.location).replace(/^https?:\/\/[^/]+/, ''));
    // the simulator remembers the sign-on (its ticket-granting cookie): it answers with a ticket at once
    expect(casLogin.statusCode).toBe(302);
    const callback = await mari.get(String(casLogin.headers.location).replace(/^https?:\/\/[^/]+/, ''));
    expect(callback.statusCode).toBe(302);
    const hint = hintOf(callback);
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint?.httpOnly ?? false, 'the portal script must be able to read it').toBe(false);
    expect(hint?.maxAge, 'a browser-session cookie, like EPIT-SESSION').toBeUndefined();
    // the session cookie set (the answer also clears one on the whole host, from before it was scoped to its paths)
    const session = (callback.cookies as SetCookie[]).find((c) => c.name === COOKIE.session && c.value !== '');
    expect(session?.httpOnly).toBe(true);
    expect(hint?.value).not.toContain(session?.value ?? '?');
  });

  it('is cleared by the logout (single sign-out)', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const out = await mari.post('/api/security/single-signout?locale=et_EE');
    expect(out.statusCode).toBe(200);
    expect(cleared(hintOf(out))).toBe(true);
    expect(mari.cookies.has(COOKIE.signedIn)).toBe(false);
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
  });

  it('is cleared by the first call that finds the session expired or idle', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    t.clock.advance(t.env.security.sessionIdleMs + 1_000);
    const res = await mari.get('/api/context/getUserContext');
    expect(res.statusCode).toBe(401);
    expect(cleared(hintOf(res))).toBe(true);
    expect(mari.cookies.has(COOKIE.signedIn)).toBe(false);

    const jaan = await t.login('jaan');
    t.clock.advance(t.env.security.sessionMaxMs + 1_000);
    const late = await jaan.get('/api/context/getUserDetails');
    expect(late.statusCode).toBe(401);
    expect(jaan.cookies.has(COOKIE.signedIn)).toBe(false);
  });

  it('is cleared after a single logout from the sign-on service, on the next call of that browser', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    // the browser goes to the CAS logout directly: the back channel ends the portal session, the browser keeps its hint
    expect((await mari.get('/cas/logout')).statusCode).toBe(200);
    expect(mari.cookies.get(COOKIE.signedIn)).toBe('1');
    const res = await mari.get('/api/context/getUserContext');
    expect(res.statusCode).toBe(401);
    expect(cleared(hintOf(res))).toBe(true);
  });

  it('comes back for a live session whose browser lacks it, and is left alone where the session is not looked up', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    mari.cookies.delete(COOKIE.signedIn);
    const res = await mari.get('/api/context/getUserContext');
    expect(res.statusCode).toBe(200);
    expect(hintOf(res)?.value).toBe('1');
    expect(mari.cookies.get(COOKIE.signedIn)).toBe('1');
    // a live session's ordinary calls send nothing more
    expect(hintOf(await mari.get('/api/context/getUserContext'))).toBeUndefined();

    const stranger = t.client();
    stranger.cookies.set(COOKIE.signedIn, '1');
    expect(hintOf(await stranger.get('/ui/config.json'))).toBeUndefined();
    expect(cleared(hintOf(await stranger.get('/api/context/getUserContext')))).toBe(true);
  });
});

describe("index.html's preload hints", () => {
  /** the portal served from a small built folder: index.html (with the desktop views' preload, only for a wide window)
   * and two languages' first messages chunks */
  async function portalOn() {
    const distDir = mkdtempSync(path.join(tmpdir(), 'epit-hint-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><link rel="modulepreload" crossorigin href="/ui/assets/wide-shell-Wx12.js" ' +
        'media="(min-width: 737px)"></head><body></body></html>',
    );
    for (const file of [
      '_epit-messages-en-AbCd1234.js',
      '_epit-messages-ru-EfGh5678.js',
      '_epit-messages-forms-ru-x1.js',
    ])
      writeFileSync(path.join(distDir, 'assets', file), 'export const messages = {};');
    const clock = fakeClock(new Date().toISOString());
    const db = openDb(null);
    await prepareDb(db, clock);
    const app = await createApp({ db, clock, env: { ...testEnv(), distDir }, ui: { kind: 'static' } });
    await app.ready();
    /** a live session of a demo person, as openSession writes it */
    const session = async () => {
      const person = await db
        .selectFrom('persons')
        .select('fgid')
        .where('not_active', '=', 0)
        .executeTakeFirstOrThrow();
      const now = clock.now();
      const id = 'test-session-for-the-index-answer-0001';
      await db
        .insertInto('sessions')
        .values({
          id,
          person_fgid: person.fgid,
          represented_gid: null,
          language: 'EST',
          dead_seen: '[]',
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
          sso_ticket: null,
          last_seen_at: now.toISOString(),
          xsrf_token: 'x',
        })
        .execute();
      return id;
    };
    const page = (cookie?: string, url = '/ui/dashboard') => app.inject({ url, headers: cookie ? { cookie } : {} });
    return {
      session,
      page,
      link: async (cookie?: string) => String((await page(cookie)).headers.link ?? ''),
      close: async () => {
        await app.close();
        await db.destroy();
        rmSync(distDir, { recursive: true, force: true });
      },
    };
  }

  it("names the first language's messages (the cookie's, else English) and, with a session, the user context", async () => {
    const portal = await portalOn();
    try {
      const anonymous = await portal.link();
      expect(anonymous).toContain('</ui/assets/_epit-messages-en-AbCd1234.js>; rel=modulepreload; crossorigin');
      expect(anonymous).not.toContain('_epit-messages-ru');
      expect(anonymous, 'no session: nothing to ask the API for').not.toContain('/api/');
      // a phone does not fetch the desktop views: the header keeps the tag's media query
      expect(anonymous).toContain(
        '</ui/assets/wide-shell-Wx12.js>; rel=modulepreload; crossorigin; media="(min-width: 737px)"',
      );

      const russian = await portal.link(`${COOKIE.language}=RUS`);
      expect(russian).toContain('</ui/assets/_epit-messages-ru-EfGh5678.js>; rel=modulepreload');
      expect(russian).not.toContain('_epit-messages-en');
      expect(russian, "a part's chunk is not the first screen's").not.toContain('forms');

      const id = await portal.session();
      const signedIn = await portal.page(`${COOKIE.session}=${id}; ${COOKIE.signedIn}=1; ${COOKIE.language}=ENG`);
      expect(String(signedIn.headers.link)).toContain(
        '</api/context/getUserContext>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
      expect(hintOf(signedIn), 'a hint that is right is left as it is').toBeUndefined();
      // the terms of use load only the simple context (spec 1 §4 Login state): no hint of the full one
      const terms = await portal.page(`${COOKIE.session}=${id}; ${COOKIE.signedIn}=1`, '/ui/user-add/edit/');
      expect(terms.statusCode).toBe(200);
      expect(String(terms.headers.link)).not.toContain('/api/');
    } finally {
      await portal.close();
    }
  });

  it('puts the hint right on the page itself: gone with the session, back for a live one', async () => {
    const portal = await portalOn();
    try {
      // a hint (and a session cookie) the session outlived: cleared before the page's script reads it, no API hint
      const stale = await portal.page(`${COOKIE.session}=ended-long-ago; ${COOKIE.signedIn}=1`);
      expect(cleared(hintOf(stale))).toBe(true);
      expect(String(stale.headers.link)).not.toContain('/api/');
      const onlyHint = await portal.page(`${COOKIE.signedIn}=1`);
      expect(cleared(hintOf(onlyHint))).toBe(true);
      // a live session whose browser lacks the hint gets it with the page
      const id = await portal.session();
      const live = await portal.page(`${COOKIE.session}=${id}`);
      expect(hintOf(live)?.value).toBe('1');
      expect(String(live.headers.link)).toContain('</api/context/getUserContext>');
      // nobody signed in: nothing looked up, nothing set
      expect(hintOf(await portal.page())).toBeUndefined();
    } finally {
      await portal.close();
    }
  });
});
