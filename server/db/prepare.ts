import type { Clock } from '../lib/clock.js';
import { migrate, type Db } from './index.js';
import { seedIfEmpty } from './seed.js';

/** Migrations, then the demo seed when the database is empty. Returns whether it seeded. */
export async function prepareDb(db: Db, clock: Clock, opts: { origin?: string } = {}): Promise<boolean> {
  await migrate(db);
  return seedIfEmpty(db, clock, opts);
}
