/**
 * A `fetch` for server tests: requests to loopback addresses (localhost, 127.0.0.1, [::1], any port) go into
 * `app.inject`, so the server's own HTTP clients (server/clients/*) reach the in-process simulators as they do
 * over real HTTP under `npm start`, with no socket and no stray traffic. Any other host fails like a network error.
 */
import type { FastifyInstance } from 'fastify';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function loopbackFetch(app: () => FastifyInstance): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    if (!LOOPBACK.has(url.hostname))
      throw new TypeError(`fetch failed: ${url.origin} is not reachable from a server test (loopback only)`);
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k] = v));
    headers.host = url.host;
    const payload = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.from(await req.arrayBuffer());
    const res = await app().inject({
      method: req.method,
      url: url.pathname + url.search,
      headers,
      payload,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [String(v)]) out.append(k, one);
    }
    const noBody = [101, 204, 205, 304].includes(res.statusCode) || req.method === 'HEAD';
    return new Response(noBody ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}
