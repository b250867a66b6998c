/**
 * End-to-end and model-based UI tests (`npm run test:e2e`): tests/e2e/**, tests/model/** against the real
 * server on a fresh temporary database, in the system Chromium. See tests/e2e/fixtures.ts for the helpers.
 *
 * Two servers, each with its own temporary database and simulators: the read-only specs use the one on E2E_PORT
 * (default 8181), the specs that change global state the one on E2E_PORT + 20 (their demo applications on the next
 * port of each), so both projects run at the same time and neither sees the other's temporary state.
 *
 * Env: E2E_PORT (default 8181), E2E_WORKERS (default 1 locally, 2 on CI), E2E_SKIP_BUILD=1 (trust dist/),
 * CHROMIUM_PATH (default /usr/bin/chromium-headless-shell when installed, else /usr/bin/chromium:
 * tools/lib/chromium.ts), EPIT_REPORT_DIR (also write <dir>/e2e.json for the CI summary). The ports of every server
 * the tests start: tests/e2e/ports.ts.
 */
import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { E2E_PORT, GLOBAL_STATE_PORT } from './tests/e2e/ports';
import { CHROMIUM_ARGS, TEST_CHROMIUM } from './tools/lib/chromium';

const CI = !!process.env.CI;
// every server the tests start (the webServers below, and those a spec starts itself) stops at once on SIGTERM: the
// drain before it (DRAIN_SECONDS, server/ops/lifecycle.ts) is for a load balancer, which the browser tests have none of
process.env.DRAIN_SECONDS ??= '0';
const reportDir = process.env.EPIT_REPORT_DIR;
const GLOBAL_STATE_SPECS = [
  '**/shell/dead-application.spec.ts',
  // mari's right in Põldmari AS is ended by kristi (and restored)
  '**/shell/right-ended.spec.ts',
  '**/customer-add/*.spec.ts',
  '**/external/global/*.spec.ts',
  // represented settings: Maasikas OÜ's data is edited (and restored); the PERIODICALS save-failure switch is flipped
  '**/represented-settings/customer-data.spec.ts',
  // two people edit Maasikas OÜ's data at once (and restore it)
  '**/represented-settings/customer-data-conflict.spec.ts',
  '**/represented-settings/rights-edit.spec.ts',
  // two administrators edit one person's rights in Maasikas OÜ at once (that person's rights end at the end)
  '**/represented-settings/rights-conflict.spec.ts',
  // user settings: mari's username, jaan's preference, the OSS role-loading switch (each test restores them)
  '**/user-settings/*.spec.ts',
  // account and developer pages: the server clock, mari's password, the inserted ID-card, the accounting and
  // deployment simulators
  '**/account/*.spec.ts',
  '**/dev-pages/*.spec.ts',
  // faults: the portal API made down, slow or failing for the whole server (server/sim/faults; each test clears it)
  '**/faults/*.spec.ts',
  // keyboard journeys: mary signs Testfirma OÜ (reset after) and saves her phone (put back); rein's reset link (not used)
  '**/keyboard/journeys.spec.ts',
];

export default defineConfig({
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'model/**/*.spec.ts'],
  outputDir: 'test-results',
  // two cores, two workers: the tests use the CPU more than they wait (with a third worker the read-only specs took
  // 1,261 s of test time instead of 765). The global-state project comes first in the queue and is held to one
  // worker, so on CI one worker runs it test after test while the other takes the read-only specs (files spread over
  // the workers, and the tests of a file too), and both take read-only specs once it is done.
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : CI ? 2 : 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    ...(reportDir ? ([['json', { outputFile: join(reportDir, 'e2e.json') }]] as const) : []),
  ],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    video: 'off',
    launchOptions: { executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [
    // specs that flip global simulator state (a dead AXAPTA, signing switches, the inserted ID-card) or write demo
    // customers: one at a time, on a server of their own, so no other test sees their temporary state
    {
      name: 'global-state',
      testMatch: GLOBAL_STATE_SPECS,
      workers: 1,
      use: { baseURL: `http://localhost:${GLOBAL_STATE_PORT}` },
    },
    // read-only specs: they only sign in and look, so they share their server freely
    { name: 'chromium', testIgnore: GLOBAL_STATE_SPECS, fullyParallel: true },
  ],
  // started one after the other: the first builds the portal when dist/ is stale, the second finds it built
  webServer: [E2E_PORT, GLOBAL_STATE_PORT].map((port) => ({
    command: 'npx tsx tools/e2e/serve.ts',
    url: `http://localhost:${port}/ui/config.json`,
    env: { PORT: String(port), RUN_MODE: 'test', HOST: '127.0.0.1' },
    reuseExistingServer: false,
    // a first run builds the portal on two cores
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  })),
});
