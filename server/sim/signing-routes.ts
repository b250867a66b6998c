/**
 * HTTP face of the signing simulators (registered under /sim). The portal's server reaches the first two
 * over HTTP through server/clients (MID_URL, SMART_ID_URL), exactly as it would SK's services:
 *
 *   Mobile-ID (MID REST API v1), base /sim/mid-api       answers in SK's shape, errors { error, time, traceId }
 *     POST /certificate, POST /signature, GET /signature/session/{id}?timeoutMs=, GET /version
 *   Smart-ID (RP API v2), base /sim/smart-id-api          errors as problem details { type, title, status, detail }
 *     POST /certificatechoice/etsi/{id}, POST /certificatechoice/document/{doc},
 *     POST /signature/etsi/{id}, POST /signature/document/{doc}, GET /session/{id}?timeoutMs=
 *   Business register, base /sim/registry-api (./registry-routes.ts)
 *   Software ID-card (for the browser's Web eID-shaped adapter; cookie + XSRF like the console)
 *     GET  /sim/id-card/certificate      → { certificate (base64 DER), supportedSignatureAlgorithms } | 404 { code: 'NO_CARD' }
 *     POST /sim/id-card/sign             { hash (base64 or hex), hashFunction: 'SHA-256', certificate? } → { signature (base64), signatureAlgorithm }
 *   Console control
 *     GET/POST /sim/api/id-card          { inserted: personalCode | null } (+ cards: the demo cards)
 *     GET/POST /sim/api/signing          the simulator knobs (server/sim/settings.ts)
 *
 * The service APIs (mid-api, smart-id-api) take no cookies and so need no XSRF header (route config
 * `xsrfExempt`); the register's API is read-only. The console and the card still need it.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { longPollSignal } from '../lib/deps.js';
import { parseOrThrow } from '../lib/errors.js';
import { esc } from '../lib/html.js';
import { registerConsoleSection } from './console/sections.js';
import { cardCertificate, cardSign, CardSignRequest, insertCard, insertedCard } from './id-card/service.js';
import { midCertificate, midSessionStatus, midStartSignature } from './mobile-id/service.js';
import { registryApiRoutes } from './registry-routes.js';
import { installServiceErrors, SkServiceError, type ServiceName } from './service-errors.js';
import {
  getSimSettings,
  MID_HTTP_ERRORS,
  MID_RESULTS,
  setSimSettings,
  SID_END_RESULTS,
  SID_HTTP_ERRORS,
} from './settings.js';
import { signingData } from './signing-data.js';
import { sidCertificateChoice, sidSessionStatus, sidStartSignature } from './smart-id/service.js';

const InsertBody = z.object({
  inserted: z
    .string()
    .regex(/^\d{11}$/)
    .nullable(),
});
const SettingsBody = z
  .object({
    midDelayMs: z.number().int().min(0).max(300_000),
    sidDelayMs: z.number().int().min(0).max(300_000),
    sidCertChoiceDelayMs: z.number().int().min(0).max(300_000),
    midAnyPersonalCode: z.boolean(),
    checkWaitMs: z.number().int().min(0).max(120_000),
    midResult: z.enum(MID_RESULTS).nullable(),
    sidResult: z.enum(SID_END_RESULTS).nullable(),
    midHttpError: z.literal(MID_HTTP_ERRORS).nullable(),
    sidHttpError: z.literal(SID_HTTP_ERRORS).nullable(),
  })
  .partial()
  .strict();

/** ?timeoutMs= as the services read it: a whole number, or absent (their default). */
function timeoutOf(service: ServiceName, query: unknown): number | undefined {
  const raw = (query as Record<string, unknown> | undefined)?.timeoutMs;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new SkServiceError(service, 400, 'timeoutMs must be a whole number');
  return n;
}

const param = (params: unknown, name: string): string => {
  const v = (params as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
};

/**
 * A relying party's server calls the service APIs with its registered credentials and no cookies, so the
 * portal's cookie-based XSRF double submit does not apply to them (server/lib/xsrf.ts `xsrfExempt`).
 */
function serviceApi(app: FastifyInstance, service: ServiceName) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, xsrfExempt: `${service} service API: relying-party credentials, no cookies` };
  });
  installServiceErrors(app, service, () => app.deps.clock.now());
}

