/**
 * What the logs must never hold in clear: a reset or invitation key (the database keeps only its hash, so a key
 * read from a log opens the account), a personal code and a customer id (a person's identity, GDPR). They travel in
 * paths (`/ui/user-add/reset-password/<key>`, `/api/user-settings/edit/EE48709050218`) and so end up in error
 * messages too. Two masks:
 *
 * - `maskPath` for the request log's path: the route's parameters are masked by name (every one but the few that
 *   name an application or a file), and what no parameter covers (a 404, the portal's own pages under `/ui/*`) by
 *   shape, segment by segment;
 * - `maskText` for any other line (an error's message and stack, a warning): the same shapes, wherever they stand.
 *
 * Shapes: a run of six or more digits and the token around it (every personal code of the three countries, every
 * registry code and so every customer id, `EPEE11000015`), and a token of 16 or more URL-safe characters that is no
 * plain word (a key, a ticket, a session id: 16 random bytes and more in base64url).
 */

export const MASK = '***';

/** Route parameters that name no person, customer or secret: an application, a file, a deployment. */
const PUBLIC_PARAMS = new Set(['app', 'clientapp', 'file', 'name']);

/** `/ui/` pages of the portal whose last segment is a key (spec 2 §4 reset-password and user-add links). */
const KEY_PAGES = new Set(['user-add/edit', 'user-add/reset-password']);

const DIGITS = /\d{6}/;
const LONG_TOKEN = /^[A-Za-z0-9_-]{16,}$/;
/** letters with - or _ between, all one case or camelCase: a route word such as getUserByResetPasswordKey */
const PLAIN_WORD = /^[A-Za-z]+(?:[-_][A-Za-z]+)*$/;

function isPlainWord(token: string): boolean {
  return PLAIN_WORD.test(token) && (!/[A-Z]{2}/.test(token) || !/[a-z]/.test(token));
}

/** A path segment (or a word of a text) that looks like a key, a personal code or a customer id. */
export function looksSecret(token: string): boolean {
  if (DIGITS.test(token)) return true;
  return token.length >= 16 && LONG_TOKEN.test(token) && !isPlainWord(token);
}

/**
 * The path as it may be logged: no query (a service ticket travels there), each parameter of `route` (Fastify's
 * routeOptions.url, absent for a 404) masked unless it is public, and any other segment that looks secret.
 */
export function maskPath(url: string, route?: string | null): string {
  const at = url.indexOf('?');
  const segments = (at < 0 ? url : url.slice(0, at)).slice(0, 300).split('/');
  const pattern = route ? route.split('/') : [];
  let rest = false; // past a wildcard: only the shapes apply
  for (let i = 0; i < segments.length; i++) {
    const p = rest ? undefined : pattern[i];
    if (p === '*') rest = true;
    const param = p?.includes(':') ? p.slice(p.indexOf(':') + 1) : undefined;
    if (
      (param !== undefined && !PUBLIC_PARAMS.has(param)) ||
      looksSecret(segments[i]) ||
      (i >= 2 && KEY_PAGES.has(`${segments[i - 2]}/${segments[i - 1]}`) && segments[i] !== '')
    )
      segments[i] = MASK;
  }
  return segments.join('/');
}

/** A token in free text: letters, digits and the URL-safe - and _ (a path breaks at /, a sentence at spaces). */
const TOKEN = /[A-Za-z0-9_-]{6,}/g;

/** A log text with every token that looks like a key, a personal code or a customer id masked. */
export function maskText(text: string): string {
  return text.replace(TOKEN, (token) => (looksSecret(token) ? MASK : token));
}

/** In a JSON string: an escape (kept whole, so masking never breaks one) or a token. */
const JSON_TOKEN = /\\u[0-9a-fA-F]{4}|\\.|[A-Za-z0-9_-]{6,}/g;

/**
 * A whole pino JSON line with every string in it masked like `maskText`, keys included, but for the process's own
 * `hostname` and `reqId` (a container's host name is a hex run). Numbers (the time, the pid) are no strings and stay.
 */
export function maskLine(line: string): string {
  return line.replace(/("(?:hostname|reqId)":)?"((?:[^"\\]|\\.)*)"/g, (whole, own: string | undefined, body: string) =>
    own
      ? whole
      : `"${body.replace(JSON_TOKEN, (token) => (token.startsWith('\\') || !looksSecret(token) ? token : MASK))}"`,
  );
}
