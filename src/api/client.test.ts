import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError, createApiClient } from './client';
import { RIGHT_ENDED, SignoutResponse, UserContext } from '../../domain/contract';

type Call = { url: string; init: RequestInit };
function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const f = vi.fn<typeof fetch>(async (url, init) => {
    const call = { url: url instanceof Request ? url.url : url.toString(), init: init ?? {} };
    calls.push(call);
    return respond(call);
  });
  return { fetch: f, calls };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const context = {
  epitPrincipal: null,
  externalApps: [],
  applications: [],
  uiLanguages: [],
  language: 'EST',
  homeUrls: {},
  privileges: [],
  preference: null,
  deadApplications: [],
};

describe('api client', () => {
  afterEach(() => vi.useRealTimers());

  it('GETs from the configured base with credentials and default caching, validating the answer', async () => {
    const f = fakeFetch(() => json(context));
    const api = createApiClient({ apiUrl: 'https://portal.example/api/', fetch: f.fetch, readCookie: () => null });
    const ctx = await api.get('context/getUserContext', UserContext);
    expect(ctx.language).toBe('EST');
    expect(f.calls[0].url).toBe('https://portal.example/api/context/getUserContext');
    expect(f.calls[0].init).toMatchObject({ method: 'GET', credentials: 'include', cache: 'default' });
  });

  it('POSTs JSON in UTF-8 with the XSRF header from the EPIT-XSRF-TOKEN cookie', async () => {
    const f = fakeFetch(() => json({ value: '/cas/logout' }));
    const api = createApiClient({
      apiUrl: '/api',
      fetch: f.fetch,
      readCookie: (n) => (n === 'EPIT-XSRF-TOKEN' ? 'tok-1' : null),
    });
    const out = await api.post('single-signout', undefined, SignoutResponse, { query: { locale: 'et_EE' } });
    expect(out.value).toBe('/cas/logout');
    expect(f.calls[0].url).toBe('/api/single-signout?locale=et_EE');
    const headers = f.calls[0].init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json; charset=UTF-8');
    expect(headers['X-XSRF-TOKEN']).toBe('tok-1');
  });

  it('sends no XSRF header when the cookie is absent, and the body as JSON', async () => {
    const f = fakeFetch(() => json({}));
    const api = createApiClient({ apiUrl: '/api', fetch: f.fetch, readCookie: () => null });
    await api.post('context/changeLanguage', { value: 'ENG' }, z.unknown());
    expect((f.calls[0].init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
    expect(f.calls[0].init.body).toBe('{"value":"ENG"}');
  });

  it('treats a 200 body with serviceErrorMessage as a failure', async () => {
    const f = fakeFetch(() => json({ serviceErrorMessage: 'role load failed', code: 'ROLE' }));
    const api = createApiClient({ apiUrl: '/api', fetch: f.fetch });
    await expect(api.get('x', z.unknown())).rejects.toMatchObject({
      status: 200,
      code: 'ROLE',
      serviceErrorMessage: 'role load failed',
    });
  });

  it('turns 401 into an ApiError without calling the authorization callback', async () => {
    const onAuth = vi.fn();
    const f = fakeFetch(() => json({ serviceErrorMessage: 'not signed in', code: 'UNAUTHENTICATED' }, 401));
    const api = createApiClient({ apiUrl: '/api', fetch: f.fetch, onAuthorizationError: onAuth });
    const err = await api.get('x', z.unknown()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(onAuth).not.toHaveBeenCalled();
  });

  it("keeps the answer's catalogue key, so a caller shows the server's message (429: too many requests)", async () => {
    const body = { serviceErrorMessage: 'Too many', code: 'TOO_MANY_REQUESTS', messageKey: 'error.tooManyRequests' };
    const f = fakeFetch(() => json(body, 429));
    const api = createApiClient({ apiUrl: '/api', fetch: f.fetch, readCookie: () => null });
    await expect(api.get('user/EE48709050218', z.unknown())).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      messageKey: 'error.tooManyRequests',
    });
  });

  it('calls onAuthorizationError on 403', async () => {
    const onAuth = vi.fn();
    const f = fakeFetch(() => json({ serviceErrorMessage: 'forbidden', code: 'FORBIDDEN' }, 403));
    const api = createApiClient({ apiUrl: '/api', fetch: f.fetch, onAuthorizationError: onAuth });
    await expect(api.post('x', {}, z.unknown())).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(onAuth).toHaveBeenCalledWith(expect.objectContaining({ status: 403 }));
  });

  it("calls onRightEnded on the contract's RIGHT_ENDED, and only on it", async () => {
    const onRightEnded = vi.fn();
    const onAuth = vi.fn();
    const f = fakeFetch((c) =>
      c.url.endsWith('ended')
        ? json({ serviceErrorMessage: 'ended', code: RIGHT_ENDED.code, messageKey: RIGHT_ENDED.messageKey }, 409)
        : json({ serviceErrorMessage: 'exists', code: 'EXISTS' }, 409),
    );
    const api = createApiClient({ apiUrl: '/api', fetch: f.fetch, onRightEnded, onAuthorizationError: onAuth });
    await expect(api.get('ended', z.unknown())).rejects.toMatchObject({ status: 409, code: RIGHT_ENDED.code });
    await expect(api.get('other', z.unknown())).rejects.toMatchObject({ status: 409, code: 'EXISTS' });
    expect(onRightEnded).toHaveBeenCalledTimes(1);
    expect(onAuth).not.toHaveBeenCalled();
  });

  it('reports a non-JSON server error and a bad answer shape as ApiErrors', async () => {
    const f = fakeFetch((c) =>
      c.url.endsWith('html')
        ? new Response('<h1>502</h1>', { status: 502, statusText: 'Bad Gateway' })
        : json({ value: 1 }),
    );
    const api = createApiClient({ apiUrl: '/api', fetch: f.fetch });
    await expect(api.get('html', z.unknown())).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
    await expect(api.get('shape', SignoutResponse)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('aborts after the timeout with code TIMEOUT', async () => {
    vi.useFakeTimers();
    const f = fakeFetch(
      (c) =>
        new Promise<Response>((_, reject) => {
          c.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const api = createApiClient({ apiUrl: '/api', fetch: f.fetch });
    const p = api.get('sign/mobile/check', z.unknown(), { timeout: 60_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await p).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('reports a network failure with status 0', async () => {
    const f = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const api = createApiClient({ apiUrl: '/api', fetch: f.fetch });
    await expect(api.get('x', z.unknown())).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
