/**
 * HTTP face of the signing simulators (registered under /sim in server/routes/index.ts):
 *
 *   Mobile-ID (MID REST API v1 shape)
 *     POST /sim/mid-api/certificate                         { phoneNumber, nationalIdentityNumber }
 *     POST /sim/mid-api/signature                           { phoneNumber, nationalIdentityNumber, hash, hashType: 'SHA256' }
 *     GET  /sim/mid-api/signature/session/{id}?timeoutMs=   long poll
 *   Smart-ID (RP API v2 shape)
 *     POST /sim/smart-id-api/certificatechoice/etsi/{PNOEE-code}
 *     POST /sim/smart-id-api/signature/document/{documentNumber}   { hash, hashType: 'SHA256' }
 *     GET  /sim/smart-id-api/session/{id}?timeoutMs=        long poll
 *   Software ID-card (for the browser's Web eID-shaped adapter)
 *     GET  /sim/id-card/certificate      → { certificate (base64 DER), supportedSignatureAlgorithms } | 404 { code: 'NO_CARD' }
 *     POST /sim/id-card/sign             { hash (base64 or hex), hashFunction: 'SHA-256', certificate? } → { signature (base64), signatureAlgorithm } | 404 NO_CARD
 *   Console control
 *     GET/POST /sim/api/id-card          { inserted: personalCode | null } (+ cards: the demo cards)
 *     GET/POST /sim/api/signing          the simulator knobs (server/sim/settings.ts)
 *
 * The portal itself calls the service modules in-process (same answers, no HTTP hop).
 * Like every /sim POST, these need the X-XSRF-TOKEN header (docs/conventions.md).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { longPollSignal } from '../lib/deps.js';
import { parseOrThrow } from '../lib/errors.js';
import { esc } from '../lib/html.js';
import { registerConsoleSection } from './console/sections.js';
import { cardCertificate, cardSign, CardSignRequest, insertCard, insertedCard } from './id-card/service.js';
import { midCertificate, midSessionStatus, midStartSignature } from './mobile-id/service.js';
import { getSimSettings, setSimSettings } from './settings.js';
import { signingData } from './signing-data.js';
import { sidCertificateChoice, sidSessionStatus, sidStartSignature } from './smart-id/service.js';

const TimeoutQuery = z.object({ timeoutMs: z.coerce.number().int().min(0).max(120_000).default(0) });
const IdParam = z.object({ id: z.string().min(1).max(60) });
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
    midAnyPersonalCode: z.boolean(),
    checkWaitMs: z.number().int().min(0).max(30_000),
  })
  .partial()
  .strict();

export const signingSimRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => app.deps;

  app.post('/mid-api/certificate', async (req) => midCertificate(deps().db, deps().clock, req.body));
  app.post('/mid-api/signature', async (req) => midStartSignature(deps().db, deps().clock, req.body));
  app.get('/mid-api/signature/session/:id', async (req, reply) => {
    const { id } = parseOrThrow(IdParam, req.params, 'id');
    const { timeoutMs } = parseOrThrow(TimeoutQuery, req.query, 'query');
    return midSessionStatus(deps().db, deps().clock, id, timeoutMs, longPollSignal(deps(), reply));
  });

  app.post('/smart-id-api/certificatechoice/etsi/:semanticsIdentifier', async (req) =>
    sidCertificateChoice(deps().db, deps().clock, (req.params as { semanticsIdentifier: string }).semanticsIdentifier),
  );
  app.post('/smart-id-api/signature/document/:documentNumber', async (req) =>
    sidStartSignature(deps().db, deps().clock, (req.params as { documentNumber: string }).documentNumber, req.body),
  );
  app.get('/smart-id-api/session/:id', async (req, reply) => {
    const { id } = parseOrThrow(IdParam, req.params, 'id');
    const { timeoutMs } = parseOrThrow(TimeoutQuery, req.query, 'query');
    return sidSessionStatus(deps().db, deps().clock, id, timeoutMs, longPollSignal(deps(), reply));
  });

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
    const options = [{ personalCode: '', commonName: 'No card' }, ...signingData().idCards]
      .map(
        (c) =>
          `<option value="${esc(c.personalCode)}" ${c.personalCode === (inserted ?? '') ? 'selected' : ''}>${esc(c.commonName)}</option>`,
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

registerConsoleSection({
  id: 'mobile-id',
  title: 'Mobile-ID and Smart-ID',
  order: 31,
  async render({ db }) {
    const s = await getSimSettings(db);
    const d = signingData();
    const mid = d.mobileId
      .map((m) => `<tr><td>${esc(m.phone)}</td><td>${esc(m.personalCode)}</td><td>${esc(m.result)}</td></tr>`)
      .join('');
    const sid = d.smartId.map((m) => `<tr><td>${esc(m.personalCode)}</td><td>${esc(m.result)}</td></tr>`).join('');
    return `<p class="hint">The phone and the signed-in person's personal code pick the Mobile-ID result; the personal code picks the Smart-ID result. The simulated person acts after ${s.midDelayMs} ms (Mobile-ID) / ${s.sidDelayMs} ms (Smart-ID).</p>
<label class="switch"><input type="checkbox" role="switch" id="sim-mid-any" ${s.midAnyPersonalCode ? 'checked' : ''}> <span>Mobile-ID test numbers accept any personal code (the phone alone picks the result)</span></label>
<table><caption>Mobile-ID test numbers</caption><thead><tr><th scope="col">Phone</th><th scope="col">Personal code</th><th scope="col">Result</th></tr></thead><tbody>${mid}</tbody></table>
<table><caption>Smart-ID accounts</caption><thead><tr><th scope="col">Personal code</th><th scope="col">Result</th></tr></thead><tbody>${sid}</tbody></table>`;
  },
  script: `(function () {
  var box = document.getElementById('sim-mid-any');
  if (!box) return;
  box.addEventListener('change', async function () {
    var res = await simPost('/sim/api/signing', { midAnyPersonalCode: box.checked });
    if (!res.ok) { box.checked = !box.checked; simStatus('Could not switch'); return; }
    simStatus(box.checked ? 'Mobile-ID test numbers now accept any personal code' : 'Mobile-ID needs the matching personal code');
  });
})();`,
});
