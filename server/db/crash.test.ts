/**
 * Crash consistency: the server is killed with SIGKILL in the middle of writes (staff customer adds and
 * their demo resets, several at once, a main administrator's rights saves, and language changes in a loop), then
 * started again on the same database. Each time the database passes its integrity check (SQLite
 * `PRAGMA integrity_check`; PostgreSQL `amcheck` over every B-tree index) and holds no half-written change: no search
 * entry, board member or right of a customer that is not there, every customer that is there has its whole board and
 * search entry, and the saved person holds exactly one right per application, the last answered save's or the one the
 * crash cut off. No answered change is lost: the sessions, the language and the rights outlive the crash.
 *
 * Runs on the server tests' database (a fresh PostgreSQL database with TEST_DATABASE_URL, else SQLite in a
 * DATA_DIR). CRASH_RUNS (default 1) sets how many kill-and-restart rounds; `CRASH_RUNS=20` for 20 in a row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserContext } from '../../domain/contract.js';
import { testDatabaseUrl } from '../env.js';
import { halfWritten } from '../test/integrity.js';
import { Browser, ready, startPortal, stopPortal, type PortalProcess } from '../test/processes.js';
import { emptyPostgresDatabase, isPostgres } from './dialect.js';
import { openDb, type Db } from './index.js';

// a test-only knob, like the E2E_* variables of the Playwright tests
const RUNS = Number(process.env.CRASH_RUNS ?? 1);
/** register companies that are no customers in the demo data: staff add them, the demo reset removes them */
const COMPANIES = ['11000109', '11000144', '11000121', '11000138', '12345678'];
const LANGUAGES = ['ENG', 'EST', 'RUS', 'LAV', 'LIT'];
/** mari, main administrator of Maasikas OÜ, saves jaan's roles there over and over (user/role/edit) */
const MAASIKAS = 'EPEE11000015';
const JAAN = 'EE37503124229';
/** [OSS role, PERIODICALS role] of each save in turn: each replaces jaan's right in both applications */
const ROLE_SAVES: [number, number][] = [
  [101, 111],
  [102, 112],
  [103, 111],
  [102, 111],
  [101, 112],
];
const OSS_CATEGORY: Record<number, string> = { 101: 'MANAGEMENT', 102: 'OPERATIONS', 103: 'OPERATIONS' };
const PERIODICALS_CATEGORY: Record<number, string> = { 111: 'PUBLISHING', 112: 'SUBSCRIPTIONS' };
const roleSave = ([oss, periodicals]: [number, number]) => ({
  userId: JAAN,
  userCode: JAAN.slice(2),
  country: 'EE',
  domain: 'EE',
  firstName: 'Jaan',
  lastName: 'Tamm',
  customerId: MAASIKAS,
  admin: false,
  email: 'jaan@example.ee',
  roles: {
    OSS: { validity: 'UNLIMITED', categoryId: OSS_CATEGORY[oss], roleId: oss, begin: null, end: null },
    PERIODICALS: {
      validity: 'UNLIMITED',
      categoryId: PERIODICALS_CATEGORY[periodicals],
      roleId: periodicals,
      begin: null,
      end: null,
    },
  },
});

let tmp: string;
let env: Record<string, string>;
let databaseUrl: string | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let portal: PortalProcess | null = null;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'epit-crash-'));
  const server = testDatabaseUrl();
  if (server) {
    const database = await emptyPostgresDatabase(server);
    databaseUrl = database.url;
    dropDatabase = () => database.drop();
  }
  env = { DATABASE_URL: databaseUrl ?? '', DATA_DIR: path.join(tmp, 'data') };
});

afterAll(async () => {
  if (portal) await stopPortal(portal, 'SIGKILL');
  await dropDatabase?.();
  rmSync(tmp, { recursive: true, force: true });
}, 30_000);

/** The database as the dead server left it (SQLite replays its write-ahead log on open). */
const openLeftDb = (): Db => openDb(databaseUrl ? null : env.DATA_DIR, databaseUrl);

