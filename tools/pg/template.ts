/**
 * Builds the migrated template database on the test server (TEST_DATABASE_URL) before the server tests start, so
 * that no test's first hook waits for the migrations (vitest's 10 s hook limit holds for it like for any other).
 * `tools/pg/server-tests` runs it; the tests would build it themselves otherwise (server/db/dialect.ts).
 */
import { sql } from 'kysely';
import { openDb } from '../../server/db/index.js';
import { testDatabaseUrl } from '../../server/env.js';

if (!testDatabaseUrl()) throw new Error('TEST_DATABASE_URL names no PostgreSQL server');
const started = performance.now();
// a fresh test database: its first query builds the template (once per migrations) and copies it
const db = openDb(null);
await sql`select 1`.execute(db);
await db.destroy();
console.log(`[pg] migrated template ready in ${Math.round(performance.now() - started)} ms`);
