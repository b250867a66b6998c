/**
 * `npm run check:deployment`: follows docs/deployment.md's install ("Installing a live portal", steps 2 to 8) on a
 * fresh clone of this repository, as root on Debian, and signs in through nginx as the first staff account. The
 * commands are the doc's own marked blocks (server/ops/deployment-doc.ts), run with bash after a few listed
 * replacements (the temporary folder's paths for /opt/epit, /etc/epit and /var/lib/epit; the throwaway cluster's
 * pg_hba.conf); a replacement that no longer finds its text fails the check, so the doc cannot drift from it.
 *
 * In place of the machine's services: a throwaway PostgreSQL (tools/pg/with-cluster, fsync on), the two processes
 * started from deploy/epit@.service's own lines as systemd would, nginx with deploy/epit.nginx.conf run
 * unprivileged (server/test/nginx.ts), deploy/epit.logrotate run once by `logrotate --force`.
 *
 * `npm ci` is replaced by a link to this checkout's node_modules and `npm prune --omit=dev` left out (a full install
 * takes minutes here), unless CHECK_DEPLOYMENT_NPM=1. The clone is of the committed HEAD: uncommitted changes are
 * not in it. Prints each phase's seconds and ends with `check:deployment passed` or a failure (exit status 1).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBalancer, type Balancer } from '../../server/test/nginx.js';
import { startCluster, type Cluster } from '../../server/test/pg-cluster.js';
import { Browser, freePort } from '../../server/test/processes.js';
import { docBlocks, runBlock } from '../../server/ops/deployment-doc.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FULL_NPM = process.env.CHECK_DEPLOYMENT_NPM === '1';
const STAFF_PASSWORD = 'Kuusk-check-2026';
const started = performance.now();
const seconds = (from = started) => ((performance.now() - from) / 1000).toFixed(1);
const say = (line: string) => console.log(`[check:deployment ${seconds().padStart(5)} s] ${line}`);

class CheckFailed extends Error {}
function expect(ok: unknown, what: string): void {
  if (!ok) throw new CheckFailed(what);
}

/** [from, to, optional]: the folders are replaced wherever a block names them, the rest must be found */
type Swap = [string | RegExp, string, boolean?];

/** `from` → `to` in `text`; `from` must be there unless optional (the doc changed otherwise, and the check would not follow it). */
function replaceAll(text: string, swaps: Swap[], where: string): string {
  for (const [from, to, optional] of swaps) {
    const found = typeof from === 'string' ? text.includes(from) : from.test(text);
    if (!found && optional) continue;
    if (!found) throw new CheckFailed(`${where} no longer has ${String(from)}: update tools/deployment/check.ts`);
    text = typeof from === 'string' ? text.replaceAll(from, to) : text.replace(from, to);
  }
  return text;
}

/** `sudo [-u user] cmd…` as the check (root) runs it: as that user through runuser, as the doc's command would. */
const SUDO_SHIM = `sudo() {
  local user=root
  while [ $# -gt 0 ]; do case "$1" in -u) user="$2"; shift 2 ;; -*) shift ;; *) break ;; esac; done
  if [ "$user" = root ]; then "$@"; else runuser -u "$user" -- "$@"; fi
}
set -euo pipefail
`;

function runStep(name: string, script: string, cwd: string, env: NodeJS.ProcessEnv): string {
  const t = performance.now();
  const r = spawnSync('bash', ['-c', SUDO_SHIM + script], { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const out = `${r.stdout}${r.stderr}`;
  if (r.status !== 0) throw new CheckFailed(`step "${name}" failed (${r.status}):\n${script}\n--- output:\n${out}`);
  say(`step "${name}" done in ${seconds(t)} s`);
  return out;
}

/** KEY=VALUE lines of an EnvironmentFile (systemd's format: # comments, no quotes used here) */
function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2];
  }
  return env;
}

