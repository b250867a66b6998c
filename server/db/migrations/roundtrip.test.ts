/**
 * Every migration's `down` undoes its `up` (docs/conventions.md "Migrations"): on an empty database of its own
 * (SQLite in memory; on PostgreSQL, `npm run test:server:pg`, a new database on the test server), each migration in
 * turn goes up, down and up again, and the schema after `down` is the one before `up`, after the second `up` the one
 * after the first. Then the same with data: the demo seed, every migration undone and run again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../env.js';
import { fakeClock } from '../../lib/clock.js';
import { schemaOf } from '../../test/db-snapshot.js';
import { emptyPostgresDatabase, openPostgres } from '../dialect.js';
import { openDb, type Db } from '../index.js';
import { appliedNames, migrateDown, migrateUp } from '../migrator.js';
import { seedIfEmpty } from '../seed.js';
import { migrations } from './index.js';

/** migrations that change rows only */
const ROWS_ONLY = new Set(['0340_finance_role']);

let db: Db;
let drop: (() => Promise<void>) | null = null;

beforeAll(async () => {
  const server = testDatabaseUrl();
  if (server) {
    const empty = await emptyPostgresDatabase(server);
    db = openPostgres(empty.url, 2);
    drop = () => empty.drop();
  } else db = openDb(null);
});

afterAll(async () => {
  await db.destroy();
  await drop?.();
});

const count = async (table: 'persons' | 'customers' | 'rights') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('migrations up, down, up', () => {
  it('each down gives back the schema before its up, and the next up the schema after it', async () => {
    const differing: string[] = [];
    for (const m of migrations) {
      const before = await schemaOf(db);
      expect(await migrateUp(db, m.name)).toEqual([m.name]);
      const after = await schemaOf(db);
      // a migration that only writes rows leaves the schema as it was; any other must show in it
      if (!ROWS_ONLY.has(m.name)) expect(after, `${m.name} changes the schema`).not.toEqual(before);
      expect(await migrateDown(db, null)).toEqual([m.name]);
      if (JSON.stringify(await schemaOf(db)) !== JSON.stringify(before)) differing.push(`${m.name} down`);
      await migrateUp(db, m.name);
      if (JSON.stringify(await schemaOf(db)) !== JSON.stringify(after)) differing.push(`${m.name} up again`);
    }
    expect(differing).toEqual([]);
    expect(await appliedNames(db)).toEqual(migrations.map((m) => m.name));
  }, 60_000);

  it('with the demo data in it, every migration down to the first and up again keeps the same schema', async () => {
    expect(await seedIfEmpty(db, fakeClock('2026-01-01T00:00:00Z'))).toBe(true);
    const schema = await schemaOf(db);
    const [persons, customers] = [await count('persons'), await count('customers')];
    expect(persons).toBeGreaterThan(0);
    const undone = await migrateDown(db, migrations[0].name);
    expect(undone).toEqual(
      migrations
        .slice(1)
        .map((m) => m.name)
        .reverse(),
    );
    expect(await appliedNames(db)).toEqual([migrations[0].name]);
    await migrateUp(db);
    expect(await schemaOf(db)).toEqual(schema);
    // the people and customers survive the round trip (the rows the downs must drop are their own tables' rows)
    expect([await count('persons'), await count('customers')]).toEqual([persons, customers]);
    expect(await count('rights')).toBeGreaterThan(0);
  }, 60_000);
});
