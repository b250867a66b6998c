/**
 * nginx as the load balancer in front of portal processes, for the tests and benches that restart them under load
 * (server/ops/service.test.ts, bench/rolling.ts) and for trying it by hand (tools/nginx/try.ts).
 *
 * `startBalancer` installs Debian's nginx when it is missing (tools/nginx/ensure-nginx.sh, as root), writes the
 * configuration of `balancerConfig` into a new temporary folder and starts nginx in the foreground as an unprivileged
 * process (root's tests run it as `nobody`): its pid file, logs and temporary files all in that folder, listening on
 * 127.0.0.1 and a high port, no system service. `stop()` ends it and removes the folder.
 *
 * The configuration is the operator's, deploy/epit.nginx.conf (shown in docs/deployment.md), with the addresses filled in:
 * nginx (open source) has no active health checks, so it learns that a process is gone from the requests themselves
 * (passive checks: `max_fails=1 fail_timeout=5s`), and `proxy_next_upstream error timeout` passes a request that
 * got no answer to the other process. nginx never passes on a POST it has sent (non-idempotent), so the portal's
 * drain makes sure no POST meets a closing process (server/ops/lifecycle.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** nginx is missing and cannot be installed here (not root, or apt-get failed): the reason. */
export class NginxUnavailable extends Error {}

/** Installs nginx when missing (as root); throws NginxUnavailable when it cannot be had. */
export function ensureNginx(): void {
  const r = spawnSync('bash', [path.join(root, 'tools/nginx/ensure-nginx.sh')], { encoding: 'utf8' });
  if (r.status === 0) return;
  const why = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').slice(-5).join('\n');
  if (r.status === 3) throw new NginxUnavailable(why);
  throw new Error(`tools/nginx/ensure-nginx.sh failed (${r.status}):\n${why}`);
}

export interface BalancerOptions {
  /** the address nginx listens on: 127.0.0.1 and this port */
  port: number;
  /** instead: nginx's `listen` as written (docs/deployment.md: `80`) */
  listen?: string;
  /** the portal processes, `host:port` each */
  upstreams: string[];
  /** worker processes (the tests: 1, on two shared cores; a deployment: auto) */
  workers?: number | 'auto';
  /**
   * requests a client connection may carry before nginx closes it (nginx's default, 1000, when absent). The load
   * tool, autocannon, ignores the `Connection: close` of nginx's last answer and writes its next request on the
   * closing connection (RFC 9112 §9.6 forbids it); now and then that meets a reset, which it counts as a connection
   * error. A browser opens a new connection instead. So the benches raise it above what any of their connections
   * sends, and a deployment keeps the default.
   */
  keepaliveRequests?: number;
}

/** The operator's configuration, the one source of both: an operator copies it, the tests run it. */
export const DEPLOY_NGINX_CONF = path.join(root, 'deploy/epit.nginx.conf');

/**
 * The configuration the tests run: deploy/epit.nginx.conf inside a main context of their own, `dir` holding the pid
 * file, the logs and the temporary files, with the given processes and listen address in place of the file's.
 */
export function balancerConfig(opts: BalancerOptions & { dir: string }): string {
  const { dir } = opts;
  const site = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
  const upstreams = opts.upstreams.map((u) => `  server ${u} max_fails=1 fail_timeout=5s;`).join('\n');
  const replaced = site
    .replace(/(?:^ {2}server \S+ max_fails=1 fail_timeout=5s;\n)+/m, `${upstreams}\n`)
    .replace(/^ {2}listen 80;$/m, `  listen ${opts.listen ?? `127.0.0.1:${opts.port}`};`)
    .replaceAll('/var/log/nginx/epit/', `${dir}/`)
    .replace(/^ {2}client_max_body_size 2m;$/m, (line) =>
      opts.keepaliveRequests ? `${line}\n  keepalive_requests ${opts.keepaliveRequests};` : line,
    );
  for (const [what, before] of [
    ['server lines', site.match(/^ {2}server \S+ max_fails/m)],
    ['listen 80', site.match(/^ {2}listen 80;$/m)],
  ] as const)
    if (!before) throw new Error(`${DEPLOY_NGINX_CONF} has no ${what} to fill in`);
  const indented = replaced
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
  return `# the tests' nginx: deploy/epit.nginx.conf in a main context of its own (server/test/nginx.ts)
worker_processes ${opts.workers ?? 'auto'};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events {
  worker_connections 1024;
}

http {
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;

${indented}}
`;
}

export interface Balancer {
  /** http://127.0.0.1:port */
  base: string;
  dir: string;
  /** the access log so far: one line per request, ending with the processes tried (the last one answered) */
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** uid and gid of `nobody` (root runs nginx as that user), or null when this process is not root. */
function unprivileged(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.connect(port, '127.0.0.1');
  });
}

/** Starts nginx with `balancerConfig` (installed first when missing); resolves once it listens. */
export async function startBalancer(opts: BalancerOptions): Promise<Balancer> {
  ensureNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'epit-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, 'tmp', sub), { recursive: true });
  writeFileSync(path.join(dir, 'nginx.conf'), balancerConfig({ ...opts, dir }));
  const user = unprivileged();
  if (user)
    for (const p of ['', 'tmp', ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((s) => `tmp/${s}`)])
      chownSync(path.join(dir, p), user.uid, user.gid);
  const read = (file: string) => {
    try {
      return readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'];
  const child: ChildProcess = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'], ...(user ?? {}) });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const until = Date.now() + 10_000;
  while (!(await listening(opts.port))) {
    if (ended() || Date.now() > until) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        `nginx did not start on port ${opts.port} (${child.exitCode ?? child.signalCode}): ${stderr}${read('error.log')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base: `http://127.0.0.1:${opts.port}`,
    dir,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    async stop() {
      if (!ended()) {
        const exit = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM'); // nginx's fast shutdown
        await exit;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The process (`host:port`) that answered each request of the access log, in order (`-`: none was tried). */
export function servedBy(accessLog: string): string[] {
  return accessLog
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(line.lastIndexOf(' ') + 1));
}
