/**
 * Fault injection for the portal API: the browser fault tests, and a person at the simulator
 * console, make `/api/*` look down, slow or failing, and watch each screen say so, keep what was typed and recover
 * once the API is back.
 *
 *   GET  /sim/api/faults    → { value: { mode, prefixes, delayMs } }
 *   POST /sim/api/faults    body { mode: 'off'|'down'|'slow'|'500', prefixes?: ['/api/...'], delayMs? } → the same
 *                           (XSRF like every /sim POST; `prefixes` default ['/api/'], `delayMs` default 5000)
 *
 * Modes, for every request whose path starts with one of the prefixes (all under /api/):
 * - `down`: the connection is closed without an answer. That is what the browser meets when the one portal process
 *   is stopped or has crashed (connection refused or reset): `fetch` rejects with a TypeError either way, so the
 *   portal cannot tell the two apart and neither need the injector. A load balancer in front would answer 502/503
 *   instead, which the portal reads like any failed answer: the `500` mode.
 * - `slow`: the request waits `delayMs`, then is served normally (its effect happens, late).
 * - `500`: answered 500 with the server's own failure body for an unexpected error (server/lib/errors.ts), before
 *   any handler runs, so nothing changes.
 * - `field-added` / `field-removed`: served normally, but each successful JSON answer is off the published contract
 *   (server/contract): an object gains the field `offContract`, or loses its first field (an array: its first
 *   element does). What a backend that drifted from the document looks like: to the portal, to the server tests'
 *   answer check, and to the conformance kit (tools/conformance), which must name the call and the difference.
 *
 * The setting lives in the process, not in the database: it is read on every API request (a database read there
 * would slow every call the benches measure), a fault belongs to one process (with two processes behind a load
 * balancer, faulting one is what a failing process looks like), and a restart must clear it (a fault left in the
 * database would keep a restarted portal broken). The Playwright tests run the server in one process
 * (tools/e2e/serve.ts), which the test's POST and the browser's requests both reach. Each app (one per server test)
 * has its own setting.
 *
 * Live run mode: the hook is not installed at all, and /sim/api/faults answers 404 like every /sim path
 * (server/security/live-mode.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { Env } from '../../env.js';
import type { AppDeps } from '../../lib/deps.js';
import { parseOrThrow } from '../../lib/errors.js';
import { onRequestStep, onSendStep } from '../../lib/hook-chain.js';
import { esc } from '../../lib/html.js';
import { registerConsoleSection } from '../console/sections.js';

export const FAULT_MODES = ['off', 'down', 'slow', '500', 'field-added', 'field-removed'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** the "slow" fault's delay: a test value, the spec gives none */
export const DEFAULT_DELAY_MS = 5_000;
const ALL_API = ['/api/'];

export interface FaultSetting {
  mode: FaultMode;
  /** path prefixes the fault applies to, each under /api/ */
  prefixes: string[];
  /** `slow` only */
  delayMs: number;
}

const OFF: FaultSetting = { mode: 'off', prefixes: ALL_API, delayMs: DEFAULT_DELAY_MS };

/** The body of an unexpected server error (the app's error handler, server/lib/errors.ts). */
export const SERVER_ERROR_BODY = { serviceErrorMessage: 'Internal error. Please try again later.', code: 'INTERNAL' };

