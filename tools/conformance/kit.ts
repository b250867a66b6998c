/**
 * The conformance kit: signs in at a backend through its CAS as the portal does, then makes the calls of ./calls.ts
 * that the person may make and holds each answer against the API document (docs/openapi.json; the check is
 * server/contract/answers.ts, the one the server tests use). One line per call: PASS, FAIL with the first difference,
 * or SKIP with the reason; then the totals.
 */
import type { UserContext } from '../../domain/contract.js';
import { answerChecker } from '../../server/contract/answers.js';
import { operationsOf, splitKey } from '../../server/contract/keys.js';
import type { OpenApiDocument } from '../../server/contract/openapi.js';
import { CALLS, customerOf, type Known, type Request } from './calls.js';
import { Browser, loginForm, type Reply } from './http.js';
import { checkVersions, ETAG_CALL, type Send } from './versions.js';

export interface Options {
  /** the API base, e.g. http://localhost:8080/api */
  api: string;
  /** the single sign-on base, e.g. http://localhost:8080/cas */
  cas: string;
  user: string;
  password: string;
  /** also the calls that change data (a test backend only) */
  writes: boolean;
  /** the CAS ticket check (spec 1 §7): default {cas}/ticket-check; null when the CAS has none */
  ticketCheck: string | null;
  /** where the portal is served (its config.json is checked there), e.g. http://localhost:8080/ui; null: not checked */
  ui: string | null;
  document: OpenApiDocument;
  timeoutMs: number;
}

