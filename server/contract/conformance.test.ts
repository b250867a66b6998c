/**
 * The conformance kit (`npm run conformance`, tools/conformance) against the reference server as a deployment runs
 * it: a real `server/main.ts` process, on PostgreSQL when the server tests run there (TEST_DATABASE_URL, `npm run
 * test:server:pg`), else on SQLite. It passes; and with one answer deliberately changed (the simulator console's
 * "field added" fault on context/getUserDetails) it fails, naming that call and the difference. The other kind of
 * difference, a required field missing, is the answer check's own test (contract.test.ts); the check is the same.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../db/dialect.js';
import { testDatabaseUrl } from '../env.js';
import { OFF_CONTRACT_FIELD } from '../sim/faults/index.js';
import { demoPassword } from '../test/helpers.js';
import { Browser, ready, startPortal, stopPortal, type PortalProcess } from '../test/processes.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
let tmp: string;
let portal: PortalProcess;
let dropDatabase: (() => Promise<void>) | null = null;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'epit-conformance-'));
  const server = testDatabaseUrl();
  const database = server ? await emptyPostgresDatabase(server) : null;
  dropDatabase = database ? () => database.drop() : null;
  portal = await startPortal('conformance', tmp, {
    DATABASE_URL: database?.url ?? '',
    DATA_DIR: path.join(tmp, 'data'),
  });
  await ready(portal);
}, 120_000);

afterAll(async () => {
  if (portal) await stopPortal(portal);
  await dropDatabase?.();
  rmSync(tmp, { recursive: true, force: true });
}, 30_000);

/**
 * `npm run conformance -- …` as a person runs it; its output and exit status. A process of its own (the tsx start-up
 * alone is a second or two on a loaded machine), so its tests have a minute, like the process tests of server/db.
 */
function conformance(...args: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tools/conformance/main.ts', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, out }));
  });
}
const as = (user: string, ...more: string[]) => [
  '--api',
  `${portal.base}/api`,
  '--cas',
  `${portal.base}/cas`,
  '--user',
  user,
  '--password',
  demoPassword(user),
  '--ui',
  `${portal.base}/ui`,
  ...more,
];

/** Switches the console's fault on one API path (or off), as a person at /sim/ does. */
async function fault(mode: string, prefixes?: string[]) {
  const browser = new Browser();
  await browser.get(`${portal.base}/sim/api/faults`); // the XSRF cookie every /sim POST echoes
  const res = await browser.post(`${portal.base}/sim/api/faults`, { mode, ...(prefixes ? { prefixes } : {}) });
  expect(res.status, res.text).toBe(200);
}

describe('npm run conformance against the reference server', () => {
  it('passes for an ordinary user with the writes, every line a PASS or a SKIP with its reason', async () => {
    const { status, out } = await conformance(...as('mari', '--writes'));
    expect(out, out).toMatch(/^conformance: \d+ calls: \d+ passed, 0 failed, \d+ skipped$/m);
    expect(status).toBe(0);
    expect(out).toMatch(/^PASS {2}GET \/context\/getUserContext +200$/m);
    expect(out).toMatch(/^PASS {2}GET \/config.json +200$/m); // the portal's own configuration
    expect(out).toMatch(/^PASS {2}POST \/settings +200$/m); // a write, written back
    // the backend keeps versions of customer data: an ETag, and a stale If-Match refused with 412
    expect(out).toMatch(/^PASS {2}POST \/settings\/get \(ETag\) +"\d+"$/m);
    expect(out).toMatch(/^PASS {2}POST \/settings \(If-Match, stale\) +412 CHANGED_MEANWHILE, nothing changed$/m);
    expect(out).toMatch(/^SKIP {2}POST \/customer-search\/customer +mari lacks EDIT_ANY_CUSTOMER and EDIT_ANY_USER$/m);
    const lines = out.split('\n').slice(1, -2);
    expect(
      lines.every((l) => /^(PASS|SKIP) {2}\S/.test(l)),
      out,
    ).toBe(true);
  }, 60_000);

  it('fails, naming the call and the difference, when one answer is changed; the other calls, staff ones too, pass', async () => {
    await fault('field-added', ['/api/context/getUserDetails']);
    try {
      const { status, out } = await conformance(...as('kristi'));
      expect(status, out).toBe(1);
      expect(out.split('\n').filter((l) => l.startsWith('FAIL'))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^FAIL {2}GET /context/getUserDetails +the body has a field the document lacks: ${OFF_CONTRACT_FIELD}$`,
          ),
        ),
      ]);
      expect(out).toMatch(/^conformance: \d+ calls: \d+ passed, 1 failed, \d+ skipped$/m);
      // staff: the search and the test pages
      for (const call of ['POST /customer-search/customer', 'GET /sla/test', 'GET /deployment/listBundles'])
        expect(out).toMatch(new RegExp(`^PASS {2}${call} +200$`, 'm'));
    } finally {
      await fault('off');
    }
  }, 60_000);
});
