/**
 * Opening the database and running migrations.
 * SQLite through better-sqlite3 (a file under DATA_DIR, or ':memory:' for tests), or PostgreSQL through `pg` when
 * a DATABASE_URL is given (dialect.ts holds what differs between the two).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { testDatabaseUrl } from '../env.js';
import type { DB } from './schema.js';
import { freshPostgres, openPostgres } from './dialect.js';
import { migrations } from './migrations/index.js';
import { migrateUp } from './migrator.js';
import { registerGeneration } from './prepared.js';
import { cachingStatements } from './statement-cache.js';
import { tracedDialect } from '../ops/trace-points.js';

export type Db = Kysely<DB>;

/**
 * `databaseUrl` (DATABASE_URL, `postgres://…`): that PostgreSQL database, `dataDir` unused, with a pool of at most
 * `pgPoolMax` connections (PG_POOL_MAX, default 10).
 * Otherwise SQLite: `portal.sqlite` in `dataDir`, or with `dataDir` null a fresh empty database for a test: in
 * memory, or, when TEST_DATABASE_URL names a PostgreSQL server, a new database of its own there (dropped by
 * `destroy()`), so the same tests run on both databases.
 */
export function openDb(dataDir: string | null, databaseUrl: string | null = null, pgPoolMax?: number): Db {
  if (databaseUrl) return openPostgres<DB>(databaseUrl, pgPoolMax);
  const testServer = dataDir === null ? testDatabaseUrl() : null;
  if (testServer) return freshPostgres<DB>(testServer, migrationsFingerprint(), migrate);
  let sqlite: SQLite.Database;
  if (dataDir === null) {
    sqlite = new SQLite(':memory:');
  } else {
    mkdirSync(dataDir, { recursive: true });
    sqlite = new SQLite(path.join(dataDir, 'portal.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    // SQLite's own page cache, per connection: 32 MiB rather than its default 2 MB, so the pages that searches and
    // contexts keep coming back to (the customer search's index at 1,000,000 customers) are read from memory, not
    // asked of the operating system again and again (bench "search at scale")
    sqlite.pragma('cache_size = -32768');
  }
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const cached = cachingStatements(sqlite); // kept statements and the contents' generation
  // with tracing on, every statement in a span (server/ops/trace-points.ts); as it is otherwise
  const db = new Kysely<DB>({ dialect: tracedDialect(new SqliteDialect({ database: cached.database }), 'sqlite') });
  registerGeneration(db, () => cached.generation());
  return db;
}

/** What a migrated template database holds: every migration's name and code. */
const migrationsFingerprint = () => migrations.map((m) => `${m.name}\n${m.up.toString()}`).join('\n');

/**
 * Runs this build's pending migrations (`upTo`: only those up to that name, see migrator.ts). A database migrated
 * by a newer build is refused with SchemaNewerError.
 */
export async function migrate(db: Db, upTo: string | null = null): Promise<void> {
  await migrateUp(db, upTo);
}

/** booleans are stored as integers (portable between SQLite and PostgreSQL) */
export const bool = (v: number | null | undefined): boolean => v === 1;
