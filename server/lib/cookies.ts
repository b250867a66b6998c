/**
 * The portal's cookies: `req.cookies`, `reply.setCookie` and `reply.clearCookie`, as @fastify/cookie gives them (the
 * same defaults, the same Set-Cookie lines in the same order), worked as one step of the portal's request chain and
 * one of its answer chain (server/lib/hook-chain.ts) instead of two hooks of their own. The demo applications' server
 * keeps the plugin.
 *
 * A browser sends the same Cookie header with each of its calls: the parsed cookies are kept by the header's text
 * (a header of at most 2 kB; the last few thousand), frozen, and every request with that header reads the same
 * object. No request can change another's: nothing writes to `req.cookies`, and a frozen object refuses it.
 */
import { parse, serialize, type SerializeOptions } from 'cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { onRequestStep, onSendStep } from './hook-chain.js';

declare module 'fastify' {
  interface FastifyReply {
    /** the Set-Cookie lines of the cookies the reply sets, by name, domain and path (a second one replaces the first) */
    portalCookies: Map<string, string> | null;
    /** the answer's cookie step ran: a cookie set after it (by a later answer step) is written at once */
    portalCookiesWritten: boolean;
  }
}

const NO_COOKIES: Record<string, string | undefined> = Object.freeze(Object.create(null) as Record<string, string>);

/** Set-Cookie lines a reply got another way (reply.header) come first, then the reply's cookies in order. */
function writeCookies(reply: FastifyReply, cookies: Map<string, string>): void {
  if (cookies.size === 0) return;
  const before = reply.getHeader('set-cookie');
  const lines = before === undefined ? [] : Array.isArray(before) ? before.map(String) : [String(before)];
  for (const line of cookies.values()) lines.push(line);
  cookies.clear();
  // reply.header appends to a Set-Cookie already there: the whole list replaces it
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', lines.length === 1 ? lines[0] : lines);
}

/** @fastify/cookie's options: `secure: 'auto'` is Secure on an https request; `expires` may be a time in ms */
type CookieOptions = Omit<SerializeOptions, 'secure' | 'expires'> & {
  secure?: boolean | 'auto';
  expires?: Date | number;
  /** @fastify/cookie's signing: refused here (below) */
  signed?: boolean;
};

function setCookie(this: FastifyReply, name: string, value: string, options?: CookieOptions): FastifyReply {
  // @fastify/cookie's `signed` needs a secret the portal does not have: refused, never sent unsigned
  if (options?.signed) throw new Error(`cookie ${name}: the portal signs no cookies`);
  const { secure, expires, signed: _unsigned, ...rest } = { sameSite: 'lax' as const, ...options };
  const opts: SerializeOptions = {
    ...rest,
    ...(expires === undefined ? {} : { expires: typeof expires === 'number' ? new Date(expires) : expires }),
    ...(secure === undefined ? {} : { secure: secure === 'auto' ? this.request.protocol === 'https' : secure }),
  };
  const cookies = (this.portalCookies ??= new Map<string, string>());
  cookies.set(`${name};${opts.domain};${opts.path || '/'}`, serialize(name, value, opts));
  if (this.portalCookiesWritten) writeCookies(this, cookies);
  return this;
}

function clearCookie(this: FastifyReply, name: string, options?: CookieOptions): FastifyReply {
  return setCookie.call(this, name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0, signed: false });
}

export function installCookies(app: FastifyInstance): void {
  const kept = new Map<string, Record<string, string | undefined>>();
  const parseKept = (header: string) => {
    let cookies = kept.get(header);
    if (cookies === undefined) {
      cookies = Object.freeze(parse(header));
      if (header.length > 2_048) return cookies;
      if (kept.size >= 5_000) kept.clear();
      kept.set(header, cookies);
    }
    return cookies;
  };
  // null until the request step below sets it, before anything reads it (Fastify takes no shared object as a
  // default); the empty list of the decorations it depends on is what Fastify's types ask of a null
  app.decorateRequest('cookies', null, []);
  app.decorateReply('portalCookies', null);
  app.decorateReply('portalCookiesWritten', false);
  app.decorateReply('setCookie', setCookie);
  app.decorateReply('cookie', setCookie);
  app.decorateReply('clearCookie', clearCookie);
  onRequestStep(app, (req) => {
    const header = req.headers.cookie;
    req.cookies = header ? parseKept(header) : NO_COOKIES;
    return undefined;
  });
  onSendStep(app, (_req, reply, payload) => {
    if (reply.portalCookies) writeCookies(reply, reply.portalCookies);
    reply.portalCookiesWritten = true;
    return payload;
  });
}
