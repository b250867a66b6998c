/**
 * SQLite under Kysely, made cheaper per query:
 *
 * - Prepared statements are kept between queries. Kysely's SQLite driver prepares every query's SQL anew, and
 *   preparing costs more than running the small queries of an API call; the driver now gets the same statement back
 *   for the same SQL text. Safe because the driver runs one query at a time on its single connection (a mutex), so a
 *   kept statement is never used by two queries at once, a streamed one included; SQLite re-prepares a statement by
 *   itself when the schema changes under it.
 * - The contents' generation: a number that grows whenever the database may have changed, so a read can be reused
 *   until then (server/db/prepared.ts `reuse`). It grows after every statement of this connection that may write
 *   (better-sqlite3's `readonly` is false: INSERT, UPDATE, DELETE, DDL, ...), and whenever SQLite's
 *   `PRAGMA data_version` says another connection committed a change (another process on the same file, a tool);
 *   that is asked at most once per turn of the event loop.
 *
 * PostgreSQL needs neither: `pg` sends the compiled SQL with its parameters, and another process's writes cannot be
 * seen without asking, so nothing is reused there.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * SQL texts whose rows come as arrays of column values rather than objects (better-sqlite3's `raw` mode): for the
 * few hot statements that read many rows (the customer search's 200), where making an object per row costs more than
 * the query (200 rows of one column: 270 µs as objects, 100 µs as arrays). Registered by the code that runs them,
 * which reads `row[0]`…; PostgreSQL gets the same through db/dialect.ts `namedOnPostgres(text, { arrays: true })`.
 */
const arrayTexts = new Set<string>();
export function rowsAsArrays(sql: string): void {
  arrayTexts.add(sql);
}

/** Distinct SQL texts kept; queries whose text varies (IN lists of any length) push out the oldest. */
const MAX_STATEMENTS = 500;

export interface CachingSqlite {
  /** what Kysely's SqliteDialect is given */
  database: SqliteDatabase;
  /** the contents' generation now: equal numbers mean nothing was written in between, by anyone */
  generation(): number;
}

export function cachingStatements(database: Database, max = MAX_STATEMENTS): CachingSqlite {
  const statements = new Map<string, SqliteStatement>();
  let generation = 0;
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  let lastDataVersion = dataVersion.get();
  let versionChecked = false;

  /** A statement that may write: the generation grows after each run, failed ones included. */
  const tracked = (statement: Statement): SqliteStatement => ({
    reader: statement.reader,
    all(parameters) {
      try {
        return statement.all(parameters);
      } finally {
        generation++;
      }
    },
    run(parameters) {
      try {
        return statement.run(parameters);
      } finally {
        generation++;
      }
    },
    iterate(parameters) {
      generation++;
      return statement.iterate(parameters);
    },
  });

  return {
    database: {
      close: () => database.close(),
      prepare(sql: string) {
        let statement = statements.get(sql);
        if (statement) return statement;
        const prepared = database.prepare(sql);
        if (arrayTexts.has(sql) && prepared.reader) prepared.raw(true);
        statement = prepared.readonly ? prepared : tracked(prepared);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
        return statement;
      },
    },
    generation() {
      // another connection's commit is looked for once per turn of the event loop: every request handled in this
      // turn arrived before it began, so a change committed before any of them was sent is seen
      if (!versionChecked) {
        versionChecked = true;
        setImmediate(() => (versionChecked = false));
        const version = dataVersion.get();
        if (version !== lastDataVersion) {
          lastDataVersion = version;
          generation++;
        }
      }
      return generation;
    },
  };
}
