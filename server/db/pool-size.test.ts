/**
 * PG_POOL_MAX: how many connections to PostgreSQL one portal process may hold (docs/deployment.md, "Pointing the portal
 * at PostgreSQL": an operator sets the server's max_connections above PG_POOL_MAX × processes). On PostgreSQL
 * (TEST_DATABASE_URL) the pool is held to it: queries beyond it wait for a connection instead of opening another.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadEnv, testDatabaseUrl } from '../env.js';
import { emptyPostgresDatabase } from './dialect.js';
import { openDb } from './index.js';

describe('PG_POOL_MAX', () => {
  it('is 10 unless set, and must be a whole number from 1', () => {
    expect(loadEnv({}).pgPoolMax).toBe(10);
    expect(loadEnv({ PG_POOL_MAX: '3' }).pgPoolMax).toBe(3);
    for (const bad of ['0', '-2', '2.5', 'many'])
      expect(() => loadEnv({ PG_POOL_MAX: bad })).toThrow(
        `PG_POOL_MAX is "${bad}"; allowed: a whole number from 1 to 10000`,
      );
  });

  const server = testDatabaseUrl();
  it.skipIf(!server)('holds a process to that many PostgreSQL connections', async () => {
    const database = await emptyPostgresDatabase(server!);
    /** the distinct backends that 6 queries of 100 ms each, sent at once, ran on */
    const backends = async (max?: number) => {
      const db = openDb(null, database.url, max);
      try {
        const rows = await Promise.all(
          Array.from({ length: 6 }, () =>
            sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(db),
          ),
        );
        return new Set(rows.map((r) => r.rows[0].pid)).size;
      } finally {
        await db.destroy();
      }
    };
    try {
      expect(await backends(2)).toBe(2);
      expect(await backends()).toBe(6); // the default 10 opens one for each
    } finally {
      await database.drop();
    }
  });
});
