/**
 * Test kit for tests that run the real server as processes of its own (`server/main.ts`), as a deployment does:
 * start one on a given database, wait until it answers, kill it; and a browser-like client (one cookie jar per
 * host, as a browser keeps it for 127.0.0.1 whatever the port) that signs on through the sign-on page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { demoPassword, executionOf } from './helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export { freePort };

export interface PortalProcess {
  name: string;
  base: string;
  child: ChildProcess;
  /** what the process wrote to stdout and stderr so far */
  log: string;
}

/**
 * Starts `server/main.ts` with `env` on top of this process's environment (DATABASE_URL or DATA_DIR choose the
 * database). `tmp` gets a placeholder build, so the process serves no portal and never builds one. `port`: the
 * port to listen on (a process started again behind a load balancer takes its old one), else a free one.
 */
export async function startPortal(
  name: string,
  tmp: string,
  env: Record<string, string>,
  opts: { port?: number } = {},
): Promise<PortalProcess> {
  writeFileSync(path.join(tmp, 'index.html'), '<!doctype html><title>placeholder</title>');
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      APPS_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DIST_DIR: tmp,
      RUN_MODE: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p: PortalProcess = { name, base: `http://127.0.0.1:${port}`, child, log: '' };
  child.stdout?.on('data', (d: Buffer) => (p.log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (p.log += d.toString()));
  return p;
}

/** Resolves once the process answers HTTP; throws with its log when it ends or takes longer than `ms`. */
export async function ready(p: PortalProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (p.child.exitCode !== null || p.child.signalCode !== null)
      throw new Error(`portal ${p.name} ended (${p.child.exitCode ?? p.child.signalCode}):\n${p.log}`);
    try {
      if ((await fetch(`${p.base}/api/context/getSimpleUserContext`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`portal ${p.name} did not answer within ${ms} ms:\n${p.log}`);
}

/** Sends `signal` (SIGTERM: a clean shutdown; SIGKILL: a crash) and resolves when the process is gone. */
export async function stopPortal(p: PortalProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const ended = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill(signal);
  await ended;
}

export interface Page {
  status: number;
  /** the redirect target, absolute */
  location: string | null;
  text: string;
  headers: Headers;
}

/** One browser: its cookies go to whichever process a request is sent to. */
export class Browser {
  readonly jar = new Map<string, string>();

  async request(
    url: string,
    init: RequestInit & { form?: Record<string, string>; json?: unknown } = {},
  ): Promise<Page> {
    const { form, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = rest.body;
    if (form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(form).toString();
    } else if (json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(json);
    }
    // the portal sends its XSRF header on every API call (a GET that changes the session needs it too)
    const xsrf = this.jar.get('EPIT-XSRF-TOKEN');
    if (xsrf) headers.set('x-xsrf-token', xsrf);
    const res = await fetch(url, { ...rest, body, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [name, ...value] = c.split(';')[0].split('=');
      if (value.join('=') === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value.join('='));
    }
    const location = res.headers.get('location');
    return {
      status: res.status,
      location: location && new URL(location, url).toString(),
      text: await res.text(),
      headers: res.headers,
    };
  }

  get(url: string): Promise<Page> {
    return this.request(url);
  }

  post(url: string, json?: unknown): Promise<Page> {
    return this.request(url, { method: 'POST', json });
  }

  /** Signs on through `base` (a demo person unless `password` is given): portal login → sign-on page → credentials → callback. */
  async login(base: string, username: string, password = demoPassword(username)): Promise<void> {
    const start = await this.get(`${base}/api/security/login?target=/ui/dashboard`);
    if (start.status !== 302 || !start.location) throw new Error(`security/login answered ${start.status}`);
    const page = await this.get(start.location);
    const service = new URL(start.location).searchParams.get('service')!;
    const posted = await this.request(`${base}/cas/login`, {
      method: 'POST',
      form: { service, username, password, execution: executionOf(page.text) },
    });
    if (posted.status !== 302 || !posted.location) throw new Error(`sign-on for ${username} answered ${posted.status}`);
    const back = await this.get(posted.location);
    if (back.status !== 302 || !this.jar.has('EPIT-SESSION'))
      throw new Error(`callback for ${username} answered ${back.status}: ${back.text}`);
  }
}
