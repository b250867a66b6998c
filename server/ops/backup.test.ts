/**
 * `npm run backup` and `npm run restore` (tools/backup/main.ts, server/ops/backup.ts) on a running portal: a backup
 * taken while three clients write rights and settings through the API, restored into a fresh database, where a
 * portal finds every person, right and customer setting of one consistent moment. On SQLite (a DATA_DIR) in
 * test:unit, on PostgreSQL (pg_dump, pg_restore into a second database of the cluster) in test:server:pg.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPersonalCode } from '../../domain/fields/personal-code.js';
import { EnterpriseUsersAnswer, RepresentedCustomer } from '../../domain/represented-settings/contract.js';
import { emptyPostgresDatabase } from '../db/dialect.js';
import { migrate, openDb, type Db } from '../db/index.js';
import { migrations } from '../db/migrations/index.js';
import { testDatabaseUrl } from '../env.js';
import { addDays, isoDay, isoToDmy } from '../lib/dates.js';
import { makeTestApp, type Client } from '../test/helpers.js';
import { BackupError, checkMigrations, restore, type Target } from './backup.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAASIKAS = 'EPEE11000015';
const pgServer = testDatabaseUrl();

let tmp: string;
const drops: (() => Promise<void>)[] = [];
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'epit-backup-'));
});
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(tmp, { recursive: true, force: true });
}, 30_000);

/** A fresh target: an empty DATA_DIR, or (on PostgreSQL) also an empty database of its own. */
async function freshTarget(name: string): Promise<Target> {
  const dataDir = path.join(tmp, name);
  if (!pgServer) return { dataDir, databaseUrl: null };
  const database = await emptyPostgresDatabase(pgServer);
  drops.push(() => database.drop());
  return { dataDir, databaseUrl: database.url };
}
const open = (t: Target): Db => (t.databaseUrl ? openDb(null, t.databaseUrl, 2) : openDb(t.dataDir));

/** `npm run backup|restore -- <file>` as an operator runs it, with the target's DATA_DIR and DATABASE_URL. */
function cli(command: 'backup' | 'restore', file: string, t: Target): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tools/backup/main.ts', command, file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** The n-th valid Estonian personal code of a writer (`prefix` 3 or 4: a man or a woman born 1.1.1990). */
function code(prefix: string, n: number): string {
  const base = `${prefix}900101${String(n).padStart(3, '0')}`;
  for (let c = 0; c <= 9; c++) if (isValidPersonalCode('EE', `${base}${c}`)) return `${base}${c}`;
  throw new Error(`no check digit for ${base}`);
}

/**
 * A client that keeps writing, a write every 50 ms or so (a light load, which leaves the backup's process the CPU it
 * needs to start), until stopped; `done` counts the writes the portal answered 200, `answered` when each was.
 */
