/**
 * PostgreSQL beside SQLite: everything that differs between the two databases lives here, so the rest of the
 * server writes one Kysely query for both (docs/deployment.md, "PostgreSQL and several processes").
 *
 * - `openPostgres(url)`: the portal's database on a PostgreSQL server (`DATABASE_URL=postgres://…`).
 * - `freshPostgres(serverUrl, prepareTemplate)`: a new, empty database per test on a test server
 *   (`TEST_DATABASE_URL`), copied from a migrated template so a test pays a file copy, not the migrations.
 * - `isPostgres(db)` and the few SQL spellings that differ (`caseInsensitiveLike`, `jsonObjectSql`).
 */
import { createHash } from 'node:crypto';
import {
  DataTypeNode,
  Kysely,
  sql,
  OperationNodeTransformer,
  PostgresAdapter,
  PostgresDialect,
  type Dialect,
  type KyselyPlugin,
  type QueryExecutorProvider,
} from 'kysely';
import pg from 'pg';
import { PG_POOL_MAX_DEFAULT } from '../env.js';
import { tracedDialect } from '../ops/trace-points.js';

/** Anything that runs queries: a Kysely instance or transaction of any schema. */
interface Queryable {
  getExecutor(): { readonly adapter: unknown };
}

/** Which database a Kysely instance talks to. */
export const isPostgres = (db: Queryable): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Makes transactions that call this with the same `key` run one after the other across processes: PostgreSQL's
 * transaction-scoped advisory lock, released at commit or rollback. SQLite runs one writing transaction at a time
 * already.
 */
export async function serializeOn(trx: QueryExecutorProvider, key: number): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

/**
 * LIKE is case-insensitive (for ASCII) in SQLite and case-sensitive in PostgreSQL, which has ILIKE for it.
 * Both read `\` as the escape character only where the pattern says so: PostgreSQL always, SQLite never.
 */
export const caseInsensitiveLike = (db: Queryable): 'like' | 'ilike' => (isPostgres(db) ? 'ilike' : 'like');

/**
 * The SQL of a JSON object's text made from `key: SQL expression` pairs (keys are the caller's own constants; an
 * expression `null` is JSON null): SQLite's `json_object`; on PostgreSQL the text put together from each value's
 * `to_json` (a JSON string with what JSON needs escaped), which costs PostgreSQL less than
 * `json_build_object(…)::text` does for the same object (the customer search's 200 rows: 210 against 290 µs). Both
 * escape what JSON needs and keep other characters as they are, so the two databases answer the same objects.
 */
export function jsonObjectSql(fields: Record<string, string>): { sqlite: string; postgres: string } {
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const entries = Object.entries(fields);
  const sqlite = `json_object(${entries.map(([k, e]) => `${literal(k)}, ${e}`).join(', ')})`;
  // PostgreSQL: the constant text between the values (`{"id":`, `,"name":`, …, `}`) and each value's JSON, joined
  const parts: string[] = [];
  let between = '{';
  for (const [i, [k, e]] of entries.entries()) {
    between += `${i ? ',' : ''}${JSON.stringify(k)}:`;
    if (e.trim().toLowerCase() === 'null') between += 'null';
    else {
      parts.push(literal(between), `coalesce(to_json(${e})::text, 'null')`);
      between = '';
    }
  }
  parts.push(literal(`${between}}`));
  return { sqlite, postgres: `(${parts.join(' || ')})` };
}

/**
 * Named statements on PostgreSQL: a text registered here is sent by `pg` as a named prepared statement, parsed and
 * planned once per connection and then only executed (the customer search's statement: 90 instead of 170 µs of
 * PostgreSQL's CPU). For the few hot texts that never change while the process runs (server/db/prepared.ts, the
 * customer search); any other text goes as before. A name is the text's hash, so every process names it alike.
 * `arrays`: its rows come as arrays of column values (`rowMode: 'array'`), as db/statement-cache.ts `rowsAsArrays`
 * gives them on SQLite.
 */
