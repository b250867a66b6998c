/**
 * XSRF double submit (docs/conventions.md): the EPIT-XSRF-TOKEN cookie (readable by JS) is set on any
 * response whose request lacks it; every POST/PUT/PATCH/DELETE under /api/ and /sim/ must echo it in
 * X-XSRF-TOKEN, else 403 { code: 'XSRF' } before any handler runs (so nothing changes).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COOKIE, XSRF_HEADER } from '../../machines/lib/contract.js';
import { HttpError } from './errors.js';
import { randomToken } from './random.js';
import { isSecure } from './session.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROTECTED = /^\/(api|sim)(\/|$)/;

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
  if (PROTECTED.test(req.url) || (req.routeOptions.url !== undefined && PROTECTED.test(req.routeOptions.url)))
    return true;
  try {
    return PROTECTED.test(decodeURIComponent(req.url.split('?')[0]));
  } catch {
    return true; // undecodable: treat as protected (the router rejects it anyway)
  }
}

export function installXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const cookie = req.cookies?.[COOKIE.xsrf];
    if (!cookie) {
      reply.setCookie(COOKIE.xsrf, randomToken(24), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: isSecure(req),
      });
    }
    if (UNSAFE.has(req.method) && isProtected(req) && !req.routeOptions.config?.xsrfExempt) {
      const header = req.headers[XSRF_HEADER.toLowerCase()];
      const value = Array.isArray(header) ? header[0] : header;
      if (!cookie || !value || !same(cookie, value)) throw xsrfRefused();
    }
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
