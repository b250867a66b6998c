/**
 * The search index of a new database is built by its first search (search-index.ts `ensureSearchIndex`). Several
 * processes on one PostgreSQL database search at once right after it was made (a deployment's first minutes, the
 * rolling-restart bench): each finds no index, and they must not all build it at once (a duplicate key, a 500).
 */
import { describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../../db/dialect.js';
import { openDb } from '../../db/index.js';
import { prepareDb } from '../../db/prepare.js';
import { testDatabaseUrl } from '../../env.js';
import { fakeClock } from '../../lib/clock.js';
import { searchCustomers } from './search.js';

describe('the first searches of a new database', () => {
  const server = testDatabaseUrl();
  it.skipIf(!server)('in four processes at once: one builds the index, the others find it built', async () => {
    const database = await emptyPostgresDatabase(server!);
    // one connection pool per "process": each keeps its own note of whether the index is built
    const dbs = Array.from({ length: 4 }, () => openDb(null, database.url, 2));
    try {
      await prepareDb(dbs[0], fakeClock('2026-01-01T00:00:00Z'));
      const found = await Promise.all(
        dbs.flatMap((db) => [searchCustomers(db, 'maasikas'), searchCustomers(db, 'tamm')]),
      );
      expect(found.map((rows) => rows.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
      await database.drop();
    }
  });
});