const namedTexts = new Map<string, { name: string; rowMode?: 'array' }>();
export function namedOnPostgres(text: string, opts: { arrays?: boolean } = {}): void {
  if (namedTexts.has(text)) return;
  const name = `epit_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  namedTexts.set(text, opts.arrays ? { name, rowMode: 'array' } : { name });
}

/** pg's client, sending registered texts (Kysely calls `query(text, values)`) as named statements. */
class NamingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // a connection cut while checked out of the pool (PostgreSQL stopped or restarted) is reported to the query
    // that was running, which answers 503 (db/unavailable.ts), and as an 'error' event on the client, which would
    // end the process without a listener; the pool drops the dead client when it comes back
    this.on('error', () => undefined);
    const plain = this.query.bind(this) as (...args: unknown[]) => unknown;
    // this connection's name for a text whose statement had to be prepared again (see below)
    const renamed = new Map<string, string>();
    (this as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      const named = args.length === 2 && typeof text === 'string' && Array.isArray(values) && namedTexts.get(text);
      if (!named) return plain(...args);
      const send = () => plain({ ...named, name: renamed.get(text) ?? named.name, text, values }) as Promise<unknown>;
      return send().catch((err: unknown) => {
        if (!isStalePlan(err)) throw err;
        // a migration run meanwhile (a newer build's, in a rolling release) changed the columns the statement
        // answers, such as one added to a table it reads with `*`: PostgreSQL refuses that prepared statement on
        // this connection from then on, so it is prepared again under a new name (the old one ends with the
        // connection). Inside a transaction the refusal has aborted it: that one request fails, the next succeeds.
        renamed.set(text, `${named.name}_${renamed.size + 1}`);
        return send().catch(() => {
          throw err;
        });
      });
    };
  }
}

/** PostgreSQL's refusal of a prepared statement whose answer's columns a schema change has changed. */
const isStalePlan = (err: unknown): boolean =>
  err instanceof Error &&
  (err as { code?: string }).code === '0A000' &&
  err.message.includes('cached plan must not change result type');

// pg hands bigint (count(*), sum of integers) back as strings, since they may exceed 2^53; the portal's counts
// never do, and SQLite answers numbers, so both databases answer numbers.
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, Number);

/**
 * How long a query waits for a connection: to be opened, or to be handed over when all PG_POOL_MAX are busy. A
 * server that is down refuses at once; one that cannot be reached (a lost network) would keep a request waiting
 * for as long as the operating system retries, and a request past this is answered 503 instead (db/unavailable.ts).
 */
export const CONNECT_TIMEOUT_MS = 5000;

function pool(connectionString: string, max: number, extra: pg.PoolConfig = {}): pg.Pool {
  const p = new pg.Pool({
    connectionString,
    max,
    types,
    allowExitOnIdle: true,
    Client: NamingClient,
    ...extra,
  });
  // an idle client whose server went away (restart, failover) must not take the process down with it; once the
  // pool is ending (a test's database being dropped), its last connections ending is no news
  p.on('error', (err) => {
    if (!p.ending) console.error('[db] idle PostgreSQL connection failed:', err.message);
  });
  return p;
}

/**
 * The migrations' `varchar(n)` is documentation in SQLite, which stores any length; PostgreSQL would refuse a
 * longer value with an error (a 500 where SQLite answers). So that both databases accept the same values, tables
 * made on PostgreSQL get `varchar` without a limit; what may be stored is decided by the API's input schemas.
 */
class UnlimitedVarchar extends OperationNodeTransformer {
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    return /^varchar\(\d+\)$/i.test(node.dataType) ? DataTypeNode.create('varchar') : node;
  }
}
const unlimitedVarchar: KyselyPlugin = {
  transformQuery: ({ node }) =>
    node.kind === 'CreateTableNode' || node.kind === 'AlterTableNode'
      ? new UnlimitedVarchar().transformNode(node)
      : node,
  transformResult: ({ result }) => Promise.resolve(result),
};

function dialect(poolOf: pg.Pool | (() => Promise<pg.Pool>)): Dialect {
  // with tracing on, every statement in a span (server/ops/trace-points.ts); as it is otherwise
  return tracedDialect(new PostgresDialect({ pool: poolOf }), 'postgresql');
}

/** The pool of each database opened with `openPostgres`, for the metrics of its connections (server/ops/metrics.ts). */
const pools = new WeakMap<object, pg.Pool>();
export const poolOf = (db: object): pg.Pool | null => pools.get(db) ?? null;

/** The portal's database on PostgreSQL. `max`: connections this process may hold (PG_POOL_MAX, server/env.ts). */
export function openPostgres<DB>(url: string, max = PG_POOL_MAX_DEFAULT): Kysely<DB> {
  const p = pool(url, max, { connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const db = new Kysely<DB>({ dialect: dialect(p), plugins: [unlimitedVarchar] });
  pools.set(db, p);
  return db;
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * One administrative connection pool per process and server, for CREATE/DROP DATABASE. Its connections never close
 * when idle (nor keep the process alive), so their application_name tells the other test processes that this one
 * is alive and its databases are in use (`dropOrphans`).
 */
const admins = new Map<string, pg.Pool>();
const ALIVE = 'epit-test';
const adminOf = (url: string) => {
  let a = admins.get(url);
  if (!a) admins.set(url, (a = pool(url, 2, { idleTimeoutMillis: 0, application_name: `${ALIVE} ${process.pid}` })));
  return a;
};

let fresh = 0;
/** `epit_test_<pid>_<n>_<time>`: a test database of process `pid` on this server */
const testDatabaseName = () => `epit_test_${process.pid}_${++fresh}_${Date.now().toString(36)}`;

/**
 * Drops the test databases of processes that are gone: a killed test run's, and the copy made ahead
 * (`takeCopy`) that a test file no longer needed when it ended. A process is alive while its admin pool is connected.
 */
async function dropOrphans(client: pg.PoolClient): Promise<void> {
  const alive = await client.query<{ name: string }>(
    `select distinct application_name as name from pg_stat_activity where application_name like '${ALIVE} %'`,
  );
  const pids = new Set(alive.rows.map((r) => r.name.slice(ALIVE.length + 1)));
  const databases = await client.query<{ name: string }>(
    `select datname as name from pg_database where datname ~ '^epit_test_[0-9]+_'`,
  );
  for (const { name } of databases.rows)
    if (!pids.has(name.split('_')[2])) await client.query(`drop database if exists "${name}" with (force)`);
}

/** Change it when what this module does to a new database changes (as `unlimitedVarchar` does), to rebuild templates. */
const TEMPLATE_FORMAT = 'epit template 2';
const templates = new Map<string, Promise<string>>();

/**
 * The migrated template database for this code: its name carries a hash of the migrations, so a changed migration
 * makes a new template and never copies an old one. Built once per server, whichever test process comes first
 * (an advisory lock keeps the others waiting), under a temporary name that is renamed when it is complete.
 */
function template<DB>(serverUrl: string, fingerprint: string, prepare: (db: Kysely<DB>) => Promise<void>) {
  const hash = createHash('sha256').update(`${TEMPLATE_FORMAT}\n${fingerprint}`).digest('hex');
  const name = `epit_template_${hash.slice(0, 16)}`;
  let ready = templates.get(`${serverUrl} ${name}`);
  if (!ready) {
    ready = (async () => {
      const client = await adminOf(serverUrl).connect();
      try {
        await client.query('select pg_advisory_lock(4242013)');
        await dropOrphans(client);
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (!found.rowCount) {
          const building = `${name}_${process.pid}`;
          await client.query(`drop database if exists "${building}"`);
          await client.query(`create database "${building}"`);
          const db = openPostgres<DB>(withDatabase(serverUrl, building), 1);
          try {
            await prepare(db);
          } finally {
            await db.destroy();
          }
          await client.query(`alter database "${building}" rename to "${name}"`);
        }
      } finally {
        await client.query('select pg_advisory_unlock(4242013)').catch(() => undefined);
        client.release();
      }
      return name;
    })();
    templates.set(`${serverUrl} ${name}`, ready);
    ready.catch(() => templates.delete(`${serverUrl} ${name}`));
  }
  return ready;
}

/** Per server and template: how many copies this process took, and the next copy, made ahead (null: it failed). */
const ahead = new Map<string, { taken: number; next: Promise<string | null> | null }>();

/**
 * A new database copied from the template. From the second copy a process takes on (a test file that makes a fresh
 * database per test), the next one is made while the test runs, so the test after it starts without waiting for
 * the copy (about 0.3 s on the reference machine). A copy made ahead and never taken is dropped by `dropOrphans` in
 * a later process (or with the throwaway cluster).
 */
async function takeCopy(serverUrl: string, from: string): Promise<string> {
  const admin = adminOf(serverUrl);
  const copy = async () => {
    const name = testDatabaseName();
    // FILE_COPY: a small database is copied several times faster than WAL-logged page by page (PostgreSQL 15)
    await admin.query(`create database "${name}" template "${from}" strategy file_copy`);
    return name;
  };
  const key = `${serverUrl} ${from}`;
  let state = ahead.get(key);
  if (!state) ahead.set(key, (state = { taken: 0, next: null }));
  // taken before any await, so two tests that open a database at once never get the same copy
  const made = state.next;
  state.next = ++state.taken >= 2 ? copy().catch(() => null) : null;
  return (await made) ?? copy();
}

/**
 * A new empty database on the PostgreSQL server of `serverUrl` (tests: `openDb(null)` with TEST_DATABASE_URL),
 * already migrated: a copy of the template `prepareTemplate` builds once. It is made on the first query and
 * dropped by `db.destroy()`. `fingerprint` names what the template holds (the migrations' names and code).
 */
export function freshPostgres<DB>(
  serverUrl: string,
  fingerprint: string,
  prepareTemplate: (db: Kysely<DB>) => Promise<void>,
): Kysely<DB> {
  const admin = adminOf(serverUrl);
  const db: Kysely<DB> = new Kysely<DB>({
    plugins: [unlimitedVarchar],
    dialect: dialect(async () => {
      const name = await takeCopy(serverUrl, await template(serverUrl, fingerprint, prepareTemplate));
      const p = pool(withDatabase(serverUrl, name), 5);
      pools.set(db, p);
      const end = p.end.bind(p);
      return Object.assign(p, {
        end: async () => {
          await end();
          await admin.query(`drop database if exists "${name}" with (force)`);
        },
      });
    }),
  });
  return db;
}

/** `postgres://user@host:port/db` of a DATABASE_URL, without its password, for the log. */
export function databaseName(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

/**
 * A new empty database on the server of `serverUrl`, for a test that starts portal processes of its own on it
 * (they migrate and seed it themselves). `drop()` removes it, ending any connection still open.
 * @internal for tests: kept here because every PostgreSQL-only statement lives in this file
 */
export async function emptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = testDatabaseName();
  const admin = adminOf(serverUrl);
  await admin.query(`create database "${name}"`);
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => void (await admin.query(`drop database if exists "${name}" with (force)`)),
  };
}
