/**
 * Opening the database and running migrations.
 * SQLite through better-sqlite3 (a file under DATA_DIR, or ':memory:' for tests).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider, type Migration } from 'kysely';
import type { DB } from './schema.js';
import { migrations } from './migrations/index.js';

export type Db = Kysely<DB>;

/** `dataDir` null → in-memory database (tests). */
export function openDb(dataDir: string | null): Db {
  let sqlite: SQLite.Database;
  if (dataDir === null) {
    sqlite = new SQLite(':memory:');
  } else {
    mkdirSync(dataDir, { recursive: true });
    sqlite = new SQLite(path.join(dataDir, 'portal.sqlite'));
    sqlite.pragma('journal_mode = WAL');
  }
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
}

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(Object.fromEntries(migrations.map((m): [string, Migration] => [m.name, m]))),
};

export async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  for (const r of results ?? []) if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}

/** booleans are stored as integers (portable between SQLite and PostgreSQL) */
export const bool = (v: number | null | undefined): boolean => v === 1;
