/**
 * Simulator console switches of the demo external applications (issue 8; the applications are server/apps/):
 *   GET  /sim/api/apps          { value: AppSwitches[] } (server/lib/apps-protocol.ts) — the applications read it over HTTP
 *   POST /sim/api/apps/{app}    body { noPing?, slowMs?, neverReady?, financeStatus? } → { value: AppSwitches[] } (XSRF like every
 *                               /sim POST)
 * Dead/alive (maintenance) stays the Applications section's switch (application_status); it is repeated in the
 * answer so an application reads all its switches in one call. Off in live run mode, like the rest of the console.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import { deadApplications } from '../../lib/application-status.js';
import { type AppSwitches, EXTERNAL_APPLICATIONS, FINANCE_STATUSES } from '../../lib/apps-protocol.js';
import type { Clock } from '../../lib/clock.js';
import { parseOrThrow } from '../../lib/errors.js';
import { esc } from '../../lib/html.js';
import { registerConsoleSection } from './sections.js';

/** how long a page of an application takes with "slow to load" on */
const SLOW_LOAD_MS = 4_000;

const LABELS: Record<string, string> = {
  OSS: 'Shipment registration (OSS)',
  PERIODICALS: 'Periodicals',
  FINANCE: 'Invoicing management (FINANCE)',
};

async function readAppSwitches(db: Db): Promise<AppSwitches[]> {
  const rows = await db.selectFrom('sim_app_switches').selectAll().execute();
  const dead = await deadApplications(db);
  return EXTERNAL_APPLICATIONS.map((application) => {
    const row = rows.find((r) => r.application === application);
    const status = row?.finance_status;
    return {
      application,
      dead: dead.includes(application),
      noPing: row?.no_ping === 1,
      slowMs: row?.slow_ms ?? 0,
      neverReady: row?.never_ready === 1,
      financeStatus: application === 'FINANCE' && status ? (FINANCE_STATUSES.find((s) => s === status) ?? null) : null,
    };
  });
}

const SwitchBody = z
  .object({
    noPing: z.boolean().optional(),
    slowMs: z.number().int('must be whole milliseconds').min(0).max(60_000).optional(),
    neverReady: z.boolean().optional(),
    financeStatus: z.enum(FINANCE_STATUSES).nullable().optional(),
  })
  .strict();

async function writeAppSwitches(
  db: Db,
  clock: Clock,
  application: AppSwitches['application'],
  patch: z.infer<typeof SwitchBody>,
): Promise<void> {
  const current = (await readAppSwitches(db)).find((s) => s.application === application);
  const row = {
    application,
    no_ping: (patch.noPing ?? current?.noPing) ? 1 : 0,
    slow_ms: patch.slowMs ?? current?.slowMs ?? 0,
    never_ready: (patch.neverReady ?? current?.neverReady) ? 1 : 0,
    finance_status: patch.financeStatus !== undefined ? patch.financeStatus : (current?.financeStatus ?? null),
    changed_at: clock.now().toISOString(),
  };
  await db
    .insertInto('sim_app_switches')
    .values(row)
    .onConflict((oc) => oc.column('application').doUpdateSet(row))
    .execute();
}

registerConsoleSection({
  id: 'external-apps',
  title: 'External applications',
  order: 15,
  async render({ db }) {
    const switches = await readAppSwitches(db);
    const rows = switches
      .map((s) => {
        const finance =
          s.application === 'FINANCE'
            ? `<label>Finance special status <select data-finance-status>
<option value="">none (each customer's own)</option>${FINANCE_STATUSES.map(
                (f) => `<option value="${f}"${s.financeStatus === f ? ' selected' : ''}>${f}</option>`,
              ).join('')}</select></label>`
            : '';
        return `<li><strong>${esc(LABELS[s.application])}</strong> <span class="meta">${s.dead ? 'dead (maintenance)' : 'alive'}</span>
<ul class="switches" data-ext-app="${s.application}">
<li><label class="switch"><input type="checkbox" role="switch" data-switch="noPing" ${s.noPing ? 'checked' : ''}> <span>not answering pings</span></label></li>
<li><label class="switch"><input type="checkbox" role="switch" data-switch="slow" ${s.slowMs > 0 ? 'checked' : ''}> <span>slow to load (${SLOW_LOAD_MS / 1000} s)</span></label></li>
<li><label class="switch"><input type="checkbox" role="switch" data-switch="neverReady" ${s.neverReady ? 'checked' : ''}> <span>never ready (pages load, the channel stays silent)</span></label></li>
${finance ? `<li>${finance}</li>` : ''}</ul></li>`;
      })
      .join('');
    return `<p class="hint">The demo applications run on their own origin (APPS_PORT). Dead (maintenance) is the switch in Applications above. These switches apply at once: pings from the next one on, slowness and the finance status at the next page load.</p>
<ul class="switches">${rows}</ul>`;
  },
  script: `document.querySelectorAll('[data-ext-app]').forEach(function (list) {
  var app = list.getAttribute('data-ext-app');
  async function send(body, undo, what) {
    var res = await simPost('/sim/api/apps/' + app, body);
    if (!res.ok) { undo(); simStatus('Could not switch ' + app); return; }
    simStatus(app + ': ' + what);
  }
  list.querySelectorAll('input[data-switch]').forEach(function (box) {
    box.addEventListener('change', function () {
      var name = box.getAttribute('data-switch');
      var body = {};
      if (name === 'slow') body.slowMs = box.checked ? ${SLOW_LOAD_MS} : 0; else body[name] = box.checked;
      var what = { slow: 'slow to load ', noPing: 'not answering pings ', neverReady: 'never ready ' }[name];
      send(body, function () { box.checked = !box.checked; }, what + (box.checked ? 'on' : 'off'));
    });
  });
  var status = list.querySelector('select[data-finance-status]');
  if (status) {
    var before = status.value;
    status.addEventListener('change', function () {
      var value = status.value || null;
      send({ financeStatus: value }, function () { status.value = before; }, 'finance status ' + (value || 'none'));
      before = status.value;
    });
  }
});`,
});

export const appSwitchRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock } = app.deps;
  app.get('/api/apps', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { value: await readAppSwitches(db) };
  });
  app.post('/api/apps/:app', async (req, reply) => {
    const { app: application } = parseOrThrow(z.object({ app: z.enum(EXTERNAL_APPLICATIONS) }), req.params, 'app');
    const body = parseOrThrow(SwitchBody, req.body ?? {});
    if (body.financeStatus !== undefined && application !== 'FINANCE')
      parseOrThrow(z.object({ financeStatus: z.undefined({ error: 'is only for FINANCE' }) }), body);
    await writeAppSwitches(db, clock, application, body);
    reply.header('Cache-Control', 'no-store');
    return { value: await readAppSwitches(db) };
  });
  done();
};
