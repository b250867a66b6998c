/**
 * The portal's HTTP client (spec 1 §7).
 * - every call goes to config.apiUrl with credentials;
 * - GET uses the browser's default cache semantics (server data is cached by TanStack Query above this);
 * - POST sends JSON (UTF-8) and X-XSRF-TOKEN from the EPIT-XSRF-TOKEN cookie when present;
 * - a body with serviceErrorMessage is a failure even on 200;
 * - any failure is an ApiError {status, code, serviceErrorMessage}; 403 also calls onAuthorizationError, and the
 *   contract's RIGHT_ENDED (the represented party's right has ended, the server cleared it) calls onRightEnded;
 * - answers are validated with the contract's zod schemas;
 * - a versioned record's ETag is handed to onETag, and a write based on it sends it as If-Match (ifMatch).
 */
import { z } from 'zod/mini';
import { COOKIE, isRightEnded, ServiceError, XSRF_HEADER } from '../../domain/contract';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly serviceErrorMessage: string;
  readonly fields?: Record<string, string>;
  /** the message catalogue key (locales/*.json) that says the failure to a person, when the server names one */
  readonly messageKey?: string;
  constructor(
    status: number,
    code: string,
    serviceErrorMessage: string,
    fields?: Record<string, string>,
    messageKey?: string,
  ) {
    super(`${status} ${code}: ${serviceErrorMessage}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serviceErrorMessage = serviceErrorMessage;
    this.fields = fields;
    if (messageKey) this.messageKey = messageKey;
  }
}

/** status 0: the request never got an answer (network failure, timeout) */
const NETWORK = 0;

export interface ApiClientOptions {
  apiUrl: string;
  fetch?: typeof fetch;
  /** reads document.cookie by default */
  readCookie?: (name: string) => string | null;
  onAuthorizationError?: (error: ApiError) => void;
  /** sees every answer's headers (the build the server serves: src/app/release.ts) */
  onAnswer?: (headers: Headers) => void;
  /** a call acted for a party whose right has ended (domain/contract.ts RIGHT_ENDED) */
  onRightEnded?: (error: ApiError) => void;
  /** default timeout for every call, ms (none when absent) */
  timeout?: number;
}

export interface RequestOptions {
  timeout?: number;
  signal?: AbortSignal;
  /** query parameters */
  query?: Record<string, string | number | boolean | undefined>;
  /** send X-XSRF-TOKEN on a GET too (a GET that changes state, e.g. changeRepresented) */
  xsrf?: boolean;
  /**
   * a versioned write (RFC 9110 §13.1.1): the ETag the change is based on, sent as If-Match; the server answers 412
   * CHANGED_MEANWHILE (an ApiError with status 412) when the record has changed since
   */
  ifMatch?: string | null;
  /** a versioned record: called with the answer's ETag (null when the backend sends none) */
  onETag?: (etag: string | null) => void;
}

export function readDocumentCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export interface ApiClient {
  get<S extends z.core.$ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.infer<S>>;
  post<S extends z.core.$ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.infer<S>>;
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const readCookie = opts.readCookie ?? readDocumentCookie;

  async function call(
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<Response> {
    const controller = new AbortController();
    const timeout = options.timeout ?? opts.timeout;
    let timedOut = false;
    const timer = timeout ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
    const onAbort = () => controller.abort();
    // a signal aborted before the call never fires 'abort' again: cancel at once instead of sending
    if (options.signal?.aborted) controller.abort();
    else options.signal?.addEventListener('abort', onAbort);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method === 'POST') headers['Content-Type'] = 'application/json; charset=UTF-8';
    if (method === 'POST' || options.xsrf) {
      const xsrf = readCookie(COOKIE.xsrf);
      if (xsrf) headers[XSRF_HEADER] = xsrf;
    }
    if (options.ifMatch) headers['If-Match'] = options.ifMatch;
    const q = Object.entries(options.query ?? {}).filter(([, v]) => v !== undefined);
    const fullUrl = q.length
      ? `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(q.map(([k, v]) => [k, String(v)]))}`
      : url;
    try {
      return await doFetch(fullUrl, {
        method,
        credentials: 'include',
        cache: 'default',
        headers,
        body: method === 'POST' && body !== undefined ? JSON.stringify(body) : undefined,
        signal: controller.signal,
      });
    } catch (e) {
      if (timedOut) throw new ApiError(NETWORK, 'TIMEOUT', `timed out after ${timeout} ms`);
      if (options.signal?.aborted) throw e;
      throw new ApiError(NETWORK, 'NETWORK', String((e as Error)?.message ?? e));
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function handle<S extends z.core.$ZodType>(
    res: Response,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.infer<S>> {
    opts.onAnswer?.(res.headers);
    const text = await res.text();
    let json: unknown = undefined;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const failure = ServiceError.safeParse(json);
    if (!res.ok || failure.success) {
      const err = failure.success
        ? new ApiError(
            res.status,
            failure.data.code ?? (res.ok ? 'SERVICE_ERROR' : `HTTP_${res.status}`),
            failure.data.serviceErrorMessage,
            failure.data.fields,
            failure.data.messageKey,
          )
        : new ApiError(res.status, `HTTP_${res.status}`, res.statusText || `HTTP ${res.status}`);
      if (res.status === 403) opts.onAuthorizationError?.(err);
      if (isRightEnded(err)) opts.onRightEnded?.(err);
      throw err;
    }
    const parsed = z.safeParse(schema, json === undefined && !text ? null : json);
    if (!parsed.success)
      throw new ApiError(
        res.status,
        'BAD_RESPONSE',
        // zod/mini carries no English texts: name the rule (and the expected type) instead
        parsed.error.issues
          .map((i) => `${i.path.join('.')}: ${i.code}${i.code === 'invalid_type' ? ` (expected ${i.expected})` : ''}`)
          .join('; '),
      );
    options.onETag?.(res.headers.get('ETag'));
    return parsed.data;
  }

  return {
    async get(path, schema, options) {
      return handle(await call('GET', joinUrl(opts.apiUrl, path), undefined, options), schema, options);
    },
    async post(path, body, schema, options) {
      return handle(await call('POST', joinUrl(opts.apiUrl, path), body, options), schema, options);
    },
  };
}
