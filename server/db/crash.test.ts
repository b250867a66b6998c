/**
 * Crash consistency (issue 13): the server is killed with SIGKILL in the middle of writes (staff customer adds and
 * their demo resets, several at once, and language changes in a loop), then started again on the same database. Each
 * time the database passes its integrity check (SQLite `PRAGMA integrity_check`; PostgreSQL `amcheck` over every
 * B-tree index) and holds no half-written change: no search entry, board member or right of a customer that is not
 * there, and every customer that is there has its whole board and search entry. The sessions outlive the crash.
 *
 * Runs on the server tests' database (a fresh PostgreSQL database with TEST_DATABASE_URL, else SQLite in a
 * DATA_DIR). CRASH_RUNS (default 1) sets how many kill-and-restart rounds; `CRASH_RUNS=20` for the issue's 20 in a row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserContext } from '../../machines/lib/contract.js';
import { testDatabaseUrl } from '../env.js';
import { customerTokens } from '../routes/customer-search/search-index.js';
import { Browser, ready, startPortal, stopPortal, type PortalProcess } from '../test/processes.js';
import { emptyPostgresDatabase, isPostgres } from './dialect.js';
import { openDb, type Db } from './index.js';

// a test-only knob, like the E2E_* variables of the Playwright tests
const RUNS = Number(process.env.CRASH_RUNS ?? 1);
/** register companies that are no customers in the demo data: staff add them, the demo reset removes them */
const COMPANIES = ['11000109', '11000144', '11000121', '11000138', '12345678'];
const LANGUAGES = ['ENG', 'EST', 'RUS', 'LAV', 'LIT'];

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

/** Half-written changes: rows that belong to a customer who is not there, or a customer missing its parts. */
async function halfWritten(db: Db): Promise<string[]> {
  const out: string[] = [];
  const customers = await db.selectFrom('customers').select(['jgid', 'name', 'reg_code']).execute();
  const jgids = new Set(customers.map((c) => c.jgid));
  const tokens = await db.selectFrom('customer_search_tokens').select(['jgid', 'token']).execute();
  const board = await db.selectFrom('customer_board_members').select(['jgid', 'personal_code']).execute();
  for (const t of tokens) if (!jgids.has(t.jgid)) out.push(`search entry ${t.token} of a missing customer ${t.jgid}`);
  for (const m of board) if (!jgids.has(m.jgid)) out.push(`board member of a missing customer ${m.jgid}`);
  const rights = await db.selectFrom('rights').select(['represented_gid']).execute();
  const persons = new Set((await db.selectFrom('persons').select('fgid').execute()).map((p) => p.fgid));
  for (const r of rights)
    if (!jgids.has(r.represented_gid) && !persons.has(r.represented_gid))
      out.push(`right in a missing customer ${r.represented_gid}`);
  for (const reg of COMPANIES) {
    const rows = customers.filter((c) => c.reg_code === reg);
    if (rows.length > 1) out.push(`${rows.length} customers for ${reg}`);
    const c = rows[0];
    if (!c) continue;
    const registered = await db
      .selectFrom('registry_board_members')
      .select('personal_code')
      .where('reg_code', '=', reg)
      .execute();
    const mine = board.filter((m) => m.jgid === c.jgid).map((m) => m.personal_code);
    if (
      mine.sort().join() !==
      registered
        .map((r) => r.personal_code)
        .sort()
        .join()
    )
      out.push(`customer ${c.jgid} has board ${mine.join()} of ${registered.length} in the register`);
    const own = new Set(tokens.filter((t) => t.jgid === c.jgid).map((t) => t.token));
    const expected = customerTokens(c.name);
    if (own.size !== expected.length || !expected.every((t) => own.has(t)))
      out.push(`customer ${c.jgid} has search entry ${[...own].join()} instead of ${expected.join()}`);
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

describe('SIGKILL in the middle of writes', () => {
  it(
    `leaves a database that passes its integrity check and holds no half-written change (${RUNS} rounds)`,
    async () => {
      let confirmed: string | null = null;
      let inFlight: string | null = null;
      for (let round = 1; round <= RUNS; round++) {
        portal = await startPortal(`round ${round}`, tmp, env);
        await ready(portal);
        const base = portal.base;
        if (round === 1) {
          await kristi.login(base, 'kristi');
          await mari.login(base, 'mari');
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
        expect(done.failures, `round ${round}`).toEqual([]);
        expect(portal.child.signalCode, `round ${round}: ${portal.log}`).toBe('SIGKILL');

        const db = openLeftDb();
        try {
          expect(await integrityProblems(db), `round ${round}`).toEqual([]);
          expect(await halfWritten(db), `round ${round}`).toEqual([]);
        } finally {
          await db.destroy();
        }
      }
      expect(confirmed).not.toBeNull();
      // and one last start after the last crash: it serves the surviving session
      portal = await startPortal('after the last crash', tmp, env);
      await ready(portal);
      expect((await mari.get(`${portal.base}/api/context/getUserContext`)).status).toBe(200);
      await stopPortal(portal);
    },
    60_000 + RUNS * 45_000,
  );
});
