/**
 * A throwaway PostgreSQL cluster of one's own (tools/pg/with-cluster without a command) for a test or a tool that
 * needs to stop and start PostgreSQL itself (a database outage), which the shared cluster of
 * `npm run test:server:pg` cannot do to the other test files running beside it.
 *
 *   const pg = await startCluster();      // pg.url: postgres://postgres@127.0.0.1:<port>/postgres
 *   await pg.stopPostgres();              // pg_ctl stop -m fast: every connection is cut, new ones refused
 *   await pg.startPostgres();             // the same cluster again, same port and data
 *   await pg.stop();                      // stops PostgreSQL and removes the cluster
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** PostgreSQL is missing and cannot be installed here (with-cluster --skip-if-unavailable said so; never under CI). */
export class PostgresUnavailable extends Error {}

export interface Cluster {
  /** the server's address, database `postgres` */
  url: string;
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `port`: the first port to try (PG_PORT of with-cluster). Throws PostgresUnavailable where PostgreSQL cannot be had
 * (not root and not installed), except under CI, where that is an ordinary failure.
 */
export async function startCluster(opts: { port?: number } = {}): Promise<Cluster> {
  const child = spawn(path.join(root, 'tools/pg/with-cluster'), ['--skip-if-unavailable'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(opts.port ? { PG_PORT: String(opts.port) } : {}) },
  });
  let out = '';
  let err = '';
  const waiters: { line: string; resolve: () => void }[] = [];
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    for (const w of [...waiters])
      if (out.includes(w.line)) {
        out = out.replace(w.line, '');
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = once(child, 'exit');
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  // the cluster must not outlive this process, whatever way it ends
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);

  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const m = /^DATABASE_URL=(\S+)$/m.exec(out);
      if (m) {
        child.stdout.off('data', onData);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    void exited.then(() =>
      reject(
        child.exitCode === 0 && /SKIPPED/.test(err)
          ? new PostgresUnavailable(err.trim())
          : new Error(`tools/pg/with-cluster ended (${child.exitCode}):\n${err}`),
      ),
    );
  });

  /** sends `signal` and waits for with-cluster's answer line */
  const control = (signal: NodeJS.Signals, line: string) =>
    new Promise<void>((resolve, reject) => {
      if (gone()) return reject(new Error(`the cluster has ended:\n${err}`));
      waiters.push({ line, resolve });
      child.kill(signal);
      void exited.then(() => reject(new Error(`the cluster ended while waiting for ${line}:\n${err}`)));
    });

  return {
    url,
    stopPostgres: () => control('SIGUSR1', 'PG_STATE=stopped'),
    startPostgres: () => control('SIGUSR2', 'PG_STATE=started'),
    async stop() {
      process.off('exit', kill);
      if (!gone()) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