async function integrityProblems(db: Db): Promise<string[]> {
  if (!isPostgres(db)) {
    const rows = (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows;
    return rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
  }
  await sql`create extension if not exists amcheck`.execute(db);
  // bt_index_check raises an error on a corrupt index; heapallindexed also checks every row has its index entry
  const indexes = await sql<{ name: string }>`
    select c.relname as name from pg_index i
    join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
    where am.amname = 'btree' and c.relnamespace = 'public'::regnamespace`.execute(db);
  const problems: string[] = [];
  for (const { name } of indexes.rows) {
    try {
      await sql`select bt_index_check(${name}::regclass, true)`.execute(db);
    } catch (err) {
      problems.push(`${name}: ${(err as Error).message}`);
    }
  }
  return problems;
}

/**
 * Jaan's rights at Maasikas against the rights saves: one right per application (a save deletes and inserts in one
 * transaction per application), with the role of the last answered save or of the one in flight at the kill. Before
 * the first answered save, PERIODICALS may have none yet (jaan has none there in the demo data).
 */
async function lostOrHalfSaved(
  db: Db,
  saves: { confirmed: [number, number] | null; inFlight: [number, number] | null },
): Promise<string[]> {
  const out: string[] = [];
  const rows = await db
    .selectFrom('rights')
    .select(['application', 'role_id'])
    .where('person_fgid', '=', JAAN)
    .where('represented_gid', '=', MAASIKAS)
    .where('application', 'in', ['OSS', 'PERIODICALS'])
    .execute();
  for (const [index, application] of (['OSS', 'PERIODICALS'] as const).entries()) {
    const roles = rows.filter((r) => r.application === application).map((r) => r.role_id);
    const expected = [saves.confirmed, saves.inFlight].flatMap((s) => (s ? [s[index]] : []));
    if (roles.length > 1) out.push(`jaan has ${roles.length} ${application} rights at Maasikas: ${roles.join()}`);
    else if (roles.length === 0 && (saves.confirmed || application === 'OSS'))
      out.push(`jaan has lost his ${application} right at Maasikas`);
    else if (saves.confirmed && (roles[0] === null || !expected.includes(roles[0])))
      out.push(`jaan's ${application} role at Maasikas is ${roles[0]}, not one of ${expected.join()}`);
  }
  return out;
}

/**
 * Writes in a loop until the server stops answering; counts the answered ones. Answers with an error status while
 * the server is alive are recorded in `failures` (fetch itself fails only once the server is gone).
 */
async function writeLoop(step: (i: number) => Promise<unknown>, done: { n: number; failures: string[] }) {
  for (let i = 0; ; i++) {
    try {
      await step(i);
      done.n++;
    } catch (err) {
      if (!(err instanceof TypeError)) done.failures.push((err as Error).message);
      return;
    }
  }
}

const kristi = new Browser();
const mari = new Browser();
/** mari again, in a second browser: her rights saves run beside her language changes */
const mariAdmin = new Browser();

describe('SIGKILL in the middle of writes', () => {
  it(
    `leaves a database that passes its integrity check and holds no half-written change (${RUNS} rounds)`,
    async () => {
      let confirmed: string | null = null;
      let inFlight: string | null = null;
      const saves: { confirmed: [number, number] | null; inFlight: [number, number] | null } = {
        confirmed: null,
        inFlight: null,
      };
      let saveNumber = 0;
      for (let round = 1; round <= RUNS; round++) {
        portal = await startPortal(`round ${round}`, tmp, env);
        await ready(portal);
        const base = portal.base;
        if (round === 1) {
          await kristi.login(base, 'kristi');
          await mari.login(base, 'mari');
          await mariAdmin.login(base, 'mari');
        } else {
          // the sessions outlived the crash: the same cookies are still signed in, in the language last answered
          // (or the one whose answer the crash cut off: committed, or not at all)
          const ctx = await mari.get(`${base}/api/context/getUserContext`);
          expect(ctx.status, `round ${round}`).toBe(200);
          const language = UserContext.parse(JSON.parse(ctx.text)).language.toUpperCase();
          expect([confirmed, inFlight], `round ${round}`).toContain(language);
        }
        const done = { n: 0, failures: [] as string[] };
        const post = async (b: Browser, url: string, body: unknown) => {
          const res = await b.post(`${base}${url}`, body);
          if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.text}`);
          return res;
        };
        const loops = [
          // three staff members' worth of customer adds and resets, interleaved over the same companies
          ...[0, 1, 2].map((offset) =>
            writeLoop(async (i) => {
              const regCode = COMPANIES[(i + offset) % COMPANIES.length];
              await post(kristi, '/api/customer-add/create-customer', { value: regCode });
              await post(kristi, '/sim/api/registry/reset', { regCode });
            }, done),
          ),
          writeLoop(async () => {
            const save = ROLE_SAVES[saveNumber++ % ROLE_SAVES.length];
            saves.inFlight = save;
            const res = await post(mariAdmin, '/api/user/role/edit', roleSave(save));
            // every application saved (a failed one would be named in the answer)
            if (res.text !== '{"value":[]}') throw new Error(`user/role/edit answered ${res.text}`);
            saves.confirmed = save;
          }, done),
          writeLoop(async (i) => {
            inFlight = LANGUAGES[i % LANGUAGES.length];
            await post(mari, '/api/context/changeLanguage', { value: inFlight });
            confirmed = inFlight;
          }, done),
        ];
        // kill once the writes are well under way, at a moment that differs from round to round
        const killAfter = 10 + Math.floor(Math.random() * 30);
        while (done.n < killAfter && !done.failures.length && portal.child.exitCode === null)
          await new Promise((r) => setTimeout(r, 5));
        await stopPortal(portal, 'SIGKILL');
        await Promise.all(loops);
        // a failure names the server's own error lines (a 500 says no more)
        const errors = portal.log.split('\n').filter((l) => /"level":50|error/i.test(l));
        expect(done.failures, `round ${round}: ${errors.slice(-5).join('\n')}`).toEqual([]);
        expect(portal.child.signalCode, `round ${round}: ${portal.log}`).toBe('SIGKILL');

        const db = openLeftDb();
        try {
          expect(await integrityProblems(db), `round ${round}`).toEqual([]);
          expect(await halfWritten(db, COMPANIES), `round ${round}`).toEqual([]);
          expect(await lostOrHalfSaved(db, saves), `round ${round}`).toEqual([]);
        } finally {
          await db.destroy();
        }
      }
      expect(confirmed).not.toBeNull();
      expect(saves.confirmed).not.toBeNull();
      // and one last start after the last crash: it serves the surviving session
      portal = await startPortal('after the last crash', tmp, env);
      await ready(portal);
      expect((await mari.get(`${portal.base}/api/context/getUserContext`)).status).toBe(200);
      await stopPortal(portal);
    },
    60_000 + RUNS * 45_000,
  );
});