export type Outcome = 'PASS' | 'FAIL' | 'SKIP';
export interface Line {
  outcome: Outcome;
  /** `GET /context/getUserContext` as called (parameters filled in), or the operation when skipped */
  call: string;
  detail: string;
}

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export async function runConformance(options: Options, print: (line: Line) => void): Promise<Totals> {
  const api = trimSlash(options.api);
  const cas = trimSlash(options.cas);
  const check = answerChecker(options.document);
  const browser = new Browser(options.timeoutMs);
  const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
  const report = (outcome: Outcome, call: string, detail: string) => {
    totals[outcome === 'PASS' ? 'passed' : outcome === 'FAIL' ? 'failed' : 'skipped']++;
    print({ outcome, call, detail });
  };
  /**
   * PASS or FAIL for one answer, by the document; `expected`: the statuses this call should get. `writesBack`: a
   * refusal (400) of the stored data the call wrote back is a SKIP, once its body is the document's.
   */
  const judge = (route: string, call: string, reply: Reply, expected: number[], writesBack = false): boolean => {
    const off = check.check({ route, status: reply.status, contentType: reply.contentType, body: reply.body });
    if (!off && writesBack && reply.status === 400) {
      report('SKIP', call, `the backend refuses to take back its stored data${reason(reply)}`);
      return false;
    }
    const difference =
      off ??
      (expected.includes(reply.status)
        ? null
        : `status ${reply.status}, expected ${expected.join(' or ')}${reason(reply)}`);
    report(difference ? 'FAIL' : 'PASS', call, difference ?? String(reply.status));
    return !difference;
  };

  const checkVersionsOf = async (known: Known) => {
    const send: Send = (path, json, headers) =>
      browser.request(`${api}${path}`, { method: 'POST', json, ...(headers ? { headers } : {}) });
    try {
      for (const line of await checkVersions(send, customerOf(known), options.writes))
        report(line.outcome, line.call, line.detail);
    } catch (err) {
      report('FAIL', ETAG_CALL, `no answer: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  // ---- sign-on, as the portal's browser does it (CAS 3.0 §2.1, §2.2) ----
  const signedIn = await signOn(options, api, cas, browser, judge, report);
  const known: Known = { user: options.user, today: new Date(), context: null, answers: new Map() };
  const documented = new Set(operationsOf(options.document.paths).map((o) => o.key));

  for (const call of CALLS) {
    if (!documented.has(call.route)) continue; // an older document: the kit asks only what it describes
    const { method, path } = splitKey(call.route);
    const name = `${method.toUpperCase()} ${path}`;
    if (call.write && !options.writes) {
      report('SKIP', name, 'changes data: only with --writes (a test backend)');
      continue;
    }
    if (!signedIn) {
      report('SKIP', name, 'the sign-on failed');
      continue;
    }
    if (call.route === 'GET /cas/ticket-check' && options.ticketCheck === null) {
      report('SKIP', name, 'the CAS has no ticket check (--ticket-check none)');
      continue;
    }
    const base = splitKey(call.route).base;
    if (base === 'ui' && options.ui === null) {
      report('SKIP', name, "the portal's own file: give --ui <url> where the portal is served to check it");
      continue;
    }
    const planned = call.plan(known);
    for (const plan of Array.isArray(planned) ? planned : [planned]) {
      if ('skip' in plan) {
        report('SKIP', name, plan.skip);
        continue;
      }
      const url = urlOf(
        call.route === 'GET /cas/ticket-check'
          ? (options.ticketCheck ?? '')
          : base === 'ui'
            ? trimSlash(options.ui ?? '')
            : base === 'sla'
              ? api.replace(/\/[^/]*$/, '') // the backend's root: the plan's path keeps /sla
              : api,
        call,
        plan,
      );
      const shown = `${method.toUpperCase()} ${plan.path}${plan.query ? `?${new URLSearchParams(plan.query)}` : ''}`;
      let reply: Reply;
      try {
        reply = await browser.request(url, { method: method.toUpperCase(), json: plan.json, accept: plan.accept });
      } catch (err) {
        report('FAIL', shown, `no answer: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      if (judge(call.route, shown, reply, [200, ...(plan.alsoOk ?? [])], plan.writesBack) && reply.status === 200) {
        const value = parse(reply);
        known.answers.set(call.route, value);
        if (call.route === 'GET /api/context/getUserContext') known.context = value as UserContext;
      }
    }
    // versions of the records several people edit (ETag, If-Match, 412), asked next to the read of customer data and
    // while the session lasts (the list ends with the sign-out): a SKIP for a backend that keeps none
    if (call.route === 'POST /api/settings/get') await checkVersionsOf(known);
  }

  return totals;
}

function urlOf(base: string, call: { route: string }, plan: Request): string {
  // the ticket check's address is the whole URL (CAS_TICKET_CHECK_URL); the rest are paths on the API base
  const url = new URL(call.route === 'GET /cas/ticket-check' ? base : `${base}${plan.path}`);
  for (const [k, v] of Object.entries(plan.query ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

function parse(reply: Reply): unknown {
  try {
    return JSON.parse(reply.body);
  } catch {
    return null;
  }
}

/** what a failure body says, for the line of a call that failed */
function reason(reply: Reply): string {
  const body = parse(reply) as { serviceErrorMessage?: unknown; code?: unknown } | null;
  return body && typeof body.serviceErrorMessage === 'string'
    ? ` (${typeof body.code === 'string' ? `${body.code}: ` : ''}${body.serviceErrorMessage})`
    : '';
}

async function signOn(
  options: Options,
  api: string,
  cas: string,
  browser: Browser,
  judge: (route: string, call: string, reply: Reply, expected: number[]) => boolean,
  report: (outcome: Outcome, call: string, detail: string) => void,
): Promise<boolean> {
  const target = '/ui/dashboard';
  const fail = (call: string, detail: string) => {
    report('FAIL', call, detail);
    return false;
  };
  try {
    // 1. the portal's security service sends the browser to the CAS login with its service URL
    const loginCall = `GET /security/login?target=${target}`;
    const start = await browser.request(`${api}/security/login?target=${encodeURIComponent(target)}`, {
      accept: 'text/html',
    });
    if (!judge('GET /api/security/login', loginCall, start, [302])) return false;
    if (!start.location?.startsWith(`${cas}/login`))
      return fail(loginCall, `redirects to ${start.location ?? 'nowhere'}, not to the CAS given (${cas}/login)`);
    const service = new URL(start.location).searchParams.get('service');
    if (!service) return fail(loginCall, 'the CAS login address has no service parameter');

    // 2. the CAS sign-on page and its form (the login ticket `execution`, CAS 3.0 §3.5)
    const page = await browser.request(start.location, { accept: 'text/html' });
    const form = page.status === 200 ? loginForm(page.body) : null;
    if (!form) return fail('GET {cas}/login', `no sign-on form with a password field (HTTP ${page.status})`);
    const posted = await browser.request(
      form.action ? new URL(form.action, start.location).toString() : start.location,
      {
        method: 'POST',
        accept: 'text/html',
        form: {
          ...form.hidden,
          service: form.hidden.service ?? service,
          _eventId: form.hidden._eventId ?? 'submit',
          username: options.user,
          password: options.password,
        },
      },
    );
    const ticketUrl = posted.location ? new URL(posted.location) : null;
    if (posted.status !== 302 || !ticketUrl?.searchParams.get('ticket'))
      return fail(
        'POST {cas}/login',
        `the CAS signed ${options.user} in to no service ticket (HTTP ${posted.status}): wrong user or password?`,
      );
    report('PASS', 'POST {cas}/login', `302 with a service ticket for ${options.user}`);

    // 3. the service URL: the backend validates the ticket and opens the session
    const callback = await browser.request(ticketUrl.toString(), { accept: 'text/html' });
    const callbackCall = 'GET /security/callback?ticket=…';
    if (!judge('GET /api/security/callback', callbackCall, callback, [302])) return false;
    if (callback.location && new URL(callback.location).pathname !== target)
      return fail(callbackCall, `signed in, but redirects to ${callback.location}, not to the target ${target}`);
    return true;
  } catch (err) {
    return fail('sign-on', `no answer: ${err instanceof Error ? err.message : String(err)}`);
  }
}
