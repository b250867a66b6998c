/**
 * JSON over HTTP to an outside service (Mobile-ID, Smart-ID, the business register), the one way the portal's
 * server reaches them.
 *
 * - An https URL with pinned certificates goes through node:https with SK's checks (MID REST v1 §2.8, RP API v2
 *   §2.2.6): the TLS handshake with the usual validation (chain to a trusted CA, host name, validity), and the
 *   server's certificate must be one of the pinned ones (compared by SHA-256 fingerprint). A pinned self-signed
 *   certificate is trusted as its own CA, so a stand-in service with its own certificate can be pinned too.
 * - Anything else goes through the app's `fetch` (deps.fetch: the global fetch; in server tests one that routes
 *   loopback addresses into app.inject).
 *
 * Every request has a deadline (`timeoutMs`) and follows the caller's AbortSignal. With tracing on, every request is
 * a span and carries the caller's `traceparent` and `X-Request-Id` (fetch: server/ops/tracing.ts; node:https here).
 */
import { X509Certificate } from 'node:crypto';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import tls, { type PeerCertificate } from 'node:tls';
import { noMetrics, type CallOutcome, type Metrics, type OutsideService } from '../ops/metrics.js';
import { OutsideServiceError } from '../lib/errors.js';
import { outsideCallSpan } from '../ops/trace-points.js';

export interface ServiceRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  /** the whole request's deadline, ms */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface ServiceResponse {
  status: number;
  /** the parsed JSON body, or null when it was empty or not JSON */
  json: unknown;
}

export type Transport = (req: ServiceRequest) => Promise<ServiceResponse>;

/** What a relying party needs to reach one of SK's services (Mobile-ID REST v1, Smart-ID RP API v2). */
export interface RelyingPartySettings {
  url: string;
  rpUuid: string;
  rpName: string;
}

/**
 * The part Mobile-ID's and Smart-ID's clients share: JSON requests under the service's base URL with a deadline
 * (the client's own plus any long-poll wait), the relying party's identity, and a non-200 answer turned into the
 * service's own error by `httpError`.
 */
export abstract class RelyingPartyClient {
  constructor(
    protected readonly settings: RelyingPartySettings,
    private readonly transport: Transport,
    private readonly timeoutMs = 10_000,
  ) {}

  /** the error for a non-200 answer, from its status and parsed body */
  protected abstract httpError(status: number, json: unknown): Error;

  protected async call(method: 'GET' | 'POST', path: string, body?: object, wait = 0, signal?: AbortSignal) {
    const res = await this.transport({
      method,
      url: `${this.settings.url}${path}`,
      body,
      timeoutMs: this.timeoutMs + wait,
      signal,
    });
    if (res.status !== 200) throw this.httpError(res.status, res.json);
    return res.json;
  }

  protected rp() {
    return { relyingPartyUUID: this.settings.rpUuid, relyingPartyName: this.settings.rpName };
  }
}

/** The service could not be reached or did not answer in time (no HTTP status). */
export class ServiceUnreachableError extends OutsideServiceError {
  constructor(
    readonly url: string,
    /** 'timed out', 'aborted' (the caller left or the server is closing), or the socket's error code */
    readonly reason: string,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'ServiceUnreachableError';
  }
}

const parse = (text: string): unknown => {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

function deadline(req: ServiceRequest): AbortSignal {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  return req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
}

function reason(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) return (signal.reason as Error | undefined)?.name === 'TimeoutError' ? 'timed out' : 'aborted';
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message ?? String(err);
}

/** Requests through a fetch function (the global one, or a test's). */
export function fetchTransport(doFetch: typeof fetch): Transport {
  return async (req) => {
    const signal = deadline(req);
    let res: Response;
    let text: string;
    try {
      res = await doFetch(req.url, {
        method: req.method,
        headers: {
          Accept: 'application/json',
          ...(req.body !== undefined ? { 'Content-Type': 'application/json; charset=UTF-8' } : {}),
        },
        body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
        signal,
      });
      text = await res.text();
    } catch (err) {
      throw new ServiceUnreachableError(req.url, reason(err, signal));
    }
    return { status: res.status, json: parse(text) };
  };
}

