/**
 * Two portal processes on one PostgreSQL behind nginx, on one machine, to try a deployment by hand
 * (docs/deployment.md):
 *
 *   npx tsx tools/nginx/try.ts            # the portal at http://localhost:8080/ui/ through nginx; Ctrl-C stops all
 *   PORT=8400 npx tsx tools/nginx/try.ts  # nginx on 8400, the processes on 8410 and 8420
 *
 * A throwaway PostgreSQL 15 cluster (tools/pg/with-cluster, installed with apt-get when missing), two `npm start`
 * processes on it (A on PORT + 10, B on PORT + 20, their demo applications on the next port, their metrics on the
 * one after: PORT + 12 and PORT + 22), and nginx on PORT with the configuration of server/test/nginx.ts (installed
 * with apt-get when missing, run unprivileged from a temporary folder). A process that exits is started again, as a
 * service manager would: `kill -TERM <pid>` makes a restart (it drains, stops, starts). Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBalancer } from '../../server/test/nginx.js';
import { startCluster } from '../../server/test/pg-cluster.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.PORT ?? 8080);
const origin = `http://localhost:${PORT}`;
const dataRoot = mkdtempSync(path.join(tmpdir(), 'epit-try-'));
const processes = new Map<string, ChildProcess>();
let stopping = false;

const pg = await startCluster();
console.log(`[try] PostgreSQL at ${pg.url}`);

function startProcess(name: 'A' | 'B', port: number): ChildProcess {
  const child = spawn(process.execPath, ['--max-old-space-size=512', '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      RUN_MODE: process.env.RUN_MODE ?? 'test',
      // RUN_MODE=live needs a mail server or mail deliberately off: off unless SMTP_URL is given
      MAIL: process.env.MAIL ?? (process.env.SMTP_URL ? '' : 'off'),
      PORT: String(port),
      APPS_PORT: String(port + 1),
      METRICS_PORT: String(port + 2),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataRoot, name),
      DATABASE_URL: pg.url,
      // the sign-on service URLs and the cookies are made for the balancer's address
      PUBLIC_ORIGIN: origin,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  processes.set(name, child);
  console.log(
    `[try] portal process ${name}: pid ${child.pid}, port ${port}, metrics http://127.0.0.1:${port + 2}/metrics`,
  );
  // as a service manager would (systemd's Restart=always): a process that stopped is started again
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.log(`[try] portal process ${name} exited (${code ?? signal}): starting it again`);
    setTimeout(() => startProcess(name, port), 500);
  });
  return child;
}

async function ready(port: number): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

startProcess('A', PORT + 10);
await ready(PORT + 10); // the first one migrates and seeds; the second finds it done
startProcess('B', PORT + 20);
await ready(PORT + 20);
const balancer = await startBalancer({ port: PORT, upstreams: [`127.0.0.1:${PORT + 10}`, `127.0.0.1:${PORT + 20}`] });
console.log(`[try] nginx (configuration and logs in ${balancer.dir}): the portal at ${origin}/ui/`);
console.log(
  `[try] restart a process: kill -TERM ${processes.get('A')?.pid} (A drains for DRAIN_SECONDS, stops, and is started again)`,
);
console.log('[try] Ctrl-C stops nginx, both processes and PostgreSQL');

async function stopAll() {
  if (stopping) return;
  stopping = true;
  await balancer.stop();
  await Promise.all(
    [...processes.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGINT'); // no drain: everything stops together
        }),
    ),
  );
  await pg.stop();
  rmSync(dataRoot, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());
