/**
 * A browser as far as the portal's backend sees one: cookies kept per host (whatever the port, as a browser keeps
 * them), redirects not followed (each step is checked), and the X-XSRF-TOKEN header copied from the
 * EPIT-XSRF-TOKEN cookie on every call, as the portal's API client sends it (spec 1 §7).
 */
import { COOKIE, XSRF_HEADER } from '../../domain/contract.js';

export interface Reply {
  status: number;
  contentType: string | null;
  location: string | null;
  /** the ETag header (RFC 9110 §8.8.3), null when the answer has none */
  etag: string | null;
  body: string;
}

export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();
  constructor(private readonly timeoutMs: number) {}

  private jar(url: string) {
    const host = new URL(url).hostname;
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map<string, string>()));
    return jar;
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar(url).get(name);
  }

  async request(
    url: string,
    init: {
      method?: string;
      json?: unknown;
      form?: Record<string, string>;
      accept?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply> {
    const jar = this.jar(url);
    const headers = new Headers({ ...init.headers, accept: init.accept ?? 'application/json' });
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const xsrf = jar.get(COOKIE.xsrf);
    if (xsrf) headers.set(XSRF_HEADER, decodeURIComponent(xsrf));
    let body: string | undefined;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attributes] = c.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a));
      if (value === '' || gone) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      location: location === null ? null : new URL(location, url).toString(),
      etag: res.headers.get('etag'),
      body: await res.text(),
    };
  }
}

/** The attributes of one HTML tag, e.g. `<input type="hidden" name="execution" value="…">`. */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/g))
    out[m[1].toLowerCase()] = decodeHtml(m[3] ?? m[4] ?? m[5] ?? '');
  return out;
}

const decodeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The sign-on form of a CAS login page: the form with a password field, its action and its hidden fields (the
 * login ticket `execution` of CAS 3.0 §3.5 as Apereo names it, `_eventId`, the service).
 */
export function loginForm(html: string): { action: string | null; hidden: Record<string, string> } | null {
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const inputs = [...m[2].matchAll(/<input\b[^>]*>/gi)].map((i) => attributes(i[0]));
    if (!inputs.some((i) => i.name === 'password')) continue;
    const hidden: Record<string, string> = {};
    for (const i of inputs) if (i.type === 'hidden' && i.name) hidden[i.name] = i.value ?? '';
    return { action: attributes(`<form ${m[1]}>`).action ?? null, hidden };
  }
  return null;
}
