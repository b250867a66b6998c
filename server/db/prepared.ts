/**
 * Queries built and compiled once, run many times. Building a Kysely query and compiling it to SQL costs
 * more than running it for the small queries every API call makes (the session, the rights), so the hot ones are
 * compiled once per database with placeholders in place of their parameters, and each call only swaps the values
 * in. The SQL text is then the same string every time, so SQLite reuses its prepared statement
 * (server/db/statement-cache.ts) and PostgreSQL a named statement of each connection (db/dialect.ts).
 *
 * `{ reuse: true }`: on SQLite the rows are also kept, per argument list, for as long as the database's contents'
 * generation (statement-cache.ts) stays the same: any write, by this process or another, and the next call reads
 * again. So a kept answer is always what the query would answer now. The rows are shared: callers must not change
 * them. On PostgreSQL every call asks the database (another process may have written meanwhile).
 *
 *   const sessionById = prepared((db, id: string) => db.selectFrom('sessions').selectAll().where('id', '=', id));
 *   const rows = await sessionById(db, 'abc');
 */
import type { Compilable, CompiledQuery } from 'kysely';
import { isPostgres, namedOnPostgres } from './dialect.js';
import type { Db } from './index.js';

/** Placeholders no real value is: a NUL cannot be in a cookie, a personal code or any other id the server checks. */
const placeholder = (i: number) => `\u0000prepared-parameter-${i}\u0000`;

/** How many argument lists' rows one query keeps at most (then it starts afresh). */
const MAX_KEPT = 5_000;

const generations = new WeakMap<object, () => number>();

/** The key of an argument list's kept rows (most queries take one argument: that one, as it is) */
const keyOf = (args: readonly string[]) => (args.length === 1 ? args[0] : args.join('\u0000'));

/** Called by openDb for a SQLite database: where its contents' generation comes from. */
export function registerGeneration(db: Db, generation: () => number): void {
  generations.set(db, generation);
}

/** A prepared query: called, it answers its rows; `kept` answers them only when it can without asking the database. */
export interface Prepared<R, A extends string[]> {
  (db: Db, ...args: A): Promise<readonly R[]>;
  /**
   * The rows a call would answer now when they are kept and still current (SQLite, `reuse`), else undefined. No
   * query and no promise: a hot path answers at once with them and asks (the call) only when they are undefined.
   */
  kept(db: Db, ...args: A): readonly R[] | undefined;
}

export function prepared<R, A extends string[]>(
  build: (db: Db, ...args: A) => Compilable<R>,
  opts: { reuse?: boolean } = {},
): Prepared<R, A> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<R>; slots: (number | null)[] }>();
  /** per database: where its generation comes from and the rows kept by argument list (null: nothing is kept) */
  interface Kept {
    generationOf: () => number;
    byArgs: Map<string, { generation: number; rows: R[] }>;
  }
  const kept = new WeakMap<Db, Kept | null>();
  // a process asks one database: the last one's entry at hand saves two WeakMap look-ups on every call
  let lastDb: Db | null = null;
  let lastKept: Kept | null = null;
  const keptOf = (db: Db): Kept | null => {
    if (db === lastDb) return lastKept;
    let entry = kept.get(db);
    if (entry === undefined) {
      const generationOf = opts.reuse ? generations.get(db) : undefined;
      entry = generationOf ? { generationOf, byArgs: new Map() } : null;
      kept.set(db, entry);
    }
    lastDb = db;
    lastKept = entry;
    return entry;
  };

  const run = async (db: Db, args: A): Promise<R[]> => {
    let entry = compiled.get(db);
    if (!entry) {
      const names = args.map((_, i) => placeholder(i)) as A;
      const query = build(db, ...names).compile();
      if (isPostgres(db)) namedOnPostgres(query.sql); // parsed and planned once per connection (db/dialect.ts)
      // which argument each parameter of the compiled query is (null: a constant of the query itself)
      const slots = query.parameters.map((p) => {
        const at = names.indexOf(p as string);
        return at >= 0 ? at : null;
      });
      if (names.some((_, i) => !slots.includes(i)))
        throw new Error('prepared(): every argument must be used as a value of the query');
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, i) => (slot === null ? query.parameters[i] : args[slot]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };

  const keptRows = (db: Db, args: A): readonly R[] | undefined => {
    const entry = keptOf(db);
    if (!entry) return undefined;
    const hit = entry.byArgs.get(keyOf(args));
    return hit && hit.generation === entry.generationOf() ? hit.rows : undefined;
  };

  const call = async (db: Db, ...args: A): Promise<readonly R[]> => {
    const entry = keptOf(db);
    if (!entry) return run(db, args);
    // the generation before the read: a write during the read makes the kept rows count as older, never as newer
    const generation = entry.generationOf();
    const { byArgs } = entry;
    const key = keyOf(args);
    const hit = byArgs.get(key);
    if (hit && hit.generation === generation) return hit.rows;
    const rows = await run(db, args);
    if (byArgs.size >= MAX_KEPT) byArgs.clear();
    byArgs.set(key, { generation, rows });
    return rows;
  };
  return Object.assign(call, { kept: (db: Db, ...args: A) => keptRows(db, args) });
}
