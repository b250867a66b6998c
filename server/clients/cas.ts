/**
 * The portal's one way to its single sign-on server: a CAS 3.0 client over HTTP (CAS Protocol 3.0 specification,
 * apereo/cas docs/cas-server-documentation/protocol/CAS-Protocol-Specification.md). Base URLs come from env.ts
 * (CAS_URL for the browser, CAS_VALIDATE_URL for this server); the defaults reach the in-process simulator under
 * /cas over HTTP on loopback, exactly as a real Apereo CAS would be reached.
 */
import { performance } from 'node:perf_hooks';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CasSettings } from '../env.js';
import { noMetrics, type Metrics } from '../ops/metrics.js';
import { OutsideServiceError } from '../lib/errors.js';

/** A validation answer (§2.5.2); `principal` is the fgid: `cas:user`, or the CAS_PRINCIPAL_ATTRIBUTE attribute. */
export type CasValidation =
  | { ok: true; user: string; principal: string; attributes: Record<string, string[]> }
  | { ok: false; code: string; message: string };

/** The CAS server could not be asked, or answered no CAS document (network, HTTP status, not XML, timeout). */
export class CasUnavailableError extends OutsideServiceError {
  override name = 'CasUnavailableError';
}

export interface CasClient {
  /** §2.1 credential requestor, for the browser */
  loginUrl(service: string, opts?: { gateway?: boolean; renew?: boolean }): string;
  /** §2.3 logout, for the browser; `service` is where CAS 3.0 sends the browser afterwards (§2.3.1) */
  logoutUrl(service?: string): string;
  /** §2.8 GET {validate base}/p3/serviceValidate?service=…&ticket=… */
  validate(ticket: string, service: string): Promise<CasValidation>;
}

/**
 * Service tickets as §3.1.1 and §3.7 allow, read leniently as a client should: `ST-` and then up to 253 printable
 * ASCII characters (the specification's own example `ST-1-u4hrm3td92cLxpCvrjylcas.example.com` has dots;
 * §3.1.1 RECOMMENDS accepting 256 characters).
 */
export const SERVICE_TICKET = /^ST-[\x21-\x7e]{1,253}$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // the namespace prefix is the server's choice (`cas:` in the examples); the element names are the protocol
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

type XmlNode = string | number | boolean | null | undefined | XmlNode[] | { [key: string]: XmlNode };

const isRecord = (v: XmlNode): v is { [key: string]: XmlNode } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text of an element: a plain value, or `#text` when the element also has attributes. */
function text(v: XmlNode): string | null {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isRecord(v)) return v['#text'] === undefined ? (Object.keys(v).length === 0 ? '' : null) : text(v['#text']);
  return null;
}

function parseXml(body: string): { [key: string]: XmlNode } | null {
  if (XMLValidator.validate(body) !== true) return null;
  const doc = parser.parse(body) as XmlNode;
  return isRecord(doc) ? doc : null;
}

/**
 * Reads a serviceResponse document (§2.5.2, Appendix A). Attribute values become lists, since an attribute
 * may repeat (`<cas:affiliation>staff</cas:affiliation><cas:affiliation>faculty</cas:affiliation>`, §2.5.7).
 * Throws CasUnavailableError when the text is no serviceResponse.
 */
export function parseServiceResponse(body: string, principalAttribute: string | null): CasValidation {
  const doc = parseXml(body);
  const response = doc?.serviceResponse;
  if (!isRecord(response)) throw new CasUnavailableError('The sign-on server answered no CAS serviceResponse document');
  const failure = response.authenticationFailure;
  if (failure !== undefined) {
    const code = isRecord(failure) ? text(failure['@_code']) : null;
    return { ok: false, code: code || 'UNKNOWN', message: text(failure) ?? '' };
  }
  const success = response.authenticationSuccess;
  const user = isRecord(success) ? text(success.user) : null;
  if (!isRecord(success) || !user)
    throw new CasUnavailableError(
      'The sign-on server answered neither authenticationSuccess with a user nor a failure',
    );
  const attributes: Record<string, string[]> = {};
  if (isRecord(success.attributes)) {
    for (const [name, value] of Object.entries(success.attributes)) {
      if (name.startsWith('@_')) continue;
      const values = (Array.isArray(value) ? value : [value]).map(text).filter((v): v is string => v !== null);
      if (values.length) attributes[name] = values;
    }
  }
  if (!principalAttribute) return { ok: true, user, principal: user, attributes };
  const principal = attributes[principalAttribute]?.[0];
  if (!principal)
    return {
      ok: false,
      code: 'NO_PRINCIPAL_ATTRIBUTE',
      message: `The sign-on server released no "${principalAttribute}" attribute for ${user}`,
    };
  return { ok: true, user, principal, attributes };
}

/**
 * The service ticket named by a back-channel logout request (§2.3.3, Appendix C: samlp:LogoutRequest with
 * samlp:SessionIndex), or null when the text is not one.
 */
export function parseLogoutRequest(body: string): string | null {
  const doc = parseXml(body);
  const request = doc?.LogoutRequest;
  if (!isRecord(request)) return null;
  const index = text(request.SessionIndex);
  return index && SERVICE_TICKET.test(index) ? index : null;
}

const withQuery = (base: string, params: Record<string, string>) =>
  `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;

export function createCasClient(opts: {
  settings: CasSettings;
  /** the CAS base this server validates against, resolved when needed (the server's own address is known late) */
  validateBase: () => string;
  fetch: typeof fetch;
  /** validations counted and timed as the outside service `cas` (server/ops/metrics.ts) */
  metrics?: Metrics;
}): CasClient {
  const { settings } = opts;
  const metrics = opts.metrics ?? noMetrics;
  return {
    loginUrl(service, flags = {}) {
      const params: Record<string, string> = { service };
      // §2.1.1: renew and gateway are not compatible; it is RECOMMENDED that their value be "true"
      if (flags.renew) params.renew = 'true';
      else if (flags.gateway) params.gateway = 'true';
      return withQuery(`${settings.url}/login`, params);
    },
    logoutUrl(service) {
      return service ? withQuery(`${settings.url}/logout`, { service }) : `${settings.url}/logout`;
    },
    async validate(ticket, service) {
      const url = withQuery(`${opts.validateBase()}/p3/serviceValidate`, { service, ticket });
      let body: string;
      const t0 = performance.now();
      const took = () => (performance.now() - t0) / 1000;
      try {
        const res = await opts.fetch(url, {
          headers: { accept: 'application/xml, text/xml' },
          signal: AbortSignal.timeout(settings.validateTimeoutMs),
        });
        body = await res.text();
        metrics.outsideCall('cas', res.ok ? 'ok' : res.status >= 500 ? 'http_5xx' : 'http_4xx', took());
        if (!res.ok)
          throw new CasUnavailableError(`The sign-on server answered HTTP ${res.status} to ticket validation`);
      } catch (err) {
        if (err instanceof CasUnavailableError) throw err;
        metrics.outsideCall('cas', (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable', took());
        throw new CasUnavailableError(
          `The sign-on server could not be reached for ticket validation: ${err instanceof Error ? err.message : String(err)}`,
          { cause: err },
        );
      }
      return parseServiceResponse(body, settings.principalAttribute);
    },
  };
}
