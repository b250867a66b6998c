/**
 * Simulator console switch: make one application's role loading fail, so the user settings roles tab shows
 * error.client across that application's column while the customers stay (spec 2 §2 "Roles view", §8). The portal's
 * route user-settings/roles/clientapp/{app}/{userId} (server/routes/user-settings/roles.ts) reads the switch from the
 * table sim_role_load_failures at every call and then answers 503 ROLE_LOAD_FAILED.
 *
 *   GET  /sim/api/roles/load-failure                        → { value: { OSS: boolean, PERIODICALS: boolean } }
 *   POST /sim/api/roles/load-failure/{OSS|PERIODICALS}      body { fail: boolean } → the same (XSRF like every /sim POST)
 *
 * Off in live run mode, like the rest of the console (/sim/api/*, server/app.ts).
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { parseOrThrow } from '../../lib/errors.js';
import { esc } from '../../lib/html.js';
import { registerConsoleSection } from './sections.js';

const ROLE_LOAD_APPLICATIONS = ['OSS', 'PERIODICALS'] as const;
const LABELS: Record<string, string> = { OSS: 'Shipment registration (OSS)', PERIODICALS: 'Periodicals' };

async function readLoadFailures(db: Db): Promise<Record<string, boolean>> {
  const rows = await db.selectFrom('sim_role_load_failures').select(['application', 'failing']).execute();
  return Object.fromEntries(
    ROLE_LOAD_APPLICATIONS.map((a) => [a, rows.some((r) => r.application === a && r.failing === 1)]),
  );
}

async function writeLoadFailure(db: Db, clock: Clock, application: string, fail: boolean): Promise<void> {
  const row = { application, failing: fail ? 1 : 0, changed_at: clock.now().toISOString() };
  await db
    .insertInto('sim_role_load_failures')
    .values(row)
    .onConflict((oc) => oc.column('application').doUpdateSet(row))
    .execute();
}

registerConsoleSection({
  id: 'roles-load',
  title: 'User settings: role loading',
  order: 21,
  async render({ db }) {
    const fails = await readLoadFailures(db);
    const items = ROLE_LOAD_APPLICATIONS.map(
      (
        a,
      ) => `<li><label class="switch"><input type="checkbox" role="switch" data-role-load="${a}" ${fails[a] ? 'checked' : ''}>
<span>${esc(LABELS[a])}: role loading fails</span></label></li>`,
    ).join('');
    return `<p class="hint">The roles tab of user settings loads each application's roles on its own. With a switch on, that application's roles call answers an error: its column shows "Service is disrupted" and the customers stay.</p>
<ul class="switches">${items}</ul>`;
  },
  script: `document.querySelectorAll('input[data-role-load]').forEach(function (box) {
  box.addEventListener('change', async function () {
    var app = box.getAttribute('data-role-load');
    var res = await simPost('/sim/api/roles/load-failure/' + app, { fail: box.checked });
    if (!res.ok) { box.checked = !box.checked; simStatus('Could not switch ' + app); return; }
    simStatus(app + ' role loading ' + (box.checked ? 'fails' : 'works'));
  });
});`,
});

export const roleLoadSwitchRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock } = app.deps;
  app.get('/api/roles/load-failure', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { value: await readLoadFailures(db) };
  });
  app.post('/api/roles/load-failure/:app', async (req, reply) => {
    const { app: application } = parseOrThrow(z.object({ app: z.enum(ROLE_LOAD_APPLICATIONS) }), req.params, 'app');
    const { fail } = parseOrThrow(z.object({ fail: z.boolean() }).strict(), req.body ?? {});
    await writeLoadFailure(db, clock, application, fail);
    reply.header('Cache-Control', 'no-store');
    return { value: await readLoadFailures(db) };
  });
  done();
};
