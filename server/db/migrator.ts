/**
 * Running the migrations forward and back, and telling a database whose schema is newer than this build
 * (`npm run migrate`, tools/migrate/main.ts; the start in server/start.ts; docs/operations.md "Upgrade and
 * rollback"). Kysely's Migrator records each migration it ran by name in `kysely_migration`.
 *
 * `upTo` (MIGRATE_UP_TO, honoured in test run mode only): this build's migrations end at that name, as if the later
 * ones had not been written yet. The rolling-release test runs the current code with it as "the build before".
 */
import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { isPostgres } from './dialect.js';
import type { Db } from './index.js';
import { migrations, type NamedMigration } from './migrations/index.js';

/**
 * The database holds a migration this build does not know: a newer build migrated it. Starting on it would read a
 * schema this code was not written for, and Kysely's migrator would refuse with "corrupted migrations".
 */
export class SchemaNewerError extends Error {
  constructor(
    readonly unknown: string[],
    readonly newestKnown: string | null,
  ) {
    const back = newestKnown ? `\`npm run migrate -- down ${newestKnown}\`` : 'its `npm run migrate -- down`';
    super(
      `the database's schema is newer than this build: ${unknown.length > 1 ? 'migrations' : 'migration'} ` +
        `${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not part of it. ` +
        `Deploy the build that has ${unknown.length > 1 ? 'them' : 'it'}, or, to go back to this build, run ${back} ` +
        `with the newer build (docs/operations.md, "Upgrade and rollback").`,
    );
    this.name = 'SchemaNewerError';
  }
}

/** A `down` target that is not an applied migration of this build. */
export class MigrateTargetError extends Error {
  override name = 'MigrateTargetError';
}

/** This build's migrations, in order; with `upTo`, only those up to and including that name. */
export function knownMigrations(upTo: string | null = null): NamedMigration[] {
  if (!upTo) return migrations;
  const end = migrations.findIndex((m) => m.name === upTo);
  if (end < 0) throw new MigrateTargetError(`MIGRATE_UP_TO names no migration of this build: ${upTo}`);
  return migrations.slice(0, end + 1);
}

const migratorFor = (db: Db, list: NamedMigration[]) => {
  const provider: MigrationProvider = {
    getMigrations: () => Promise.resolve(Object.fromEntries(list.map((m): [string, Migration] => [m.name, m]))),
  };
  return new Migrator({ db, provider });
};

/** The names in the database's migration table, in the order they ran (none: a database never migrated). */
export async function appliedNames(db: Db): Promise<string[]> {
  const present = isPostgres(db)
    ? (await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db))
        .rows[0]?.present
    : (
        await sql<{ n: number }>`select count(*) as n from sqlite_master
          where type = 'table' and name = 'kysely_migration'`.execute(db)
      ).rows[0]?.n === 1;
  if (!present) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(db);
  return rows.map((r) => r.name);
}

/** Throws SchemaNewerError when the database holds migrations `list` does not have. */
async function refuseNewer(db: Db, list: NamedMigration[]): Promise<string[]> {
  const applied = await appliedNames(db);
  const known = new Set(list.map((m) => m.name));
  const unknown = applied.filter((n) => !known.has(n));
  if (unknown.length) throw new SchemaNewerError(unknown, list.at(-1)?.name ?? null);
  return applied;
}

function check({ error, results }: MigrationResultSet): string[] {
  for (const r of results ?? []) if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Runs every pending migration of this build; returns their names. */
export async function migrateUp(db: Db, upTo: string | null = null): Promise<string[]> {
  const list = knownMigrations(upTo);
  await refuseNewer(db, list);
  return check(await migratorFor(db, list).migrateToLatest());
}

/**
 * Undoes migrations, newest first, until `to` is the newest applied one (the schema as it was just after `to`
 * ran); without `to`, undoes the newest applied one. Returns the names undone, in the order undone.
 */
export async function migrateDown(db: Db, to: string | null, upTo: string | null = null): Promise<string[]> {
  const list = knownMigrations(upTo);
  const applied = await refuseNewer(db, list);
  if (!applied.length) throw new MigrateTargetError('no migration has been applied to this database');
  if (to === null) return check(await migratorFor(db, list).migrateDown());
  if (!list.some((m) => m.name === to))
    throw new MigrateTargetError(`${to} is no migration of this build (\`npm run migrate -- status\` lists them)`);
  if (!applied.includes(to))
    throw new MigrateTargetError(`${to} has not been applied: \`down\` only goes back (\`up\` goes forward)`);
  if (applied.at(-1) === to) return [];
  return check(await migratorFor(db, list).migrateTo(to));
}

export interface MigrationState {
  name: string;
  /** applied: in the database; pending: this build's, not run yet; newer: in the database, not in this build */
  state: 'applied' | 'pending' | 'newer';
  executedAt: Date | null;
}

/** Every migration of this build and of the database, in order. */
export async function migrationStatus(db: Db, upTo: string | null = null): Promise<MigrationState[]> {
  const list = knownMigrations(upTo);
  const applied = await appliedNames(db);
  const known = new Set(list.map((m) => m.name));
  const infos = applied.length ? await executedAt(db) : new Map<string, Date>();
  return [
    ...list.map((m): MigrationState => {
      const at = infos.get(m.name) ?? null;
      return { name: m.name, state: at ? 'applied' : 'pending', executedAt: at };
    }),
    ...applied
      .filter((n) => !known.has(n))
      .map((n): MigrationState => ({ name: n, state: 'newer', executedAt: infos.get(n) ?? null })),
  ];
}

async function executedAt(db: Db): Promise<Map<string, Date>> {
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.name, new Date(r.timestamp)]));
}
