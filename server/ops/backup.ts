/**
 * Backup and restore of the portal's database (docs/operations.md, "Backup and restore"); `npm run backup` and
 * `npm run restore` (tools/backup/main.ts) call these with the server's own settings (DATA_DIR, DATABASE_URL).
 *
 * - SQLite: the backup is one SQLite file made with SQLite's online backup API from `portal.sqlite` while the
 *   portal keeps running; the restore copies it to `portal.sqlite` of an empty data folder.
 * - PostgreSQL: the backup is `pg_dump --format=custom` (one consistent snapshot, PostgreSQL's own); the restore is
 *   `pg_restore` into an empty database, in one transaction, so a failed restore leaves it empty.
 *
 * The demo applications' `apps.sqlite` (their sessions and demo shipments, stand-ins for outside services) is not
 * the portal's state and is not in a backup: each process keeps its own and seeds it again when it is empty.
 *
 * A restore reads the backup's migrations before it writes anything: a schema this build does not know (a backup
 * of a newer build) is refused; an older one is restored, and the next start migrates it.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { databaseName } from '../db/dialect.js';
import { migrations } from '../db/migrations/index.js';

/** A refusal a person can act on, printed as one line without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Where the portal's database is: DATABASE_URL's PostgreSQL database, else `portal.sqlite` in DATA_DIR. */
export interface Target {
  dataDir: string;
  databaseUrl: string | null;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** the newest migration of the saved schema */
  migration: string;
  /** an instant before the snapshot was taken: every change committed before it is in the backup */
  holdsBefore: Date;
  seconds: number;
}

export interface RestoreResult {
  migration: string;
  /** the migrations of this build the restored schema lacks: the next start runs them */
  pending: string[];
  seconds: number;
}

const PORTAL_FILE = 'portal.sqlite';
const SQLITE_MAGIC = 'SQLite format 3\0';
const PG_CUSTOM_MAGIC = 'PGDMP';

/** `postgres://…/portal` (without its password) or the SQLite file: where a backup came from or a restore went. */
export const targetName = (t: Target): string =>
  t.databaseUrl ? databaseName(t.databaseUrl) : path.join(t.dataDir, PORTAL_FILE);

const known = () => migrations.map((m) => m.name);
const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/** The written file and its folder's entry reach the disk before the backup or restore says it is done. */
function fsyncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
function fsyncFolder(dir: string): void {
  try {
    fsyncFile(dir);
  } catch {
    // some file systems cannot sync a folder; the file itself is synced
  }
}

/**
 * PostgreSQL's client programs: PG_BIN's, else the newest Debian/Ubuntu install under /usr/lib/postgresql (as
 * tools/pg/with-cluster finds its PostgreSQL), else the PATH. pg_dump must be at least as new as the server.
 */