function writer(write: (n: number) => Promise<{ statusCode: number; body: string }>) {
  const w = { done: 0, answered: [] as number[], stop: false, finished: Promise.resolve() };
  w.finished = (async () => {
    while (!w.stop) {
      const res = await write(w.done + 1);
      if (res.statusCode !== 200) throw new Error(`write ${w.done + 1} answered ${res.statusCode}: ${res.body}`);
      w.answered.push(Date.now());
      w.done++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return w;
}

const rights = (c: Client, prefix: string, n: number, day: (offset: number) => string) =>
  c.post('/api/user/role/add', {
    userId: `EE${code(prefix, n)}`,
    userCode: code(prefix, n),
    country: 'EE',
    domain: 'EE',
    language: 'ET',
    firstName: 'Varu',
    lastName: `Koopia${prefix}${n}`,
    customerId: MAASIKAS,
    admin: false,
    email: `varu${prefix}${n}@example.ee`,
    roles: {
      OSS: { validity: 'LIMITED', categoryId: 'OPERATIONS', roleId: 102, begin: day(0), end: day(30) },
      PERIODICALS: { validity: 'UNLIMITED', categoryId: null, roleId: null, begin: null, end: null },
    },
  });
const phoneOf = (n: number) => `+372 5555 ${1000 + n}`;

/** Every row of `table`, each as JSON, sorted: two databases of one dialect hold the same rows when these are equal. */
async function rowsOf(db: Db, table: 'persons' | 'rights' | 'customers'): Promise<Map<string, string>> {
  const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
  const key = (r: Record<string, unknown>) =>
    table === 'persons' ? String(r.fgid) : table === 'customers' ? String(r.jgid) : String(r.id);
  return new Map(rows.map((r) => [key(r), JSON.stringify(r)]));
}

describe('npm run backup and npm run restore', () => {
  it('back up a portal while clients write, restore into a fresh database, and a portal there finds every person, right and setting', async () => {
    const source = await freshTarget('source');
    const sourceDb = open(source);
    if (source.databaseUrl) await migrate(sourceDb);
    const portal = await makeTestApp({ db: sourceDb });
    const day = (offset: number) => isoToDmy(isoDay(addDays(portal.clock.now(), offset)))!;
    const [mariA, mariB, mariC] = [await portal.login('mari'), await portal.login('mari'), await portal.login('mari')];
    const customer = RepresentedCustomer.parse((await mariC.post('/api/settings/get', { value: MAASIKAS })).json());
    const settingsBody = {
      id: customer.id,
      name: customer.name,
      permissionNoCheckPersonalCode: customer.permissionNoCheckPersonalCode,
      email: customer.email ?? '',
      homepage: customer.homepage,
      eShop: customer.eShop,
    };
    // two clients add people with rights, one saves the customer's phone, over and over
    const writers = {
      3: writer((n) => rights(mariA, '3', n, day)),
      4: writer((n) => rights(mariB, '4', n, day)),
      phone: writer((n) => mariC.post('/api/settings', { ...settingsBody, phone: phoneOf(n) })),
    };
    const all = Object.values(writers);
    while (all.some((w) => w.done < 2)) await new Promise((r) => setTimeout(r, 20));

    const file = path.join(tmp, 'portal.backup');
    const spawned = Date.now();
    const saved = await cli('backup', file, source);
    for (const w of all) w.stop = true;
    await Promise.all(all.map((w) => w.finished));
    const line = new RegExp(
      `saved to ${file}: [\\d.]+ MB, schema at migration ${migrations.at(-1)!.name}, every change before (\\S+Z), [\\d.]+ s`,
    ).exec(saved.out);
    expect(line, saved.out).not.toBeNull();
    expect(saved.code).toBe(0);
    // the writes answered before the copy began: each of them must be in the backup
    const holdsBefore = Date.parse(line![1]);
    const answeredBefore = (w: (typeof all)[number]) => w.answered.filter((t) => t < holdsBefore).length;
    const before = {
      3: answeredBefore(writers[3]),
      4: answeredBefore(writers[4]),
      phone: answeredBefore(writers.phone),
    };
    // the load went on while the backup command ran (writes answered between its start and its copy)
    expect(all.some((w) => w.answered.some((t) => t > spawned && t < holdsBefore))).toBe(true);
    expect(readdirSync(tmp).filter((f) => f.includes('partial'))).toEqual([]);

    const target = await freshTarget('restored');
    const restored = await cli('restore', file, target);
    expect(restored.out).toMatch(/restored into .*: schema at migration \S+, [\d.]+ s/);
    expect(restored.code).toBe(0);
    // a second restore into the same target is refused (the command prints the one line) and changes nothing
    await expect(restore(target, file)).rejects.toThrow(
      source.databaseUrl ? /is not empty \(\d+ tables/ : /already holds a portal database \(portal.sqlite\)/,
    );

    // one consistent moment: each writer's writes up to some k, with every one answered before the copy began
    const restoredDb = open(target);
    const [S, R] = [sourceDb, restoredDb];
    const found = { 3: 0, 4: 0 };
    for (const prefix of ['3', '4'] as const) {
      const ours = (
        await R.selectFrom('persons').select('last_name').where('last_name', 'like', `Koopia${prefix}%`).execute()
      )
        .map((p) => Number(p.last_name.slice(`Koopia${prefix}`.length)))
        .sort((a, b) => a - b);
      found[prefix] = ours.length;
      expect(ours).toEqual(Array.from({ length: ours.length }, (_, i) => i + 1));
      expect(ours.length).toBeGreaterThanOrEqual(before[prefix]);
    }
    const phoneNow = (await R.selectFrom('customers').select('phone').where('jgid', '=', MAASIKAS).executeTakeFirst())
      ?.phone;
    const phoneWrite = Number(phoneNow?.replace(/\D/g, '').slice(-4)) - 1000;
    expect(phoneNow).toBe(phoneOf(phoneWrite));
    expect(phoneWrite).toBeGreaterThanOrEqual(before.phone);

    // row for row: the source now, less what was written after that moment
    const later = new Set<string>();
    for (const prefix of ['3', '4'] as const)
      for (let n = found[prefix] + 1; n <= writers[prefix].done; n++) later.add(`EE${code(prefix, n)}`);
    const persons = await rowsOf(S, 'persons');
    for (const fgid of later) persons.delete(fgid);
    expect(await rowsOf(R, 'persons')).toEqual(persons);
    const rightsRows = await rowsOf(S, 'rights');
    for (const [id, row] of rightsRows)
      if (later.has((JSON.parse(row) as { person_fgid: string }).person_fgid)) rightsRows.delete(id);
    expect(await rowsOf(R, 'rights')).toEqual(rightsRows);
    expect(rightsRows.size).toBeGreaterThan(found[3] + found[4]);
    const customers = await rowsOf(S, 'customers');
    const restoredCustomers = await rowsOf(R, 'customers');
    const maasikas = (m: Map<string, string>) => {
      const { phone, version, ...rest } = JSON.parse(m.get(MAASIKAS)!) as Record<string, unknown>;
      m.delete(MAASIKAS);
      return { phone, version, rest };
    };
    const [was, is] = [maasikas(customers), maasikas(restoredCustomers)];
    expect(restoredCustomers).toEqual(customers);
    expect(is.rest).toEqual(was.rest);
    await portal.close();

    // a portal on the restored database: it finds the database ready, serves what was saved and takes new writes
    const after = await makeTestApp({ db: restoredDb });
    try {
      const mari = await after.login('mari');
      const oss = EnterpriseUsersAnswer.parse(
        (await mari.get(`/api/enterprise/users/clientapp/OSS/${MAASIKAS}`)).json(),
      ).list.map((u) => u.userId);
      for (const prefix of ['3', '4'] as const)
        for (let n = 1; n <= found[prefix]; n++) expect(oss).toContain(`EE${code(prefix, n)}`);
      expect(oss.filter((id) => later.has(id))).toEqual([]);
      const settings = RepresentedCustomer.parse((await mari.post('/api/settings/get', { value: MAASIKAS })).json());
      expect(settings.phone).toBe(phoneNow);
      expect((await rights(mari, '3', found[3] + 1, day)).statusCode).toBe(200);
    } finally {
      await after.close();
    }
  }, 90_000);

  it('refuses a backup whose schema is newer than this build, and takes an older one for the next start to migrate', async () => {
    // pure rules first: the schema's migrations against this build's
    const names = migrations.map((m) => m.name);
    expect(checkMigrations(names)).toEqual({ migration: names.at(-1), pending: [] });
    expect(checkMigrations(names.slice(0, -2))).toEqual({ migration: names.at(-3), pending: names.slice(-2) });
    expect(() => checkMigrations([...names, '9999_from_the_future'])).toThrow(
      /newer than this build: it has migration 9999_from_the_future.*npm run migrate -- down/,
    );
    expect(() => checkMigrations(names.filter((n) => n !== names[3]))).toThrow(BackupError);

    // a SQLite file as `npm run backup` writes it, with a migration this build does not know
    const dir = path.join(tmp, 'newer');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'future.backup');
    const db = openDb(dir);
    await migrate(db);
    await db.destroy();
    const raw = new SQLite(path.join(dir, 'portal.sqlite'));
    raw.pragma('journal_mode = DELETE');
    raw.prepare("insert into kysely_migration (name, timestamp) values ('9999_from_the_future', 'x')").run();
    raw.close();
    copyFileSync(path.join(dir, 'portal.sqlite'), file);
    const into = { dataDir: path.join(tmp, 'newer-into'), databaseUrl: null };
    await expect(restore(into, file)).rejects.toThrow(/9999_from_the_future/);
    expect(existsSync(path.join(into.dataDir, 'portal.sqlite'))).toBe(false);
    // not a backup at all
    await expect(restore(into, path.join(root, 'package.json'))).rejects.toThrow(/is not a portal backup/);
  });
});
