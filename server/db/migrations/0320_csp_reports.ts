/**
 * Content-Security-Policy reports (server/security/csp-report.ts) in a table of their own, out of the audit log: any
 * browser may post them, so they must neither bury the security events nor slow the audit table's readers. `digest`
 * (the SHA-256 of directive, source and page) is what the once-an-hour duplicate check looks up, with the time;
 * rows older than the retention are purged (server/security/purge.ts).
 */
import type { Kysely } from 'kysely';
import { autoId } from './portable.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('csp_reports')
    .addColumn('id', ...autoId(db))
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)')
    .addColumn('directive', 'varchar(100)', (c) => c.notNull())
    .addColumn('blocked', 'varchar(300)', (c) => c.notNull())
    .addColumn('page', 'varchar(300)', (c) => c.notNull())
    .addColumn('digest', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('csp_reports_digest').on('csp_reports').columns(['digest', 'at']).execute();
  await db.schema.createIndex('csp_reports_at').on('csp_reports').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('csp_reports_at').execute();
  await db.schema.dropIndex('csp_reports_digest').execute();
  await db.schema.dropTable('csp_reports').execute();
}