interface Unit {
  workingDirectory: string;
  environmentFile: string;
  environment: [string, string][];
  execStart: string[];
  stateDirectory: string;
}

/** The [Service] lines the check acts on; `%i` is the instance (the port). */
function readUnit(text: string, instance: string): Unit {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('['));
  const values = (key: string) =>
    lines.filter((l) => l.startsWith(`${key}=`)).map((l) => l.slice(key.length + 1).replaceAll('%i', instance));
  const one = (key: string) => {
    const v = values(key);
    expect(v.length === 1, `deploy/epit@.service has ${v.length} ${key} lines`);
    return v[0];
  };
  return {
    workingDirectory: one('WorkingDirectory'),
    environmentFile: one('EnvironmentFile'),
    environment: values('Environment').map((e) => {
      const i = e.indexOf('=');
      return [e.slice(0, i), e.slice(i + 1)];
    }),
    execStart: one('ExecStart').split(/\s+/),
    stateDirectory: one('StateDirectory'),
  };
}

interface Process {
  port: number;
  child: ChildProcess;
  log: () => string;
  readyAfterMs: number | null;
}

async function waitReady(p: Process, spawnedAt: number, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (p.child.exitCode !== null) throw new CheckFailed(`the process on ${p.port} exited:\n${p.log()}`);
    const ok = await fetch(`http://127.0.0.1:${p.port}/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) {
      p.readyAfterMs = performance.now() - spawnedAt;
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new CheckFailed(`the process on ${p.port} was not ready within ${ms / 1000} s:\n${p.log()}`);
}

/**
 * `bin` present, or installed with apt-get (as root); false when it cannot be had: that part is then not checked,
 * except under CI (CI=true, as .ci/run sets), where it is a failure.
 */
function ensureTool(bin: string, pkg: string): boolean {
  const have = () => spawnSync('bash', ['-c', `command -v ${bin}`]).status === 0;
  if (have()) return true;
  say(`${bin} is missing: apt-get install ${pkg}`);
  spawnSync(
    'bash',
    [
      '-c',
      `apt-get install -y --no-install-recommends ${pkg} || (apt-get update && apt-get install -y --no-install-recommends ${pkg})`,
    ],
    {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  );
  expect(have() || !process.env.CI, `${bin} could not be installed (apt-get install ${pkg})`);
  return have();
}

async function main(): Promise<void> {
  if (process.getuid?.() !== 0 && !process.env.CI) {
    console.log('[check:deployment] SKIPPED: the install is followed as root (apt-get, runuser, nginx as nobody)');
    return;
  }
  expect(process.getuid?.() === 0, 'run as root (the doc is followed as root; PostgreSQL and nginx run unprivileged)');
  const blocks = docBlocks();
  const tmp = mkdtempSync(path.join(tmpdir(), 'epit-deployment-'));
  // the cluster's user (postgres) and nginx's (nobody) must reach what is theirs inside
  chmodSync(tmp, 0o755);
  const clone = path.join(tmp, 'opt-epit');
  const etc = path.join(tmp, 'etc-epit');
  const state = path.join(tmp, 'var-lib-epit');
  const paths: Swap[] = [
    ['/opt/epit', clone, true],
    ['/etc/epit', etc, true],
  ];
  let cluster: Cluster | null = null;
  let balancer: Balancer | null = null;
  const processes: Process[] = [];
  try {
    // 2. PostgreSQL
    process.env.PG_DURABLE = '1';
    cluster = await startCluster();
    const pg = new URL(cluster.url);
    const pgEnv: NodeJS.ProcessEnv = {
      ...process.env,
      PGHOST: '127.0.0.1',
      PGPORT: pg.port,
      PGUSER: 'postgres',
      PGDATABASE: 'postgres',
    };
    const psql = (sql: string, env = pgEnv) =>
      spawnSync('psql', ['-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', sql], { env, encoding: 'utf8' });
    say(`PostgreSQL on port ${pg.port}`);
    runStep('postgres', runBlock('postgres', blocks), tmp, pgEnv);
    const hbaFile = psql('SHOW hba_file').stdout.trim();
    runStep(
      'pg-hba',
      replaceAll(runBlock('pg-hba', blocks), [['/etc/postgresql/15/main/pg_hba.conf', hbaFile]], 'step pg-hba'),
      tmp,
      pgEnv,
    );
    const settings = psql(
      "SELECT current_setting('fsync'), current_setting('synchronous_commit'), current_setting('full_page_writes'), " +
        "current_setting('password_encryption'), (SELECT rolconnlimit FROM pg_roles WHERE rolname = 'epit'), " +
        "(SELECT left(rolpassword, 14) FROM pg_authid WHERE rolname = 'epit')",
    ).stdout.trim();
    expect(settings === 'on|on|on|scram-sha-256|25|SCRAM-SHA-256$', `PostgreSQL's settings after step 2: ${settings}`);
    const wrong = psql('SELECT 1', { ...pgEnv, PGUSER: 'epit', PGDATABASE: 'epit', PGPASSWORD: 'not-the-password' });
    expect(
      wrong.status !== 0 && /password authentication failed/.test(wrong.stderr),
      `a wrong password must be refused: ${wrong.stderr}`,
    );
    const right = psql('SELECT 1', {
      ...pgEnv,
      PGUSER: 'epit',
      PGDATABASE: 'epit',
      PGPASSWORD: 'change-this-password',
    });
    expect(right.stdout.trim() === '1', `the role's password must be taken: ${right.stderr}`);
    say('PostgreSQL: fsync, synchronous_commit, full_page_writes on; SCRAM; limit 25; a wrong password refused');

    // 3. the code, built
    const install = replaceAll(
      runBlock('install', blocks),
      [
        [/^git clone \S+ \/opt\/epit$/m, `git clone -q ${root} /opt/epit`],
        ...paths,
        ...(FULL_NPM
          ? []
          : ([
              [/^npm ci$/m, `ln -s ${path.join(root, 'node_modules')} node_modules`],
              [/^npm prune --omit=dev$/m, ': npm prune left out'],
            ] as Swap[])),
      ],
      'step install',
    );
    runStep('install', install, tmp, process.env);
    expect(existsSync(path.join(clone, 'build/server/main.js')), 'the build made build/server/main.js');
    expect(existsSync(path.join(clone, 'dist/index.html')), 'the build made dist/index.html');
    const cloneStatus = spawnSync('git', ['status', '--porcelain'], { cwd: clone, encoding: 'utf8' }).stdout.trim();
    expect(cloneStatus === '', `the build must not change the checkout: ${cloneStatus}`);

    // 4. the settings, 5. the trust folder
    runStep(
      'settings',
      replaceAll(runBlock('settings', blocks), [[' -g epit ', ' -g root '], ...paths], 'step settings'),
      tmp,
      process.env,
    );
    const nginxPort = await freePort();
    const origin = `http://127.0.0.1:${nginxPort}`;
    const envFile = path.join(etc, 'portal.env');
    // what the operator edits: the database's address, the public address, the folders
    writeFileSync(
      envFile,
      replaceAll(
        readFileSync(envFile, 'utf8'),
        [['127.0.0.1:5432', `127.0.0.1:${pg.port}`], ['https://portal.example', origin], ...paths],
        'deploy/portal.env',
      ),
    );
    runStep('trust', replaceAll(runBlock('trust', blocks), paths, 'step trust'), tmp, process.env);

    // 6. the processes, from the unit's own lines
    const unitText = readFileSync(path.join(clone, 'deploy/epit@.service'), 'utf8');
    if (ensureTool('systemd-analyze', 'systemd')) {
      const unitDir = path.join(tmp, 'unit');
      mkdirSync(unitDir);
      writeFileSync(path.join(unitDir, 'epit@8080.service'), unitText);
      const r = spawnSync('systemd-analyze', ['verify', path.join(unitDir, 'epit@8080.service')], {
        encoding: 'utf8',
      });
      expect(
        r.status === 0 && `${r.stdout}${r.stderr}`.trim() === '',
        `systemd-analyze verify: ${r.stdout}${r.stderr}`,
      );
      say('systemd-analyze verify: nothing to say');
    } else say('systemd-analyze cannot be had: the unit is not verified');
    const ports = [await freePort(), await freePort()];
    const appsPorts = [await freePort(), await freePort()];
    const startProcess = (i: number): Process => {
      const port = ports[i];
      const unit = readUnit(replaceAll(unitText, [...paths, ['/var/lib/epit', state, true]], 'the unit'), String(port));
      mkdirSync(path.join(state, unit.stateDirectory.replace(/^epit\//, '')), { recursive: true });
      // systemd's environment: nothing of the caller's but PATH, then the file, then the unit's own lines
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        ...environmentFile(readFileSync(unit.environmentFile, 'utf8')),
      };
      for (const [k, v] of unit.environment) env[k] = v;
      // the demo applications' listener takes PORT + 1: free ports are far apart enough only by chance
      env.APPS_PORT = String(appsPorts[i]);
      const child = spawn(unit.execStart[0], unit.execStart.slice(1), {
        cwd: unit.workingDirectory,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      child.stdout.on('data', (d: Buffer) => (log += d.toString()));
      child.stderr.on('data', (d: Buffer) => (log += d.toString()));
      return { port, child, log: () => log, readyAfterMs: null };
    };
    const spawnedAt = performance.now();
    processes.push(startProcess(0), startProcess(1));
    await Promise.all(processes.map((p) => waitReady(p, spawnedAt)));
    say(
      `both processes ready (started at once), /ready after ${processes.map((p) => `${Math.round(p.readyAfterMs!)} ms`).join(' and ')}`,
    );
    const logs = processes.map((p) => p.log());
    expect(
      logs.filter((l) => l.includes('seeded with reference data only (live run mode: no demo people)')).length === 1,
      `one process seeds reference data only:\n${logs.join('\n---\n')}`,
    );
    for (const [i, l] of logs.entries()) {
      expect(
        l.includes(`listening on 127.0.0.1:${ports[i]}`) && /run mode live\)/.test(l),
        `the banner says where it listens, live:\n${l}`,
      );
      expect(!/console |\/sim\/|DEMO LOGINS/.test(l), `a live banner names no console and no demo:\n${l}`);
      expect(
        l.includes(`warning: SIGNING_TRUST_DIR ${path.join(etc, 'trust')} holds no CA certificate`),
        `the empty trust folder is warned of:\n${l}`,
      );
    }

    // 8. nginx (before 7: the account is then checked through it)
    balancer = await startBalancer({ port: nginxPort, upstreams: ports.map((p) => `127.0.0.1:${p}`), workers: 1 });
    say(`nginx (deploy/epit.nginx.conf) on ${nginxPort}`);

    // 7. the first staff account
    runStep('first-staff', replaceAll(runBlock('first-staff', blocks), paths, 'step first-staff'), tmp, {
      ...process.env,
      USER_ADD_PASSWORD: STAFF_PASSWORD,
    });
    const staff = new Browser();
    await staff.login(origin, 'admin', STAFF_PASSWORD);
    const context = await staff.get(`${origin}/api/context/getUserContext`);
    expect(
      context.status === 200 && context.text.includes('Kadri') && context.text.includes('Kuusk'),
      `the staff account's user context through nginx: ${context.status} ${context.text.slice(0, 300)}`,
    );
    say('the staff account signed in through nginx; its user context names Kadri Kuusk');
    const demo = await new Browser().login(origin, 'mari').then(
      () => 'signed in',
      (err: Error) => err.message,
    );
    expect(demo !== 'signed in', 'a demo person must not sign in to a live portal');
    const sim = await fetch(`${origin}/sim/`);
    expect(sim.status === 404, `/sim/ through nginx answers ${sim.status}`);
    const served = new Set(
      balancer
        .accessLog()
        .split('\n')
        .filter(Boolean)
        .map((l) => l.slice(l.lastIndexOf(' ') + 1)),
    );
    say(`a demo person refused, /sim/ 404; nginx's access log names ${[...served].join(', ')}`);

    // nginx's log rotation
    if (ensureTool('logrotate', 'logrotate')) {
      const conf = path.join(tmp, 'logrotate.conf');
      writeFileSync(
        conf,
        replaceAll(
          readFileSync(path.join(clone, 'deploy/epit.logrotate'), 'utf8'),
          [
            ['/var/log/nginx/epit/', `${balancer.dir}/`],
            ['/run/nginx.pid', path.join(balancer.dir, 'nginx.pid')],
            ['create 0640 www-data adm', 'create 0640 nobody nogroup'],
          ],
          'deploy/epit.logrotate',
        ),
      );
      const r = spawnSync('logrotate', ['--force', '--state', path.join(tmp, 'logrotate.state'), conf], {
        encoding: 'utf8',
      });
      expect(r.status === 0, `logrotate: ${r.stdout}${r.stderr}`);
      const rotated = readdirSync(balancer.dir).filter((f) => /^access\.log-\d{8}/.test(f));
      expect(rotated.length === 1, `logrotate rotated access.log: ${readdirSync(balancer.dir).join(' ')}`);
      // the rotation's signal (USR1) makes nginx's workers reopen the log in their own time, and a request's line is
      // written once it has ended, after its answer: ask again until a line is in the new file, for 5 s at most
      let written = false;
      for (const deadline = Date.now() + 5_000; !written && Date.now() < deadline;) {
        await fetch(`${origin}/health`);
        await new Promise((r) => setTimeout(r, 100));
        written = /GET \/health/.test(balancer.accessLog());
      }
      expect(written, 'nginx writes a new access.log after the rotation');
      say(`logrotate: ${rotated[0]}, and nginx writes a new access.log`);
    } else say('logrotate cannot be had: the rotation is not checked');

    // a restart as systemd's (KillMode=mixed): SIGTERM to the process, which drains and exits 0; started again,
    // its time to /ready is a production start's on a migrated database
    const stop = (p: Process) =>
      new Promise<number | null>((resolve) => {
        p.child.once('exit', (code) => resolve(code));
        p.child.kill('SIGTERM');
      });
    expect((await stop(processes[0])) === 0, `SIGTERM: exit status of the process on ${ports[0]}`);
    const restartedAt = performance.now();
    processes[0] = startProcess(0);
    await waitReady(processes[0], restartedAt);
    const cpuMs = (() => {
      try {
        const stat = readFileSync(`/proc/${processes[0].child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return (Number(stat[11]) + Number(stat[12])) * 10;
      } catch {
        return NaN;
      }
    })();
    say(
      `restarted the process on ${ports[0]}: /ready after ${Math.round(processes[0].readyAfterMs!)} ms, ${cpuMs} ms of CPU`,
    );
    // a stop as systemd's (KillMode=mixed): SIGTERM to the process, which drains and exits 0
    const codes = await Promise.all(processes.map(stop));
    expect(
      codes.every((c) => c === 0),
      `SIGTERM: exit statuses ${codes.join(', ')}`,
    );
    say('SIGTERM: both processes drained and exited 0');
  } finally {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await balancer?.stop().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => {
    say('check:deployment passed');
    process.exit(0);
  },
  (err: unknown) => {
    console.error(
      `[check:deployment] FAILED after ${seconds()} s: ${err instanceof Error ? err.message : String(err)}`,
    );
    if (!(err instanceof CheckFailed) && err instanceof Error) console.error(err.stack);
    process.exit(1);
  },
);