const midApi: FastifyPluginAsync = (app) => {
  serviceApi(app, 'MID');
  // MID REST v1 §3.4: a plain-text version line, handy to check that MID_URL reaches the service
  app.get('/version', async (_req, reply) => reply.type('text/plain').send('Version: 5.1.1. Built: EPIT simulator'));
  app.post('/certificate', async (req) => midCertificate(app.deps.db, app.deps.clock, req.body));
  app.post('/signature', async (req) => midStartSignature(app.deps.db, app.deps.clock, req.body));
  app.get('/signature/session/:id', async (req, reply) =>
    midSessionStatus(
      app.deps.db,
      app.deps.clock,
      param(req.params, 'id'),
      timeoutOf('MID', req.query),
      longPollSignal(app.deps, reply),
    ),
  );
  return Promise.resolve();
};

const smartIdApi: FastifyPluginAsync = (app) => {
  serviceApi(app, 'SID');
  const { db, clock } = app.deps;
  app.post('/certificatechoice/etsi/:id', async (req) =>
    sidCertificateChoice(db, clock, { identifier: param(req.params, 'id') }, req.body),
  );
  app.post('/certificatechoice/document/:doc', async (req) =>
    sidCertificateChoice(db, clock, { documentNumber: param(req.params, 'doc') }, req.body),
  );
  app.post('/signature/etsi/:id', async (req) =>
    sidStartSignature(db, clock, { identifier: param(req.params, 'id') }, req.body),
  );
  app.post('/signature/document/:doc', async (req) =>
    sidStartSignature(db, clock, { documentNumber: param(req.params, 'doc') }, req.body),
  );
  app.get('/session/:id', async (req, reply) =>
    sidSessionStatus(db, clock, param(req.params, 'id'), timeoutOf('SID', req.query), longPollSignal(app.deps, reply)),
  );
  return Promise.resolve();
};

export const signingSimRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => app.deps;

  await app.register(midApi, { prefix: '/mid-api' });
  await app.register(smartIdApi, { prefix: '/smart-id-api' });
  await app.register(registryApiRoutes);

  app.get('/id-card/certificate', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return cardCertificate(deps().db, deps().clock);
  });
  app.post('/id-card/sign', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return cardSign(deps().db, deps().clock, parseOrThrow(CardSignRequest, req.body));
  });

  const cardState = async () => ({
    inserted: (await insertedCard(deps().db))?.personalCode ?? null,
    cards: signingData().idCards,
  });
  app.get('/api/id-card', async () => cardState());
  app.post('/api/id-card', async (req) => {
    const { inserted } = parseOrThrow(InsertBody, req.body);
    await insertCard(deps().db, inserted);
    return cardState();
  });
  app.get('/api/signing', async () => getSimSettings(deps().db));
  app.post('/api/signing', async (req) => setSimSettings(deps().db, parseOrThrow(SettingsBody, req.body)));
};

registerConsoleSection({
  id: 'id-card',
  title: 'ID-card reader',
  order: 30,
  async render({ db }) {
    const inserted = (await insertedCard(db))?.personalCode ?? null;
    const options = [{ personalCode: '', commonName: 'No card', key: '' }, ...signingData().idCards]
      .map(
        (c) =>
          `<option value="${esc(c.personalCode)}" ${c.personalCode === (inserted ?? '') ? 'selected' : ''}>${esc(c.commonName)}${c.key ? ` (${esc(c.key)})` : ''}</option>`,
      )
      .join('');
    return `<p class="hint">The card the portal's ID-card signing reads. A card whose personal code is not the signed-in person's ends in CERTIFICATE_MISMATCH.</p>
<label for="sim-id-card">Inserted card</label> <select id="sim-id-card">${options}</select>`;
  },
  script: `(function () {
  var sel = document.getElementById('sim-id-card');
  if (!sel) return;
  sel.addEventListener('change', async function () {
    var res = await simPost('/sim/api/id-card', { inserted: sel.value || null });
    simStatus(res.ok ? (sel.value ? 'Card inserted: ' + sel.options[sel.selectedIndex].text : 'Card removed') : 'Could not change the card');
  });
})();`,
});

