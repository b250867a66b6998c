/**
 * The portal's cookies (server/lib/cookies.ts) answer as @fastify/cookie answered: the same Set-Cookie lines in
 * the same order, a cookie set twice sent once, a cookie set by a later answer step still sent, and the parsed
 * Cookie header shared by requests that send the same one without any of them able to change it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installCookies } from './cookies.js';
import { onSendStep } from './hook-chain.js';

describe('the portal cookies', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  async function appWith(routes: (app: FastifyInstance) => void, trustProxy = false): Promise<FastifyInstance> {
    app = Fastify({ trustProxy });
    installCookies(app);
    routes(app);
    await app.ready();
    return app;
  }

  it('sends the lines set by the route after a Set-Cookie set by hand, a cookie set twice once, in their order', async () => {
    await appWith((a) =>
      a.get('/', (_req, reply) => {
        reply.header('set-cookie', 'own=1; Path=/');
        reply.setCookie('a', '1', { path: '/' });
        reply.setCookie('b', '2', { path: '/x', httpOnly: true, secure: true });
        reply.setCookie('a', '3', { path: '/' }); // the same name, domain and path: replaces the first
        reply.clearCookie('c');
        return 'ok';
      }),
    );
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toEqual([
      'own=1; Path=/',
      'a=3; Path=/; SameSite=Lax',
      'b=2; Path=/x; HttpOnly; Secure; SameSite=Lax',
      'c=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
    ]);
  });

  it("sends a cookie set by a later answer step, and one alone as one line; 'auto' is Secure on https only", async () => {
    await appWith((a) => {
      a.get('/', () => 'ok');
      onSendStep(a, (_req, reply, payload) => {
        reply.setCookie('late', 'yes', { secure: 'auto' });
        return payload;
      });
    }, true);
    const plain = await app.inject('/');
    expect(plain.headers['set-cookie']).toBe('late=yes; SameSite=Lax');
    const https = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['set-cookie']).toBe('late=yes; Secure; SameSite=Lax');
  });

  it('refuses a signed cookie, which would need a secret, instead of sending it unsigned', async () => {
    await appWith((a) => a.get('/', (_req, reply) => reply.setCookie('a', '1', { signed: true }).send('ok')));
    const res = await app.inject('/');
    expect(res.statusCode).toBe(500);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('gives requests with the same Cookie header the same parse, which none can change', async () => {
    const seen: object[] = [];
    await appWith((a) =>
      a.get('/', (req) => {
        seen.push(req.cookies);
        expect(() => {
          req.cookies.session = 'forged';
        }).toThrow(TypeError);
        return req.cookies;
      }),
    );
    const first = await app.inject({ url: '/', headers: { cookie: 'session=abc; lang=et' } });
    const second = await app.inject({ url: '/', headers: { cookie: 'session=abc; lang=et' } });
    expect(first.json()).toEqual({ session: 'abc', lang: 'et' });
    expect(second.json()).toEqual({ session: 'abc', lang: 'et' });
    expect(seen[0]).toBe(seen[1]);
    expect((await app.inject('/')).json()).toEqual({});
  });
});
