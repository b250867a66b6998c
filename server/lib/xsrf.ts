/**
 * XSRF double submit (docs/conventions.md): the EPIT-XSRF-TOKEN cookie (readable by JS) is set on any
 * response whose request lacks it; every POST/PUT/PATCH/DELETE under /api/ and /sim/ must echo it in
 * X-XSRF-TOKEN, else 403 { code: 'XSRF' } before any handler runs (so nothing changes).
 * With a portal session the token is the one bound to that session (server/lib/session.ts, new at every
 * login), so a token planted in the browser before the login, or read from another session, is refused.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE, XSRF_HEADER } from '../../domain/contract.js';
import { HttpError } from './errors.js';
import { onRequestStep, routeOf } from './hook-chain.js';
import { randomToken } from './random.js';
import { findSession, knownSession, setXsrfCookie, type Session } from './session.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** '/api', '/sim' or a path under either (what `^\/(api|sim)(\/|$)` matches), without a pattern: every request asks */
const isProtectedPath = (path: string) =>
  (path.startsWith('/api') || path.startsWith('/sim')) && (path.length === 4 || path.charCodeAt(4) === 47);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether the request is for /api or /sim. The raw URL alone is not enough: the router decodes
 * percent-escapes, so '/%61pi/...' reaches an /api route while not starting with '/api'.
 */
function isProtected(req: FastifyRequest): boolean {
  const route = routeOf(req).url;
  if (isProtectedPath(req.url) || (route !== undefined && isProtectedPath(route))) return true;
  try {
    return isProtectedPath(decodeURIComponent(req.url.split('?')[0]));
  } catch {
    return true; // undecodable: treat as protected (the router rejects it anyway)
  }
}

/** The token the request must echo: its session's, else the cookie's (no session yet: plain double submit). */
async function expectedToken(req: FastifyRequest): Promise<string | undefined> {
  const session = req.cookies?.[COOKIE.session] ? await findSession(req) : null;
  return session?.xsrfToken ?? req.cookies?.[COOKIE.xsrf];
}

/** Throws 403 XSRF unless the X-XSRF-TOKEN header carries the expected token (also for a GET that changes state). */
export async function requireXsrf(req: FastifyRequest): Promise<void> {
  const expected = await expectedToken(req);
  const header = req.headers[XSRF_HEADER.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  const cookie = req.cookies?.[COOKIE.xsrf];
  if (!expected || !value || !cookie || !same(expected, value) || !same(cookie, value)) throw xsrfRefused();
}

/** The browser's cookie follows its session's token (a tab that kept an old cookie gets the right one back). */
function syncCookie(req: FastifyRequest, reply: FastifyReply, session: Session | null): void {
  const cookie = req.cookies?.[COOKIE.xsrf];
  if (session?.xsrfToken && cookie !== session.xsrfToken) setXsrfCookie(req, reply, session.xsrfToken);
  else if (!cookie) setXsrfCookie(req, reply, randomToken(24));
}

async function check(req: FastifyRequest, reply: FastifyReply, unsafe: boolean): Promise<void> {
  syncCookie(req, reply, req.cookies?.[COOKIE.session] && isProtected(req) ? await findSession(req) : null);
  if (unsafe) await requireXsrf(req);
}

export function installXsrf(app: FastifyInstance): void {
  onRequestStep(app, (req, reply) => {
    const { config } = routeOf(req);
    // a load balancer's probe (/health, /ready) is no browser: it gets no token
    if (config?.probe) return undefined;
    const unsafe = UNSAFE.has(req.method) && isProtected(req) && !config?.xsrfExempt;
    // a safe request whose session is known without a query (server/lib/session.ts): here and now, no promise
    if (!unsafe) {
      const session = req.cookies?.[COOKIE.session] && isProtected(req) ? knownSession(req) : null;
      if (session !== undefined) {
        syncCookie(req, reply, session);
        return undefined;
      }
    }
    return check(req, reply, unsafe).then(() => undefined);
  });
}

/** The 403 of a failed XSRF check; an exempt route throws it itself when its own proof fails. */
export function xsrfRefused(): HttpError {
  return new HttpError(
    403,
    'XSRF',
    `Missing or wrong ${XSRF_HEADER} header: send the value of the ${COOKIE.xsrf} cookie. Reload the page and try again.`,
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Why this route takes no X-XSRF-TOKEN: a server-to-server call that proves itself otherwise, checked in the
     * handler (which throws `xsrfRefused()` when that proof fails). Only the CAS back-channel logout has one.
     */
    xsrfExempt?: string;
  }
}