const FaultBody = z
  .object({
    mode: z.enum(FAULT_MODES),
    prefixes: z
      .array(z.string().regex(/^\/api\/[^?#\s]*$/, 'must be a path under /api/'))
      .min(1)
      .max(20)
      .optional(),
    delayMs: z.number().int().min(0).max(60_000).optional(),
  })
  .strict();

// keyed by the app's deps, the one object the root app and its route plugins share
const settings = new WeakMap<AppDeps, FaultSetting>();
const settingOf = (deps: AppDeps): FaultSetting => settings.get(deps) ?? OFF;

function applies(setting: FaultSetting, url: string): boolean {
  if (setting.mode === 'off') return false;
  const path = url.split('?')[0];
  return path.startsWith('/api/') && setting.prefixes.some((p) => path.startsWith(p));
}

/** The field `field-added` adds to an answer. */
export const OFF_CONTRACT_FIELD = 'offContract';

/** A JSON answer with one field more or one less (an array: its first element), as the mode says. */
function offContract(mode: 'field-added' | 'field-removed', text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const target: unknown = Array.isArray(value) ? value[0] : value;
  if (!target || typeof target !== 'object' || Array.isArray(target)) return text;
  const record = target as Record<string, unknown>;
  if (mode === 'field-added') record[OFF_CONTRACT_FIELD] = true;
  else delete record[Object.keys(record)[0]];
  return JSON.stringify(value);
}

/**
 * Called by createApp before the routes: every /api request passes the fault setting first (not in live mode). Its
 * answer hook comes before the compression's and the server tests' answer check (server/contract/answer-hook.ts),
 * which see the changed answer.
 */
export function installFaultInjection(app: FastifyInstance, env: Env): void {
  if (env.runMode === 'live') return;
  const deps = app.deps;
  onRequestStep(app, (req, reply) => {
    const setting = settingOf(deps);
    if (!applies(setting, req.url)) return undefined;
    if (setting.mode === 'down') {
      // no answer at all, and the handler never runs: the hijacked reply ends the chain
      reply.hijack();
      req.raw.socket?.destroy();
      return undefined;
    }
    if (setting.mode === '500') {
      reply.code(500).send(SERVER_ERROR_BODY);
      return undefined;
    }
    if (setting.mode === 'field-added' || setting.mode === 'field-removed') return undefined;
    // slow: served normally after the delay (the server's shutdown cuts the wait short)
    return sleep(setting.delayMs, undefined, { signal: deps.closing }).then(
      () => undefined,
      () => undefined,
    );
  });
  onSendStep(app, (req, reply, payload) => {
    const { mode } = settingOf(deps);
    if (mode !== 'field-added' && mode !== 'field-removed') return payload;
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (!applies(settingOf(deps), req.url) || reply.statusCode >= 300 || !json || text === null) return payload;
    return offContract(mode, text);
  });
}

const MODE_LABELS: Record<FaultMode, string> = {
  off: 'Off: the API answers normally',
  down: 'Down: connections close without an answer',
  slow: 'Slow: every answer comes late',
  '500': '500: every call answers a server error',
  'field-added': 'Field added: every answer has a field its schema lacks (offContract), off the API document',
  'field-removed': 'Field removed: every answer lacks its first field, off the API document',
};

registerConsoleSection({
  id: 'api-faults',
  title: 'Portal API faults',
  order: 15,
  render(deps) {
    const s = settingOf(deps);
    const radios = FAULT_MODES.map(
      (m) =>
        `<li><label class="switch"><input type="radio" name="fault-mode" value="${m}" ${s.mode === m ? 'checked' : ''}> <span>${esc(MODE_LABELS[m])}</span></label></li>`,
    ).join('');
    return `<p class="hint">Makes the portal's own API (/api/...) fail for this server process, to see each screen show its message, keep what was typed and recover once the fault is off again. The console and the simulators are not affected.</p>
<form id="fault-form"><ul class="switches">${radios}</ul>
<p><label>Only paths starting with (comma-separated) <input name="fault-prefixes" size="50" value="${esc(s.prefixes.join(', '))}"></label></p>
<p><label>Delay of "slow" in ms <input name="fault-delay" type="number" min="0" max="60000" step="500" value="${s.delayMs}"></label></p>
<p><button type="submit">Apply</button> <strong id="fault-state">${esc(s.mode === 'off' ? 'no fault' : `${s.mode} on ${s.prefixes.join(', ')}`)}</strong></p></form>`;
  },
  script: `document.getElementById('fault-form').addEventListener('submit', async function (e) {
  e.preventDefault();
  var form = e.target;
  var mode = form.querySelector('input[name="fault-mode"]:checked').value;
  var prefixes = form.elements['fault-prefixes'].value.split(',').map(function (p) { return p.trim(); }).filter(Boolean);
  var delayMs = Number(form.elements['fault-delay'].value);
  var res = await simPost('/sim/api/faults', { mode: mode, prefixes: prefixes.length ? prefixes : ['/api/'], delayMs: delayMs });
  if (!res.ok) { simStatus('Could not set the fault: ' + ((await res.json()).serviceErrorMessage || res.status)); return; }
  var v = (await res.json()).value;
  document.getElementById('fault-state').textContent = v.mode === 'off' ? 'no fault' : v.mode + ' on ' + v.prefixes.join(', ');
  simStatus(v.mode === 'off' ? 'The API answers normally' : 'API fault: ' + v.mode);
});`,
});

export const faultRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const deps = app.deps;
  app.get('/api/faults', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { value: settingOf(deps) };
  });
  app.post('/api/faults', async (req, reply) => {
    const body = parseOrThrow(FaultBody, req.body ?? {});
    const next: FaultSetting = {
      mode: body.mode,
      prefixes: body.prefixes ?? ALL_API,
      delayMs: body.delayMs ?? DEFAULT_DELAY_MS,
    };
    if (next.mode === 'off') settings.delete(deps);
    else settings.set(deps, next);
    req.log.warn({ fault: settingOf(deps) }, `portal API fault: ${next.mode}`);
    reply.header('Cache-Control', 'no-store');
    return { value: settingOf(deps) };
  });
  done();
};
