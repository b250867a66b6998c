/**
 * Column helpers for what the schema builder does not make portable by itself.
 * `autoIncrement()` compiles to SQLite's AUTOINCREMENT but to MySQL's AUTO_INCREMENT under the
 * PostgreSQL dialect, which PostgreSQL rejects: there an auto id is `serial` (identity) instead.
 */
import { PostgresAdapter, type ColumnDefinitionBuilder, type ColumnDataType, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** `.addColumn('id', ...autoId(db))`: an integer primary key numbered by the database. */
export function autoId(db: Kysely<unknown>): [ColumnDataType, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db) ? ['serial', (c) => c.primaryKey()] : ['integer', (c) => c.primaryKey().autoIncrement()];
}
