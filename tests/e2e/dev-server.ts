/**
 * A development server (`tsx server/dev.ts`, Vite in middleware mode) for what exists only in the development
 * build (the developer panel's inspector, the flow book's live view): started once per worker, on a port of that
 * worker's own (ports.ts: E2E_DEV_PORT, default E2E_PORT + 10, plus 2 per worker), with a fresh temporary DATA_DIR,
 * only when a test uses `devOrigin`, and stopped afterwards. Vite's first load optimizes the dependencies, which can
 * take 10-20 s on two cores (and may reload the page once).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from './fixtures';
import { devServerPort, expectServerPortsFree } from './ports';

export const test = base.extend<object, { devOrigin: string }>({
  devOrigin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this destructuring; this one has none
    async ({}, use, workerInfo) => {
      const DEV_PORT = devServerPort(workerInfo.parallelIndex);
      await expectServerPortsFree(DEV_PORT);
      const dataDir = mkdtempSync(join(tmpdir(), 'epit-e2e-dev-'));
      const log: string[] = [];
      const child: ChildProcess = spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['server/dev.ts'], {
        cwd: process.cwd(),
        env: {
          ...process.env,
          PORT: String(DEV_PORT),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          RUN_MODE: 'test',
          DEBUG: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true, // its own process group, so Vite's helpers stop with it
      });
      child.stdout!.on('data', (d) => log.push(String(d)));
      child.stderr!.on('data', (d) => log.push(String(d)));
      const origin = `http://127.0.0.1:${DEV_PORT}`;
      try {
        const deadline = Date.now() + 90_000;
        for (;;) {
          if (child.exitCode !== null) throw new Error(`server/dev.ts exited with ${child.exitCode}:\n${log.join('')}`);
          const ok = await fetch(`${origin}/ui/config.json`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) break;
          if (Date.now() > deadline)
            throw new Error(`server/dev.ts did not answer on ${origin} within 90 s:\n${log.join('')}`);
          await new Promise((r) => setTimeout(r, 250));
        }
        await use(origin);
      } finally {
        if (child.exitCode === null && child.pid) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            /* already gone */
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              try {
                process.kill(-child.pid!, 'SIGKILL');
              } catch {
                /* already gone */
              }
              resolve();
            }, 5_000);
            child.once('exit', () => (clearTimeout(timer), resolve()));
          });
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});
