/**
 * What `npm run migrate` and the start answer around the migrations (server/db/migrator.ts): a database that a
 * newer build migrated is refused with one message naming the migration and the way back; `down` only goes back,
 * to a migration of this build that has run; status lists applied, pending and newer migrations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './index.js';
import { migrateDown, migrateUp, migrationStatus, MigrateTargetError, SchemaNewerError } from './migrator.js';
import { migrations } from './migrations/index.js';

const NEWEST = migrations.at(-1)!.name;
const PREVIOUS = migrations.at(-2)!.name;
const EARLIER = migrations.at(-3)!.name;

let db: Db;
beforeAll(async () => {
  db = openDb(null);
  await migrateUp(db);
});
afterAll(() => db.destroy());

describe('the migrations of a build and of its database', () => {
  it('a build that lacks the newest migration refuses the database in one sentence naming it and the way back', async () => {
    const refused = await migrateUp(db, PREVIOUS).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(SchemaNewerError);
    expect((refused as Error).message).toBe(
      `the database's schema is newer than this build: migration ${NEWEST} is not part of it. Deploy the build ` +
        `that has it, or, to go back to this build, run \`npm run migrate -- down ${PREVIOUS}\` with the newer build ` +
        `(docs/operations.md, "Upgrade and rollback").`,
    );
    // two unknown: both named
    await expect(migrateUp(db, EARLIER)).rejects.toThrow(`migrations ${PREVIOUS}, ${NEWEST} are not part of it`);
    await expect(migrateDown(db, EARLIER, EARLIER)).rejects.toThrow(SchemaNewerError);
  });

  it('status lists every migration applied, and one a build lacks as newer', async () => {
    const all = await migrationStatus(db);
    expect(all.map((m) => [m.name, m.state])).toEqual(migrations.map((m) => [m.name, 'applied']));
    expect(all.every((m) => m.executedAt instanceof Date)).toBe(true);
    const older = await migrationStatus(db, PREVIOUS);
    expect(older.at(-1)).toMatchObject({ name: NEWEST, state: 'newer' });
  });

  it('down refuses a name that is no migration, one not applied, and is a no-op at the newest', async () => {
    await expect(migrateDown(db, '0999_nothing')).rejects.toThrow(MigrateTargetError);
    expect(await migrateDown(db, NEWEST)).toEqual([]);
    expect(await migrateDown(db, PREVIOUS)).toEqual([NEWEST]);
    expect((await migrationStatus(db)).at(-1)).toMatchObject({ name: NEWEST, state: 'pending' });
    await expect(migrateDown(db, NEWEST)).rejects.toThrow(`${NEWEST} has not been applied`);
    expect(await migrateUp(db)).toEqual([NEWEST]);
  });
});
