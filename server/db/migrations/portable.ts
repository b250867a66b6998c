/**
 * Column helpers for what the schema builder does not make portable by itself (PostgreSQL beside SQLite, see
 * ../dialect.ts).
 */
import { sql, type ColumnDefinitionBuilder, type ColumnDataType, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * `.addColumn('id', ...autoId(db))`: an integer primary key numbered by the database.
 * `autoIncrement()` compiles to SQLite's AUTOINCREMENT but to MySQL's AUTO_INCREMENT under the PostgreSQL dialect,
 * which PostgreSQL rejects: there an auto id is `serial` instead.
 */
export function autoId(db: Kysely<unknown>): [ColumnDataType, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db) ? ['serial', (c) => c.primaryKey()] : ['integer', (c) => c.primaryKey().autoIncrement()];
}

/**
 * `.addColumn('token', 'varchar(100)', (c) => byteOrder(db, c.notNull()))`: compared and sorted byte by byte, as
 * SQLite does. For columns searched with prefix ranges (`>= 'abc' AND < 'abd'`, customer search): under a
 * language collation (a PostgreSQL database made with en_US.UTF-8, say) such a range is not a prefix match and its
 * index is not used, so on PostgreSQL these columns get `COLLATE "C"` whatever the database's default.
 */
export function byteOrder(db: Kysely<unknown>, c: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return isPostgres(db) ? c.modifyEnd(sql`collate "C"`) : c;
}
