/**
 * A rolling release and its rollback on one PostgreSQL database (docs/operations.md "Upgrade and rollback"; runs in
 * `npm run test:server:pg`, skipped on SQLite). "The build before" is the current code with the newest migration
 * withheld (MIGRATE_UP_TO, server/db/migrator.ts), "the build after" the current code with all of them:
 * 1. the build before serves a database at its last migration;
 * 2. the build after starts on the same database and runs the newest migration while the build before keeps
 *    answering; then both serve the same people (sessions live in the database), each with the other's writes;
 * 3. a process of the build before started now refuses, in one line naming the migration and what to do;
 * 4. `npm run migrate -- down <previous>` (the build after's tool) takes the schema back, and the build before
 *    starts on it and serves.
 * Withholding a migration from the current code stands in for the older code: it shows the migrations, the
 * refusal and the rollback at work, while whether an older build's own queries accept a newer schema rests on the
 * migration being expand-only (docs/conventions.md "Migrations").
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserContext } from '../../domain/contract.js';
import { testDatabaseUrl } from '../env.js';
import { makeTestApp, type Client, type TestApp } from '../test/helpers.js';
import { startPortal } from '../test/processes.js';
import { emptyPostgresDatabase, openPostgres } from './dialect.js';
import { appliedNames, migrateDown } from './migrator.js';
import { migrations } from './migrations/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NEWEST = migrations.at(-1)!.name;
const PREVIOUS = migrations.at(-2)!.name;
const MARI = 'EE48709050218';
const MAASIKAS = 'EPEE11000015';

const server = testDatabaseUrl();
let url = '';
let drop: (() => Promise<void>) | null = null;
let tmp = '';
const running: TestApp[] = [];

beforeAll(async () => {
  if (!server) return;
  const empty = await emptyPostgresDatabase(server);
  url = empty.url;
  drop = () => empty.drop();
  tmp = mkdtempSync(path.join(tmpdir(), 'epit-rolling-'));
});

afterAll(async () => {
  await Promise.all(running.map((t) => t.close()));
  await drop?.();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 30_000);

/** A build's process on the shared database: the current code, with `upTo` the migrations it stops at. */
async function build(upTo: string | null): Promise<TestApp> {
  const t = await makeTestApp({ db: openPostgres(url, 4), env: { migrateUpTo: upTo } });
  running.push(t);
  return t;
}

async function stop(t: TestApp): Promise<void> {
  running.splice(running.indexOf(t), 1);
  await t.close();
}

/** The same person's cookies, sent to another process (as a load balancer would). */
function sameBrowser(c: Client, t: TestApp): Client {
  const other = t.client();
  for (const [k, v] of c.cookies) other.cookies.set(k, v);
  return other;
}

async function whoAmI(c: Client): Promise<{ status: number; id?: string; represented?: string | null }> {
  const res = await c.get('/api/context/getUserContext');
  if (res.statusCode !== 200) return { status: res.statusCode };
  const p = UserContext.parse(res.json()).epitPrincipal;
  return { status: 200, id: p?.representative.id, represented: p?.represented?.gid ?? null };
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(args[0], args.slice(1), { cwd: root, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.skipIf(!server)(`a rolling release of ${NEWEST} on one PostgreSQL, and its rollback`, () => {
  let before: TestApp;
  let after: TestApp;
  let mariOnBefore: Client;

  it('the build before serves a database at its own last migration', async () => {
    // the database as the build before has kept it: prepared and seeded, then at its last migration. The current
    // code's seed writes what the newest migration added (the outbox's delivery columns), so it seeds with all of
    // them and is taken back, which is what `migrate down` does in a rollback too
    const seeding = await build(null);
    await migrateDown(seeding.db, PREVIOUS);
    await stop(seeding);
    before = await build(PREVIOUS);
    expect((await appliedNames(before.db)).at(-1)).toBe(PREVIOUS);
    mariOnBefore = await before.login('mari');
    expect(await whoAmI(mariOnBefore)).toEqual({ status: 200, id: MARI, represented: null });
  });

  it('the build after migrates while the build before answers, then both serve the same people', async () => {
    // the build before keeps answering while the build after starts and runs the newest migration
    let migrating = true;
    const answers: number[] = [];
    const load = (async () => {
      while (migrating) answers.push((await mariOnBefore.get('/api/context/getUserContext')).statusCode);
    })();
    after = await build(null);
    migrating = false;
    await load;
    expect(await appliedNames(after.db)).toEqual(migrations.map((m) => m.name));
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((s) => s !== 200)).toEqual([]);

    // one browser, its requests spread over both builds: each sees what the other wrote
    const mariOnAfter = sameBrowser(mariOnBefore, after);
    expect(await whoAmI(mariOnAfter)).toEqual({ status: 200, id: MARI, represented: null });
    expect((await mariOnAfter.get(`/api/context/changeRepresented/${MAASIKAS}`)).statusCode).toBe(200);
    expect(await whoAmI(mariOnBefore)).toEqual({ status: 200, id: MARI, represented: MAASIKAS });
    const kristi = await after.login('kristi');
    expect(
      (await sameBrowser(kristi, before).post('/api/customer-search/customer', { value: 'maasikas' })).json(),
    ).toMatchObject({ value: [expect.objectContaining({ id: MAASIKAS })] });
    // the build after's own use of the newest schema (the customer's version as the ETag)
    const read = await mariOnAfter.post('/api/settings/get', { value: MAASIKAS });
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toMatch(/^"\d+"$/);
    // both ready for the balancer: a database ahead of a build is ready for it
    expect([(await before.client().get('/ready')).statusCode, (await after.client().get('/ready')).statusCode]).toEqual(
      [200, 200],
    );
  });

  it('a process of the build before started now refuses in one line, naming the migration and what to do', async () => {
    const p = await startPortal('before, restarted', tmp, {
      DATABASE_URL: url,
      DATA_DIR: path.join(tmp, 'data'),
      MIGRATE_UP_TO: PREVIOUS,
    });
    const code = await new Promise((resolve) => p.child.once('exit', resolve));
    expect(code).toBe(1);
    const refusals = p.log.split('\n').filter((l) => l.includes('cannot start'));
    expect(refusals).toEqual([
      expect.stringContaining(
        `schema is newer than this build: migration ${NEWEST} is not part of it. Deploy the build that has it, ` +
          `or, to go back to this build, run \`npm run migrate -- down ${PREVIOUS}\``,
      ),
    ]);
    expect(p.log).not.toMatch(/^\s+at /m); // no stack trace
  }, 30_000);

  it(`after \`npm run migrate -- down ${PREVIOUS}\` the build before starts and serves`, async () => {
    await stop(after); // a rollback stops the build after's processes first
    const down = await run(['npm', 'run', '-s', 'migrate', '--', 'down', PREVIOUS], { DATABASE_URL: url });
    expect(down).toMatchObject({ code: 0 });
    expect(down.out).toContain(`undone   ${NEWEST}`);
    expect((await appliedNames(before.db)).at(-1)).toBe(PREVIOUS);

    // the process that ran through the release still serves, and a new one of the build before starts
    expect(await whoAmI(mariOnBefore)).toEqual({ status: 200, id: MARI, represented: MAASIKAS });
    const again = await build(PREVIOUS);
    expect(await whoAmI(sameBrowser(mariOnBefore, again))).toEqual({ status: 200, id: MARI, represented: MAASIKAS });
    expect((await again.client().get('/ready')).statusCode).toBe(200);
    const tomas = await again.login('tomas');
    expect((await whoAmI(tomas)).status).toBe(200);
  }, 30_000);
});
