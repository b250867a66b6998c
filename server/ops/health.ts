/**
 * Liveness and readiness for a load balancer or an orchestrator, outside /api: no session, no XSRF cookie, no
 * personal data, and left out of the request log unless DEBUG (server/security/request-log.ts).
 *
 *   GET /health  200 { status: 'ok' } while the process runs and its event loop turns
 *   GET /ready   200 { status: 'ready' } when the database answers and holds every migration of this code;
 *                503 { status: 'draining' } after SIGTERM (server/ops/lifecycle.ts),
 *                503 { status: 'database-unavailable' } when the database does not answer within READY_TIMEOUT_MS,
 *                503 { status: 'migrations-pending' } when this code's last migration is not in the database
 *
 * One query per /ready, on the migrator's own table by its primary key: it proves the connection and the schema
 * together. A database ahead of this code (a newer process migrated it) is ready: migrations only add.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { knownMigrations } from '../db/migrator.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';

/** How long /ready waits for its query: a balancer's check times out too, and a pool full of waiters is not ready. */
export const READY_TIMEOUT_MS = 2000;

export type ReadyStatus = 'ready' | 'draining' | 'database-unavailable' | 'migrations-pending';

export function installHealthRoutes(app: FastifyInstance): void {
  const { db, lifecycle, env } = app.deps;
  // this build's last migration (MIGRATE_UP_TO, test run mode only, stands in for an older build's)
  const lastMigration = knownMigrations(env.migrateUpTo).at(-1)!.name;
  const probe = { config: { probe: true } } as const;

  app.get('/health', probe, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/ready', probe, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const status = await readiness();
    if (status !== 'ready') reply.code(503);
    if (status === 'database-unavailable') req.log.debug('/ready: the database does not answer');
    return { status };
  });

  /** One query on the migrator's table: whether the database answers, and holds this build's last migration. */
  async function probeDatabase(): Promise<'ok' | 'database-unavailable' | 'migrations-pending'> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS)),
    );
    try {
      const found = await Promise.race([
        sql<{ name: string }>`select name from kysely_migration where name = ${lastMigration}`.execute(db),
        timeout,
      ]);
      if (found === 'timeout') return 'database-unavailable';
      return found.rows.length ? 'ok' : 'migrations-pending';
    } catch (err) {
      // a database without the migrator's table has never been migrated
      return isDatabaseUnavailable(err) ? 'database-unavailable' : 'migrations-pending';
    } finally {
      clearTimeout(timer);
    }
  }

  async function readiness(): Promise<ReadyStatus> {
    if (lifecycle.phase !== 'serving') return 'draining';
    const found = await probeDatabase();
    if (found !== 'ok') return found;
    return lifecycle.phase === 'serving' ? 'ready' : 'draining';
  }

  // portal_ready and portal_database_up (server/ops/metrics.ts): the same check when scraped, the database asked
  // also while draining, so the two say apart "taken out" and "cannot reach the database"
  app.deps.metrics.readinessFrom(async () => {
    const found = await probeDatabase();
    return {
      ready: found === 'ok' && lifecycle.phase === 'serving',
      databaseUp: found !== 'database-unavailable',
    };
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a liveness or readiness probe: no XSRF cookie, logged at debug level only */
    probe?: boolean;
  }
}
