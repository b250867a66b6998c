/**
 * `npm run backup -- <file>`   a consistent backup of the running portal's database into <file>
 * `npm run restore -- <file>`  that backup into an empty database: DATA_DIR without portal.sqlite, or the empty
 *                              PostgreSQL database of DATABASE_URL
 * Both read DATA_DIR and DATABASE_URL as the server does (give them the service's environment). A refusal or a
 * failure is one line and exit status 1. See server/ops/backup.ts and docs/operations.md.
 */
import path from 'node:path';
import { ConfigError, loadEnv } from '../../server/env.js';
import { backup, BackupError, restore, targetName } from '../../server/ops/backup.js';

const [command, file, ...rest] = process.argv.slice(2);
const tag = `[${command ?? 'backup'}]`;

/** npm runs scripts in the project's folder: a relative <file> is where the command was typed (INIT_CWD) */
const resolved = (f: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), f);
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const secs = (s: number) => `${s.toFixed(s < 10 ? 2 : 1)} s`;

async function main(): Promise<void> {
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length)
    throw new BackupError('usage: npm run backup -- <file> | npm run restore -- <file>');
  const env = loadEnv();
  const target = { dataDir: env.dataDir, databaseUrl: env.databaseUrl };
  if (command === 'backup') {
    const r = await backup(target, resolved(file));
    console.log(
      `${tag} ${targetName(target)} saved to ${r.file}: ${megabytes(r.bytes)}, schema at migration ${r.migration}, every change before ${r.holdsBefore.toISOString()}, ${secs(r.seconds)}`,
    );
  } else {
    const r = await restore(target, resolved(file));
    const next = r.pending.length
      ? `; the next start runs ${r.pending.length} newer migration(s) up to ${r.pending[r.pending.length - 1]}`
      : '';
    console.log(
      `${tag} ${resolved(file)} restored into ${targetName(target)}: schema at migration ${r.migration}${next}, ${secs(r.seconds)}`,
    );
  }
}

main().catch((err: unknown) => {
  // a refusal or a setting that cannot be used is one line; anything else keeps its stack for a bug report
  const oneLine = err instanceof BackupError || err instanceof ConfigError;
  console.error(`${tag} ${oneLine ? err.message : err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
