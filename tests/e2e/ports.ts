/**
 * The ports of the servers the browser tests start, in one place, so that no two servers that may run at the same
 * time share one. Every server also takes the next port for its demo applications (APPS_PORT = PORT + 1).
 *
 *   E2E_PORT      (8181)  the read-only specs' server (playwright.config.ts)
 *   E2E_PORT + 5  / + 7   the signing stand-in and its portal (signing-services/stand-in.spec.ts)
 *   E2E_PORT + 10 + 2k    the development server of Playwright's parallel worker k (dev-server.ts)
 *   E2E_PORT + 20         the global-state specs' server (playwright.config.ts; E2E_GLOBAL_PORT sets another, so
 *                         that engineers who share a machine can each keep every server in a range of their own)
 *   E2E_PORT + 30 / + 32  the remote CAS and its portal (cas/remote-cas.spec.ts)
 *   E2E_PORT + 40         the portal on a PostgreSQL of its own that the database outage stops (faults/database-outage.spec.ts)
 *
 * Two workers run at once, and the files of the read-only project go to either, so two files that started servers
 * on the same port (the stand-in and the remote CAS both used + 5 and + 7, and each worker its development server on
 * + 2) could meet: the second server then failed to listen, and the first one's teardown took the other test's
 * server away in the middle of it.
 */
import { createServer } from 'node:net';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const GLOBAL_STATE_PORT = Number(process.env.E2E_GLOBAL_PORT ?? E2E_PORT + 20);
export const STANDIN_PORT = Number(process.env.E2E_STANDIN_PORT ?? E2E_PORT + 5);
export const REMOTE_CAS_PORT = E2E_PORT + 30;
export const DB_OUTAGE_PORT = E2E_PORT + 40;

/** The development server's port for Playwright's parallel worker `parallelIndex` (E2E_DEV_PORT for worker 0). */
export const devServerPort = (parallelIndex: number) =>
  Number(process.env.E2E_DEV_PORT ?? E2E_PORT + 10) + 2 * parallelIndex;

/**
 * Before a test starts a server on `port`: fails at once, with the reason, when something already listens on that
 * port or on the next one (the server's demo applications, APPS_PORT = PORT + 1), rather than letting the test talk
 * to a server that is not the one it started.
 */
export async function expectServerPortsFree(port: number): Promise<void> {
  for (const p of [port, port + 1]) await expectPortFree(p);
}

async function expectPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new Error(
          e.code === 'EADDRINUSE'
            ? `port ${port} is already in use (another test's server, or a server left running): see tests/e2e/ports.ts`
            : `port ${port}: ${e.message}`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