const select = (id: string, label: string, current: string, values: readonly (string | number)[]) =>
  `<p><label for="${id}">${esc(label)}</label> <select id="${id}" data-setting="${id.replace(/^sim-/, '')}">` +
  [['', 'as the demo data says'] as const, ...values.map((v) => [String(v), String(v)] as const)]
    .map(([v, text]) => `<option value="${esc(v)}" ${v === current ? 'selected' : ''}>${esc(text)}</option>`)
    .join('') +
  '</select></p>';

registerConsoleSection({
  id: 'mobile-id',
  title: 'Mobile-ID and Smart-ID',
  order: 31,
  async render({ db }) {
    const s = await getSimSettings(db);
    const d = signingData();
    const mid = d.mobileId
      .map(
        (m) =>
          `<tr><td>${esc(m.phone)}</td><td>${esc(m.personalCode)}</td><td>${esc(m.result)}</td><td>${esc(m.key)}</td></tr>`,
      )
      .join('');
    const sid = d.smartId
      .map((m) => `<tr><td>${esc(m.personalCode)}</td><td>${esc(m.result)}</td><td>${esc(m.key)}</td></tr>`)
      .join('');
    return `<p class="hint">The phone and the signed-in person's personal code pick the Mobile-ID result; the personal code picks the Smart-ID result. The simulated person acts after ${s.midDelayMs} ms (Mobile-ID) / ${s.sidDelayMs} ms (Smart-ID, after a device choice of ${s.sidCertChoiceDelayMs} ms). A status request is held at most ${Math.max(1000, s.checkWaitMs)} ms.</p>
<label class="switch"><input type="checkbox" role="switch" id="sim-mid-any" ${s.midAnyPersonalCode ? 'checked' : ''}> <span>Mobile-ID test numbers accept any personal code (the phone alone picks the result)</span></label>
${select('sim-midResult', 'Every Mobile-ID session ends with', s.midResult ?? '', MID_RESULTS)}
${select('sim-midHttpError', 'Mobile-ID answers the certificate and signature requests with HTTP', String(s.midHttpError ?? ''), MID_HTTP_ERRORS)}
${select('sim-sidResult', 'Every Smart-ID session ends with', s.sidResult ?? '', SID_END_RESULTS)}
${select('sim-sidHttpError', 'Smart-ID answers session starts with HTTP', String(s.sidHttpError ?? ''), SID_HTTP_ERRORS)}
<table><caption>Mobile-ID test numbers</caption><thead><tr><th scope="col">Phone</th><th scope="col">Personal code</th><th scope="col">Result</th><th scope="col">Key</th></tr></thead><tbody>${mid}</tbody></table>
<table><caption>Smart-ID accounts</caption><thead><tr><th scope="col">Personal code</th><th scope="col">Result</th><th scope="col">Key</th></tr></thead><tbody>${sid}</tbody></table>`;
  },
  script: `(function () {
  var box = document.getElementById('sim-mid-any');
  if (box) box.addEventListener('change', async function () {
    var res = await simPost('/sim/api/signing', { midAnyPersonalCode: box.checked });
    if (!res.ok) { box.checked = !box.checked; simStatus('Could not switch'); return; }
    simStatus(box.checked ? 'Mobile-ID test numbers now accept any personal code' : 'Mobile-ID needs the matching personal code');
  });
  document.querySelectorAll('select[data-setting]').forEach(function (sel) {
    sel.addEventListener('change', async function () {
      var key = sel.getAttribute('data-setting');
      var body = {};
      body[key] = sel.value === '' ? null : (/HttpError$/.test(key) ? Number(sel.value) : sel.value);
      var res = await simPost('/sim/api/signing', body);
      simStatus(res.ok ? key + ': ' + (sel.value || 'as the demo data says') : 'Could not change ' + key);
    });
  });
})();`,
});
