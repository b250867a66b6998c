/**
 * The frame load error (spec 1 §8): one more simulator switch of the demo applications, "never ready" — the
 * application's pages load but its channel stays silent (no ready, no pong), so the portal shows its frame load error.
 * Schema builder only, so PostgreSQL can run it too.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sim_app_switches')
    .addColumn('never_ready', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sim_app_switches').dropColumn('never_ready').execute();
}
