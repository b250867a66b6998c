import { sql } from 'kysely';
import type { Clock } from '../lib/clock.js';
import { isPostgres } from './dialect.js';
import { migrate, type Db } from './index.js';
import { seedIfEmpty } from './seed.js';
import { seedLiveIfEmpty } from '../security/live-seed.js';

/** Any number: the advisory lock that lets one process at a time migrate and seed a shared PostgreSQL database. */
const PREPARE_LOCK = 4_242_001;

/**
 * Migrations, then the demo seed when the database is empty. Returns whether it seeded.
 * Several portal processes may start at once on one PostgreSQL database: the first migrates and seeds while the
 * others wait on an advisory lock, then find the work done (the migrator's own lock alone would let two of them
 * seed the same empty database).
 */
export async function prepareDb(
  db: Db,
  clock: Clock,
  opts: { origin?: string; live?: boolean; migrateUpTo?: string | null } = {},
): Promise<boolean> {
  const prepare = async () => {
    await migrate(db, opts.migrateUpTo ?? null);
    // live run mode: reference data only, no demo person (server/security/live-seed.ts)
    return opts.live ? seedLiveIfEmpty(db, clock, opts) : seedIfEmpty(db, clock, opts);
  };
  if (!isPostgres(db)) return prepare();
  return db.connection().execute(async (lock) => {
    await sql`select pg_advisory_lock(${PREPARE_LOCK})`.execute(lock);
    try {
      return await prepare();
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK})`.execute(lock);
    }
  });
}
