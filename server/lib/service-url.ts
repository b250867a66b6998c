import type { AddressInfo } from 'node:net';

/**
 * Spec 1 §7 "service-URL builder": base UI path (API base with api → ui) + private|business
 * (private when there is no represented party or it is a person) + domain lower case +
 * language lower case + the service, e.g. '/ui/business/ee/et/LOGISTICS'.
 */
export function buildServiceUrl(opts: {
  apiBase?: string;
  isPersonOrNone: boolean;
  domain: string;
  language: string; // two-letter
  service: string;
}): string {
  const uiBase = (opts.apiBase ?? '/api').replace(/api/, 'ui');
  const kind = opts.isPersonOrNone ? 'private' : 'business';
  return `${uiBase}/${kind}/${opts.domain.toLowerCase()}/${opts.language.toLowerCase()}/${opts.service}`;
}

/** Country (= domain) from a represented gid: person 'EE…' → EE; company prefix UB → LT, LV → LV, else EE (spec 1 §3). */
export function domainOfGid(gid: string, isPerson: boolean): 'EE' | 'LV' | 'LT' {
  const p = gid.slice(0, 2);
  if (isPerson) return p === 'LV' ? 'LV' : p === 'LT' ? 'LT' : 'EE';
  return p === 'UB' ? 'LT' : p === 'LV' ? 'LV' : 'EE';
}

/**
 * Where this server can reach itself over HTTP: the address it listens on, with a wildcard address read as
 * loopback (before listening, e.g. under app.inject in tests: loopback with the configured PORT).
 */
export function ownBaseUrl(server: { address(): AddressInfo | string | null }, port: number): string {
  const a = server.address();
  if (a && typeof a === 'object') {
    const { address, port: actual } = a;
    const host =
      address === '0.0.0.0' || address === '::' || address === ''
        ? '127.0.0.1'
        : address.includes(':')
          ? `[${address}]`
          : address;
    return `http://${host}:${actual}`;
  }
  return `http://127.0.0.1:${port}`;
}

/** `base` itself when absolute, else read against `origin` ('/cas' + 'http://127.0.0.1:8080' → 'http://127.0.0.1:8080/cas'). */
export function absoluteUrl(base: string, origin: string): string {
  return /^https?:\/\//i.test(base) ? base : new URL(base, origin).toString().replace(/\/+$/, '');
}