function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+$/.test(v) && existsSync(path.join(base, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(base, versions[0], 'bin', name) : name;
}

/**
 * libpq's connection settings for `url`: the address without its password, which goes in PGPASSWORD (an argument
 * is visible to every user of the machine in the process list).
 */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a PostgreSQL program; its standard output is returned, its error output becomes the error's message. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          e.code === 'ENOENT'
            ? `${program} was not found: install PostgreSQL's client programs (as new as the server) or set PG_BIN to their folder`
            : `${program}: ${e.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else
        reject(
          new BackupError(`${path.basename(program)} failed (exit ${code}): ${err.trim().split('\n').join(' | ')}`),
        );
    });
  });
}

function sqliteMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) throw new BackupError(`${file} holds no portal schema (it has no kysely_migration table)`);
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
}

/** The rows of `kysely_migration` in a pg_dump file: its COPY block, which pg_restore finds by the file's table of contents. */
async function dumpMigrations(file: string): Promise<string[]> {
  const script = await run(
    pgProgram('pg_restore'),
    ['--data-only', '--table=kysely_migration', '--file=-', file],
    process.env,
  );
  const lines = script.split('\n');
  const start = lines.findIndex((l) => /^COPY \S*kysely_migration /.test(l));
  if (start < 0) throw new BackupError(`${file} holds no portal schema (it has no kysely_migration table)`);
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    names.push(line.split('\t')[0]);
  }
  return names.sort();
}

/**
 * What the schema of `names` is to this build: the newest migration and the ones still to run. A migration this
 * build does not know means a newer build made the schema: refused, with what to do. Kysely's migrator runs
 * migrations in order only, so the schema's must be the first ones of this build's list.
 */
export function checkMigrations(names: string[]): { migration: string; pending: string[] } {
  const ours = known();
  const newest = ours[ours.length - 1];
  if (names.length === 0) throw new BackupError('the backup holds no migration: it is not a portal database');
  const unknown = names.filter((n) => !ours.includes(n));
  if (unknown.length)
    throw new BackupError(
      `the backup's schema is newer than this build: it has migration ${unknown[unknown.length - 1]}, which this build does not know (its newest is ${newest}); restore it with the build that made it (or a newer one), or with that build first run \`npm run migrate -- down ${newest}\` on the restored database`,
    );
  const gap = ours.slice(0, names.length).find((n) => !names.includes(n));
  if (gap)
    throw new BackupError(
      `the backup's schema lacks migration ${gap} but has later ones: it was not made by this portal's migrations`,
    );
  return { migration: names[names.length - 1], pending: ours.slice(names.length) };
}

/**
 * A consistent backup of the running portal's database into `file`, written under a temporary name beside it and
 * renamed when complete (an existing `file` is replaced only by a complete backup).
 */
