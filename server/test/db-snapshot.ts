/**
 * What a test needs to say "this request changed nothing in the database", on SQLite and on PostgreSQL
 * (the fuzzing runs on both: `npm run test:unit` and `npm run test:server:pg`).
 *
 * - `snapshotTables(db)`: every table with its row count and a hash of its rows (order-independent), to compare
 *   before and after a series of requests; `snapshotDiff(a, b)` names the tables that differ.
 * - `changeCounter(db)`: a number that grows with every row inserted, updated or deleted, read cheaply around each
 *   request. SQLite has it built in (`total_changes()` of the one connection); on PostgreSQL, whose writes come over
 *   a pool of connections, `installChangeCounter(db)` adds a row trigger to every table that draws from a sequence
 *   (sequences are outside transactions, so every connection's writes count at once, as in SQLite).
 */
import { createHash } from 'node:crypto';
import { sql, type QueryExecutorProvider } from 'kysely';
import { isPostgres } from '../db/dialect.js';

/** A Kysely instance of any schema: the helpers read tables by name. */
type AnyDb = QueryExecutorProvider;

/** The tables of the database (SQLite's own `sqlite_*` and PostgreSQL's catalogues left out), sorted by name. */
export async function tableNames(db: AnyDb): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  return rows.map((r) => r.name);
}

export type Snapshot = Map<string, { rows: number; hash: string }>;

/**
 * Every table's row count and a SHA-256 of its rows. Rows are compared as sets (PostgreSQL keeps no row order), each
 * row as the JSON of its columns; `ignore` names columns that change by design (a session's last_seen_at).
 */
export async function snapshotTables(db: AnyDb, ignore: Record<string, string[]> = {}): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  for (const name of await tableNames(db)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const skip = new Set(ignore[name] ?? []);
    const lines = rows.map((r) => JSON.stringify(Object.entries(r).filter(([column]) => !skip.has(column)))).sort();
    const hash = createHash('sha256');
    for (const line of lines) hash.update(line).update('\n');
    snapshot.set(name, { rows: rows.length, hash: hash.digest('hex') });
  }
  return snapshot;
}

/** The tables that differ between two snapshots, as "name: 3 → 4 rows" or "name: content changed". */
export function snapshotDiff(before: Snapshot, after: Snapshot): string[] {
  const differences: string[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(name);
    const b = after.get(name);
    if (!a || !b) differences.push(`${name}: ${a ? 'dropped' : 'created'}`);
    else if (a.rows !== b.rows) differences.push(`${name}: ${a.rows} → ${b.rows} rows`);
    else if (a.hash !== b.hash) differences.push(`${name}: content changed`);
  }
  return differences.sort();
}

const COUNTER = 'test_change_counter';

/**
 * PostgreSQL: a sequence and, on every table there is now, a row trigger that draws from it on insert, update and
 * delete (and a statement trigger on truncate). SQLite needs nothing. Only for a test's own throwaway database.
 */
export async function installChangeCounter(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create sequence if not exists ${sql.id(COUNTER)}`.execute(db);
  await sql`create or replace function test_count_change() returns trigger language plpgsql as $$
      begin perform nextval(${sql.lit(COUNTER)}); return null; end $$`.execute(db);
  for (const name of await tableNames(db)) {
    await sql`create or replace trigger test_count_change after insert or update or delete on ${sql.table(name)}
      for each row execute function test_count_change()`.execute(db);
    await sql`create or replace trigger test_count_truncate after truncate on ${sql.table(name)}
      for each statement execute function test_count_change()`.execute(db);
  }
}

/** Rows changed so far: SQLite's total_changes(); PostgreSQL's counter of `installChangeCounter`. */
export async function changeCounter(db: AnyDb): Promise<number> {
  const { rows } = isPostgres(db)
    ? await sql<{ n: number | string }>`select last_value - (case when is_called then 0 else 1 end) as n
        from ${sql.table(COUNTER)}`.execute(db)
    : await sql<{ n: number }>`select total_changes() as n`.execute(db);
  return Number(rows[0].n);
}

/**
 * The database's schema as comparable lines, sorted: on SQLite every table's, index's and trigger's SQL as SQLite
 * keeps it; on PostgreSQL each table's columns in their order (type, collation, null, default), its constraints,
 * indexes and triggers, and the schema's functions. What a migration's `up` then `down` must give back.
 */
export async function schemaOf(db: AnyDb): Promise<string[]> {
  const lines = await schemaLines(db);
  // the migrator's own bookkeeping is made by the first migration run and never dropped
  return lines.filter((l) => !/^\w+ kysely_migration/.test(l));
}

async function schemaLines(db: AnyDb): Promise<string[]> {
  if (!isPostgres(db)) {
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(db);
    return rows.map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`);
  }
  const lines: string[] = [];
  const columns = await sql<{
    t: string;
    c: string;
    type: string;
    coll: string | null;
    nn: boolean;
    def: string | null;
  }>`
    select c.relname as t, a.attname as c, format_type(a.atttypid, a.atttypmod) as type, co.collname as coll,
      a.attnotnull as nn, pg_get_expr(d.adbin, d.adrelid) as def
    from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      left join pg_collation co on co.oid = a.attcollation and a.attcollation <> 100
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(db);
  // a column's place among the table's columns, not its number (a column dropped and added again gets a new one)
  for (const r of columns.rows)
    lines.push(
      `column ${r.t}.${r.c} ${r.type}${r.coll ? ` collate ${r.coll}` : ''}${r.nn ? ' not null' : ''}` +
        `${r.def ? ` default ${r.def}` : ''}`,
    );
  const others = await sql<{ line: string }>`
    select 'constraint ' || c.relname || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid) as line
      from pg_constraint k join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    union all
    select 'index ' || indexname || ' ' || indexdef from pg_indexes where schemaname = current_schema()
    union all
    select 'trigger ' || t.tgname || ' ' || pg_get_triggerdef(t.oid) from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where not t.tgisinternal
    union all
    select 'function ' || p.proname || ' ' || p.prosrc from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace and n.nspname = current_schema()`.execute(db);
  return [...lines, ...others.rows.map((r) => r.line).sort()];
}
