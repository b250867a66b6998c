/**
 * `npm run migrate -- status | up | down [<name>]` on the portal's database: PostgreSQL when DATABASE_URL is set,
 * else SQLite's portal.sqlite in DATA_DIR (server/env.ts). See docs/operations.md, "Upgrade and rollback".
 * - status: this build's migrations, applied or pending, and any the database holds that this build does not know
 * - up: runs the pending ones (the portal's start does the same)
 * - down <name>: undoes migrations, newest first, until <name> is the newest applied one; `down` alone undoes one
 */
import { openDb } from '../../server/db/index.js';
import { databaseName } from '../../server/db/dialect.js';
import { migrateDown, migrateUp, migrationStatus } from '../../server/db/migrator.js';
import { loadEnv } from '../../server/env.js';
import path from 'node:path';

const USAGE = 'usage: npm run migrate -- status | up | down [<migration name>]';

async function main(args: string[]): Promise<number> {
  const [command, target, ...rest] = args;
  if (!command || rest.length || !['status', 'up', 'down'].includes(command) || (command !== 'down' && target)) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  const db = env.databaseUrl ? openDb(null, env.databaseUrl) : openDb(env.dataDir);
  const where = env.databaseUrl ? databaseName(env.databaseUrl) : path.join(env.dataDir, 'portal.sqlite');
  try {
    if (command === 'status') {
      const states = await migrationStatus(db, env.migrateUpTo);
      console.log(`database ${where}`);
      for (const m of states) {
        const note =
          m.state === 'newer' ? '  (not in this build: applied by a newer one)' : (m.executedAt?.toISOString() ?? '');
        console.log(`${m.state.padEnd(8)} ${m.name.padEnd(32)} ${note}`.trimEnd());
      }
      const count = (s: string) => states.filter((m) => m.state === s).length;
      console.log(`${count('applied')} applied, ${count('pending')} pending, ${count('newer')} newer than this build`);
      return 0;
    }
    if (command === 'up') {
      const done = await migrateUp(db, env.migrateUpTo);
      for (const name of done) console.log(`applied  ${name}`);
      console.log(done.length ? `database ${where}: ${done.length} applied` : `database ${where}: nothing to apply`);
      return 0;
    }
    const undone = await migrateDown(db, target ?? null, env.migrateUpTo);
    for (const name of undone) console.log(`undone   ${name}`);
    console.log(undone.length ? `database ${where}: ${undone.length} undone` : `database ${where}: nothing to undo`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    // one line, no stack: a refused target, a newer schema, an unreachable database, a migration that failed
    console.error(`[migrate] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
