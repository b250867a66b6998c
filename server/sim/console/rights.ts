/**
 * Simulator console switch: make one application's role save fail, so the rights modal's partial
 * failure ('Saving failed to: …', spec 2 §4 "Save", §8) can be shown and tested. The portal's save
 * (server/routes/user/save.ts) reads the switch from the table sim_role_save_switches at every save, inside that
 * application's transaction, so the failure rolls its write back while the other application lands.
 *
 *   GET  /sim/api/rights/save-failure               → { value: { OSS: boolean, PERIODICALS: boolean, FINANCE: boolean } }
 *   POST /sim/api/rights/save-failure/{OSS|PERIODICALS|FINANCE}   body { fail: boolean }  → the same (XSRF like every /sim POST)
 *
 * Off in live run mode, like the rest of the console (/sim/api/*, server/app.ts).
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { RIGHTS_APPLICATIONS } from '../../../domain/represented-settings/contract.js';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { parseOrThrow } from '../../lib/errors.js';
import { esc } from '../../lib/html.js';
import { registerConsoleSection } from './sections.js';

const LABELS: Record<string, string> = {
  OSS: 'Shipment registration (OSS)',
  PERIODICALS: 'Periodicals',
  FINANCE: 'Invoicing management',
};

async function readSaveFailures(db: Db): Promise<Record<string, boolean>> {
  const rows = await db.selectFrom('sim_role_save_switches').select(['application', 'fail']).execute();
  return Object.fromEntries(RIGHTS_APPLICATIONS.map((a) => [a, rows.some((r) => r.application === a && r.fail === 1)]));
}

async function writeSaveFailure(db: Db, clock: Clock, application: string, fail: boolean): Promise<void> {
  const row = { application, fail: fail ? 1 : 0, changed_at: clock.now().toISOString() };
  await db
    .insertInto('sim_role_save_switches')
    .values(row)
    .onConflict((oc) => oc.column('application').doUpdateSet(row))
    .execute();
}

registerConsoleSection({
  id: 'rights-save',
  title: 'Rights management',
  order: 20,
  async render({ db }) {
    const fails = await readSaveFailures(db);
    const items = RIGHTS_APPLICATIONS.map(
      (
        a,
      ) => `<li><label class="switch"><input type="checkbox" role="switch" data-role-save="${a}" ${fails[a] ? 'checked' : ''}>
<span>${esc(LABELS[a])}: role save fails</span></label></li>`,
    ).join('');
    return `<p class="hint">A business customer's administrator saves rights per application, each on its own. With a switch on, that application's save fails and the rights modal warns "Saving failed to: …"; the other applications' roles still land.</p>
<ul class="switches">${items}</ul>`;
  },
  script: `document.querySelectorAll('input[data-role-save]').forEach(function (box) {
  box.addEventListener('change', async function () {
    var app = box.getAttribute('data-role-save');
    var res = await simPost('/sim/api/rights/save-failure/' + app, { fail: box.checked });
    if (!res.ok) { box.checked = !box.checked; simStatus('Could not switch ' + app); return; }
    simStatus(app + ' role save ' + (box.checked ? 'fails' : 'works'));
  });
});`,
});

export const rightsSwitchRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock } = app.deps;
  app.get('/api/rights/save-failure', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { value: await readSaveFailures(db) };
  });
  app.post('/api/rights/save-failure/:app', async (req, reply) => {
    const { app: application } = parseOrThrow(z.object({ app: z.enum(RIGHTS_APPLICATIONS) }), req.params, 'app');
    const { fail } = parseOrThrow(z.object({ fail: z.boolean() }).strict(), req.body ?? {});
    await writeSaveFailure(db, clock, application, fail);
    reply.header('Cache-Control', 'no-store');
    return { value: await readSaveFailures(db) };
  });
  done();
};
