/**
 * The seed of a live deployment (finding 1): reference data only (the role catalogue and its categories,
 * the applications' status rows), never a demo person, a password or a demo customer. The first staff account is
 * made with `npm run user:add -- --staff` (tools/user-add/). A database that already holds the demo people's
 * logins (seeded in test mode) is refused, so a live server never accepts the passwords the README publishes.
 */
import type { Db } from '../db/index.js';
import { isSeeded, loadDemoData, seedExtensions, seedReferenceData } from '../db/seed.js';
import type { Clock } from '../lib/clock.js';

export class DemoDataInLiveModeError extends Error {}

/** Seeds the reference data when the database is empty; returns whether it seeded. */
export async function seedLiveIfEmpty(db: Db, clock: Clock, opts: { origin?: string } = {}): Promise<boolean> {
  const demo = loadDemoData();
  if (await isSeeded(db)) {
    await refuseDemoLogins(db);
    return false;
  }
  const nowIso = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await seedReferenceData(trx, demo, nowIso);
    await trx.insertInto('meta').values({ key: 'seeded_at', value: nowIso }).execute();
  });
  // the other features' steps (reference rows of their own); with no person they add no login
  const ctx = { db, clock, demo, origin: opts.origin ?? 'http://localhost:8080' };
  for (const step of seedExtensions) await step(ctx);
  return true;
}

/** Throws when any demo person can log in with a password (a database seeded for tests or demos). */
async function refuseDemoLogins(db: Db): Promise<void> {
  const usernames = loadDemoData().persons.flatMap((p) => (p.login ? [p.login.username] : []));
  const found = await db
    .selectFrom('persons')
    .select('username')
    .where('username', 'in', usernames)
    .where('password_hash', 'is not', null)
    .execute();
  if (found.length)
    throw new DemoDataInLiveModeError(
      `RUN_MODE=live, but the database holds the demo people's logins (${found.map((f) => f.username).join(', ')}), ` +
        'whose passwords are published. Start live mode on an empty DATA_DIR (or database) and create the first ' +
        'staff account with `npm run user:add -- --staff`.',
    );
}
