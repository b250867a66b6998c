/**
 * Validation answers of the sign-on simulator in the forms of the CAS Protocol 3.0 specification: CAS 1.0 text
 * (§2.4.2), the XML serviceResponse of Appendix A (§2.5.2, §2.6.2, §2.7.2) and its JSON twin (`format=JSON`, §2.5.1).
 */
import { esc } from '../lib/html.js';
import type { FailureCode } from './tickets.js';

export type Format = 'XML' | 'JSON';
export type Attributes = Record<string, string | string[]>;

const NS = 'xmlns:cas="http://www.yale.edu/tp/cas"';

/** Attribute names become element names (Appendix A note: `<cas:[attribute-name]>`), so only XML names pass. */
const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export function successBody(format: Format, user: string, attributes?: Attributes): string {
  if (format === 'JSON')
    return JSON.stringify({
      serviceResponse: { authenticationSuccess: { user, ...(attributes ? { attributes } : {}) } },
    });
  const attrs = attributes
    ? `    <cas:attributes>\n${Object.entries(attributes)
        .filter(([name]) => XML_NAME.test(name))
        .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, v] as const))
        .map(([name, v]) => `      <cas:${name}>${esc(v)}</cas:${name}>\n`)
        .join('')}    </cas:attributes>\n`
    : '';
  return `<cas:serviceResponse ${NS}>\n  <cas:authenticationSuccess>\n    <cas:user>${esc(user)}</cas:user>\n${attrs}  </cas:authenticationSuccess>\n</cas:serviceResponse>\n`;
}

export function failureBody(format: Format, code: FailureCode, description: string): string {
  if (format === 'JSON') return JSON.stringify({ serviceResponse: { authenticationFailure: { code, description } } });
  return `<cas:serviceResponse ${NS}>\n  <cas:authenticationFailure code="${code}">${esc(description)}</cas:authenticationFailure>\n</cas:serviceResponse>\n`;
}

/** §2.7.2: /proxy answers proxyFailure (the simulator grants no proxy-granting tickets, so none succeeds). */
export function proxyFailureBody(
  format: Format,
  code: 'INVALID_REQUEST' | 'UNAUTHORIZED_SERVICE',
  description: string,
) {
  // the specification's JSON example for /proxy failure uses authenticationFailure
  if (format === 'JSON') return JSON.stringify({ serviceResponse: { authenticationFailure: { code, description } } });
  return `<cas:serviceResponse ${NS}>\n  <cas:proxyFailure code="${code}">${esc(description)}</cas:proxyFailure>\n</cas:serviceResponse>\n`;
}

export const contentType = (format: Format) =>
  format === 'JSON' ? 'application/json; charset=utf-8' : 'application/xml; charset=utf-8';