export async function backup(target: Target, file: string): Promise<BackupResult> {
  const started = process.hrtime.bigint();
  const dest = path.resolve(file);
  const dir = path.dirname(dest);
  if (!existsSync(dir)) throw new BackupError(`the folder ${dir} does not exist`);
  const tmp = path.join(dir, `.${path.basename(dest)}.${process.pid}.partial`);
  let names: string[];
  let holdsBefore: Date;
  try {
    if (target.databaseUrl) {
      const { dbname, env } = libpq(target.databaseUrl);
      holdsBefore = new Date(); // pg_dump takes its snapshot after it has connected
      await run(pgProgram('pg_dump'), ['--format=custom', `--file=${tmp}`, `--dbname=${dbname}`], env);
      names = await dumpMigrations(tmp);
    } else {
      const source = path.join(target.dataDir, PORTAL_FILE);
      if (!existsSync(source))
        throw new BackupError(`there is no portal database at ${source}: is DATA_DIR (or DATABASE_URL) the portal's?`);
      const db = new SQLite(source, { fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        // the first step only opens the backup; the second copies every page in one read transaction, which is
        // one consistent snapshot. Copied in small steps instead, SQLite starts again whenever the running portal
        // writes in between (SQLite's backup API), which under steady writes may never end.
        holdsBefore = new Date(); // the read transaction of the copy begins after this
        await db.backup(tmp, { progress: () => 0x7fffffff });
      } finally {
        db.close();
      }
      // a plain rollback-journal file: it is one self-contained file (the portal turns WAL on when it opens it)
      const copy = new SQLite(tmp, { fileMustExist: true });
      try {
        copy.pragma('journal_mode = DELETE');
      } finally {
        copy.close();
      }
      names = sqliteMigrations(tmp);
    }
    // reported as it is, even a schema newer than this build: the restore is where that matters
    const migration = names.at(-1);
    if (!migration) throw new BackupError(`${targetName(target)} holds no migration: it is not a portal database`);
    fsyncFile(tmp);
    renameSync(tmp, dest);
    fsyncFolder(dir);
    return { file: dest, bytes: statSync(dest).size, migration, holdsBefore, seconds: since(started) };
  } finally {
    for (const f of [tmp, `${tmp}-journal`, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true });
  }
}

function kindOf(file: string): 'sqlite' | 'pg' {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new BackupError(`cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const head = Buffer.alloc(16);
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === SQLITE_MAGIC) return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === PG_CUSTOM_MAGIC) return 'pg';
  throw new BackupError(`${file} is not a portal backup (neither a SQLite file nor a pg_dump custom-format file)`);
}

/** Runs `query` on its own connection to `url`: the rows. */
async function queryOn<R extends pg.QueryResultRow>(url: string, query: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((err: Error) => {
    throw new BackupError(`cannot connect to ${databaseName(url)}: ${err.message}`);
  });
  try {
    return (await client.query<R>(query)).rows;
  } finally {
    await client.end();
  }
}

/** How many tables, sequences and views the database holds outside PostgreSQL's own schemas. */
async function relationsIn(url: string): Promise<number> {
  const [{ n }] = await queryOn<{ n: string }>(
    url,
    `select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
     where s.nspname <> 'information_schema' and s.nspname not like 'pg\\_%' and c.relkind in ('r','p','v','m','S','f')`,
  );
  return Number(n);
}

/**
 * Restores `file` (a backup made by `backup`) into the empty database of `target`: DATA_DIR without a portal
 * database, or an empty PostgreSQL database. Refuses a target that holds one, a backup of the other database
 * kind, and a schema newer than this build.
 */
export async function restore(target: Target, file: string): Promise<RestoreResult> {
  const started = process.hrtime.bigint();
  const src = path.resolve(file);
  const kind = kindOf(src);
  if (kind === 'sqlite' && target.databaseUrl)
    throw new BackupError(
      `${src} is a SQLite backup but DATABASE_URL is set: unset it to restore into DATA_DIR (${target.dataDir})`,
    );
  if (kind === 'pg' && !target.databaseUrl)
    throw new BackupError(`${src} is a PostgreSQL backup: set DATABASE_URL to the empty database to restore it into`);
  const checked = checkMigrations(kind === 'sqlite' ? sqliteMigrations(src) : await dumpMigrations(src));

  if (kind === 'pg') {
    const url = target.databaseUrl!;
    const relations = await relationsIn(url);
    if (relations > 0)
      throw new BackupError(
        `the database ${databaseName(url)} is not empty (${relations} tables, sequences or views): restore into a new empty database (createdb)`,
      );
    const { dbname, env } = libpq(url);
    // --no-owner/--no-privileges: the objects belong to the role DATABASE_URL names, whatever roles the backed-up
    // server had; one transaction: a restore that fails leaves the database empty for the next try
    await run(
      pgProgram('pg_restore'),
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, src],
      env,
    );
    // a dump holds no planner statistics: without them the first queries on large tables are planned blind until
    // autovacuum comes round (the customer search over 1,000,000 customers)
    await queryOn(url, 'analyze');
  } else {
    const dest = path.join(target.dataDir, PORTAL_FILE);
    const present = [dest, `${dest}-wal`, `${dest}-shm`, `${dest}-journal`].filter((f) => existsSync(f));
    if (present.length)
      throw new BackupError(
        `DATA_DIR ${target.dataDir} already holds a portal database (${present.map((f) => path.basename(f)).join(', ')}): restore into an empty data folder`,
      );
    mkdirSync(target.dataDir, { recursive: true });
    const tmp = path.join(target.dataDir, `.${PORTAL_FILE}.${process.pid}.partial`);
    try {
      copyFileSync(src, tmp);
      fsyncFile(tmp);
      // a hard link is made only where no file has the name: two restores at once cannot overwrite each other
      try {
        linkSync(tmp, dest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST')
          throw new BackupError(`DATA_DIR ${target.dataDir} got a portal database while restoring: nothing changed`);
        throw err;
      }
      fsyncFolder(target.dataDir);
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  return { ...checked, seconds: since(started) };
}
