/**
 * Accounting-system simulator: the back office's person register (FISIK) that /test/ax reads and writes
 * over HTTP (ACCOUNTING_URL, default /sim/accounting-api of this process). One JSON document per person id.
 *
 *   GET  /sim/accounting-api/fisik/{id}         → 200 person | 404
 *   POST /sim/accounting-api/fisik              { person, sendNewPassword } → 201 person | 409 exists
 *   POST /sim/accounting-api/fisik/{id}         { person, sendNewPassword } → 200 person | 404
 *   GET  /sim/api/accounting                    console: { failing }
 *   POST /sim/api/accounting  { failing }       console: while failing every service call answers 503
 *
 * Server to server: no cookies, so the cookie XSRF check does not apply; POSTs must be JSON (no cross-site form).
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FisikPerson, FisikWriteBody } from '../../../domain/dev-pages/contract.js';
import type { Db } from '../../db/index.js';
import { HttpError, notFound, parseOrThrow } from '../../lib/errors.js';
import { registerConsoleSection } from '../console/sections.js';

const FAILING_KEY = 'sim.accounting.failing';

async function accountingFailing(db: Db): Promise<boolean> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', FAILING_KEY).executeTakeFirst();
  return row?.value === 'true';
}

async function setAccountingFailing(db: Db, failing: boolean): Promise<void> {
  await db.deleteFrom('meta').where('key', '=', FAILING_KEY).execute();
  await db
    .insertInto('meta')
    .values({ key: FAILING_KEY, value: String(failing) })
    .execute();
}

function requireJson(req: FastifyRequest): void {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The accounting API takes application/json.');
}

const serviceApi: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock } = app.deps;
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, xsrfExempt: 'accounting service API: server to server, JSON only, no cookies' };
  });
  app.addHook('onRequest', async () => {
    if (await accountingFailing(db))
      throw new HttpError(503, 'UNAVAILABLE', 'The accounting system is not available (simulator console).');
  });

  const load = async (id: string) => {
    const row = await db.selectFrom('sim_fisik_persons').select('data').where('id', '=', id).executeTakeFirst();
    return row ? FisikPerson.parse(JSON.parse(row.data)) : null;
  };
  const idOf = (params: unknown) => parseOrThrow(z.object({ id: z.string().min(1).max(40) }), params, 'id').id;

  app.get('/fisik/:id', async (req) => {
    const person = await load(idOf(req.params));
    if (!person) throw notFound('No such person in the accounting system.');
    return person;
  });

  app.post('/fisik', async (req, reply) => {
    requireJson(req);
    const { person } = parseOrThrow(FisikWriteBody, req.body);
    if (await load(person.id)) throw new HttpError(409, 'EXISTS', `Person ${person.id} already exists.`);
    await db
      .insertInto('sim_fisik_persons')
      .values({ id: person.id, data: JSON.stringify(person), updated_at: clock.now().toISOString() })
      .execute();
    return reply.status(201).send(person);
  });

  app.post('/fisik/:id', async (req) => {
    requireJson(req);
    const id = idOf(req.params);
    const { person } = parseOrThrow(FisikWriteBody, req.body);
    if (person.id !== id) throw new HttpError(400, 'BAD_INPUT', 'person.id: must be the id in the address');
    if (!(await load(id))) throw notFound('No such person in the accounting system.');
    await db
      .updateTable('sim_fisik_persons')
      .set({ data: JSON.stringify(person), updated_at: clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    return person;
  });
  done();
};

export const accountingSimRoutes: FastifyPluginCallback = (app, _opts, done) => {
  void app.register(serviceApi, { prefix: '/accounting-api' });
  app.get('/api/accounting', async () => ({ failing: await accountingFailing(app.deps.db) }));
  app.post('/api/accounting', async (req) => {
    const { failing } = parseOrThrow(z.object({ failing: z.boolean() }), req.body ?? {});
    await setAccountingFailing(app.deps.db, failing);
    return { failing };
  });
  done();
};

registerConsoleSection({
  id: 'accounting',
  title: 'Accounting system (FISIK)',
  order: 72,
  async render({ db }) {
    const failing = await accountingFailing(db);
    return `<p class="hint">The person register /ui/test/ax reads and writes. Failing: every call answers 503.</p>
<label class="switch"><input type="checkbox" role="switch" id="accounting-failing" ${failing ? 'checked' : ''}>
<span>Accounting system fails</span></label>`;
  },
  script: `document.getElementById('accounting-failing').addEventListener('change', async function (e) {
  var box = e.target;
  var res = await simPost('/sim/api/accounting', { failing: box.checked });
  if (!res.ok) { box.checked = !box.checked; simStatus('Could not switch the accounting system'); return; }
  simStatus('Accounting system ' + (box.checked ? 'fails' : 'answers'));
});`,
});
