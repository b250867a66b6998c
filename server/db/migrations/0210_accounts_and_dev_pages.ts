/**
 * Account creation, the deployment simulator, the accounting-system simulator. Schema builder only (and
 * row updates through Kysely), so PostgreSQL runs it too.
 * - password_reset_keys.key → key_hash: keys are stored only as their SHA-256 (server/lib/reset-keys.ts); rows
 *   written before this migration are converted in place, so a link already mailed keeps working.
 * - persons.eula_version: the terms-of-use version the person accepted; null = a new account (spec 2 §3
 *   "endUserAgreementVersion (missing means new account)").
 * - sim_deployments: deployment packages the deployment simulator knows besides its folder, and what it installed.
 * - sim_fisik_persons: the accounting-system simulator's persons (FISIK), one JSON document per id.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

interface Before {
  password_reset_keys: { key_hash: string };
  persons: { eula_version: string | null; password_hash: string | null };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('password_reset_keys').renameColumn('key', 'key_hash').execute();
  const k = db as Kysely<Before>;
  for (const row of await k.selectFrom('password_reset_keys').select('key_hash').execute()) {
    if (/^[0-9a-f]{64}$/.test(row.key_hash)) continue;
    const hash = createHash('sha256').update(row.key_hash, 'utf8').digest('hex');
    await k.updateTable('password_reset_keys').set({ key_hash: hash }).where('key_hash', '=', row.key_hash).execute();
  }

  await db.schema.alterTable('persons').addColumn('eula_version', 'varchar(20)').execute();
  // people who already log in with a password have accepted the terms in use before this column existed
  await (db as Kysely<Before>)
    .updateTable('persons')
    .set({ eula_version: '1' })
    .where('password_hash', 'is not', null)
    .execute();

  await db.schema
    .createTable('sim_deployments')
    .addColumn('name', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('version', 'varchar(40)', (c) => c.notNull())
    .addColumn('symbolic_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('application_bundle', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('from_folder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('installed_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('sim_fisik_persons')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sim_fisik_persons').ifExists().execute();
  await db.schema.dropTable('sim_deployments').ifExists().execute();
  await db.schema.alterTable('persons').dropColumn('eula_version').execute();
  // hashed keys cannot be turned back into links: drop them rather than leave hashes where keys were expected
  await (db as Kysely<Before>).deleteFrom('password_reset_keys').execute();
  await db.schema.alterTable('password_reset_keys').renameColumn('key_hash', 'key').execute();
}
