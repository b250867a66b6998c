/**
 * Demo reset for a business-register company (simulator console API): undoes what customer-add did
 * for it in this database — the customer made from the register (contract, board, search entry), every
 * representation right in it, its signed contracts — so the signing demo (and the end-to-end tests, which
 * share one database per run) can sign the same company again.
 *
 *   POST /sim/api/registry/reset   { regCode }         → { removed: jgid | null }
 *   POST /sim/api/registry/reset   { regCode, fgid }   → { removed: jgid | null, rights: n }
 *
 * Without fgid: the customer created in this run is removed; customers of the demo data are kept (409).
 * With fgid: only that person's rights in the customer that the demo data does not have are removed
 * (e.g. the main-admin right customer-add/create-rights gave), for demo customers too.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { loadDemoData } from '../db/seed.js';
import { HttpError, parseOrThrow } from '../lib/errors.js';

const ResetBody = z.object({
  regCode: z.string().regex(/^\d{1,20}$/, 'must be a registry code'),
  fgid: z.string().min(1).max(40).optional(),
});

export const demoResetRoutes: FastifyPluginCallback = (app, _opts, done) => {
  app.post('/api/registry/reset', async (req) => {
    const { regCode, fgid } = parseOrThrow(ResetBody, req.body);
    const { db } = app.deps;
    const customer = await db
      .selectFrom('customers')
      .select('jgid')
      .where('reg_code', '=', regCode)
      .where('is_person', '=', 0)
      .executeTakeFirst();
    if (!customer) return { removed: null };
    if (fgid) {
      const data = loadDemoData();
      const key = data.persons.find((p) => p.fgid === fgid)?.key;
      const demo = data.rights.filter((r) => r.person === key && r.customer === customer.jgid);
      const rows = await db
        .selectFrom('rights')
        .selectAll()
        .where('person_fgid', '=', fgid)
        .where('represented_gid', '=', customer.jgid)
        .execute();
      // a right the demo data has (same application and role) stays; anything else was given in this run
      const extra = rows.filter(
        (r) => !demo.some((d) => d.application === r.application && (d.roleId ?? null) === (r.role_id ?? null)),
      );
      if (extra.length)
        await db
          .deleteFrom('rights')
          .where(
            'id',
            'in',
            extra.map((r) => r.id),
          )
          .execute();
      return { removed: null, rights: extra.length };
    }
    const seeded = loadDemoData().customers.some((c) => c.jgid === customer.jgid);
    if (seeded)
      throw new HttpError(409, 'DEMO_CUSTOMER', `regCode: ${customer.jgid} is a demo-data customer and is kept`);
    const jgid = customer.jgid;
    await db.transaction().execute(async (trx) => {
      // the customer first: on PostgreSQL it waits for an add of the same company that is still writing, so the
      // board and search entries that add commits are gone too (server/db/crash.test.ts)
      await trx.deleteFrom('customers').where('jgid', '=', jgid).execute();
      await trx.deleteFrom('rights').where('represented_gid', '=', jgid).execute();
      await trx.deleteFrom('customer_board_members').where('jgid', '=', jgid).execute();
      await trx.deleteFrom('signed_contracts').where('jgid', '=', jgid).execute();
      await trx.deleteFrom('customer_search_tokens').where('jgid', '=', jgid).execute();
    });
    return { removed: jgid };
  });
  done();
};