/** SHA-256 fingerprints ("AB:CD:...") of the pinned PEM certificates. */
export function fingerprints(pems: string[]): Set<string> {
  return new Set(pems.map((pem) => new X509Certificate(pem).fingerprint256));
}

/** Requests over https that accept only a pinned server certificate. */
export function pinnedTransport(pems: string[]): Transport {
  const pins = fingerprints(pems);
  const ca = [...tls.rootCertificates, ...pems];
  const checkServerIdentity = (host: string, cert: PeerCertificate): Error | undefined => {
    const wrongHost = tls.checkServerIdentity(host, cert);
    if (wrongHost) return wrongHost;
    if (!pins.has(cert.fingerprint256))
      return new Error(`the server's certificate (SHA-256 ${cert.fingerprint256}) is not one of the pinned ones`);
    return undefined;
  };
  return (req) =>
    outsideCallSpan(req.method, req.url, (traceHeaders) => pinnedRequest(req, ca, checkServerIdentity, traceHeaders));
}

function pinnedRequest(
  req: ServiceRequest,
  ca: string[],
  checkServerIdentity: (host: string, cert: PeerCertificate) => Error | undefined,
  traceHeaders: Record<string, string | number>,
): Promise<ServiceResponse> {
  return new Promise((resolve, reject) => {
    const signal = deadline(req);
    const payload = req.body !== undefined ? Buffer.from(JSON.stringify(req.body), 'utf8') : undefined;
    const request = https.request(
      req.url,
      {
        method: req.method,
        ca,
        checkServerIdentity,
        minVersion: 'TLSv1.2',
        signal,
        agent: false,
        headers: {
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': payload.length } : {}),
          ...traceHeaders,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: parse(Buffer.concat(chunks).toString('utf8')) }),
        );
        res.on('error', (err) => reject(new ServiceUnreachableError(req.url, reason(err, signal))));
      },
    );
    request.on('error', (err) => reject(new ServiceUnreachableError(req.url, reason(err, signal))));
    request.end(payload);
  });
}

/** The transport for a service: pinned https when the URL is https and certificates are pinned, else `doFetch`. */
export function transportFor(url: string, pems: string[], doFetch: typeof fetch): Transport {
  return /^https:/i.test(url) && pems.length > 0 ? pinnedTransport(pems) : fetchTransport(doFetch);
}

/** The outcome of an answered call for the metrics: ok for 2xx, else its class. */
export const answerOutcome = (status: number): CallOutcome =>
  status >= 200 && status < 300 ? 'ok' : status >= 500 ? 'http_5xx' : 'http_4xx';

/** The outcome of a call that got no answer. */
export const failureOutcome = (err: unknown): CallOutcome =>
  err instanceof ServiceUnreachableError
    ? err.reason === 'timed out'
      ? 'timeout'
      : err.reason === 'aborted'
        ? 'aborted'
        : 'unreachable'
    : 'unreachable';

/** `transport` with every call counted and timed in the metrics (server/ops/metrics.ts) as `service`. */
export function metered(transport: Transport, service: OutsideService, metrics: Metrics): Transport {
  if (metrics === noMetrics) return transport;
  return async (req) => {
    const t0 = performance.now();
    // a status request the service holds open (Mobile-ID §3.3.4, Smart-ID §2.3.11): its time is the wait asked for
    const longPoll = /[?&]timeoutMs=/.test(req.url);
    try {
      const res = await transport(req);
      metrics.outsideCall(service, answerOutcome(res.status), (performance.now() - t0) / 1000, longPoll);
      return res;
    } catch (err) {
      metrics.outsideCall(service, failureOutcome(err), (performance.now() - t0) / 1000, longPoll);
      throw err;
    }
  };
}
