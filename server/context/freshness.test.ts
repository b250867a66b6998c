/**
 * The user context reuses the rows it read while the database is unchanged (server/db/prepared.ts reuse),
 * and a rights change must still show in the very next context: whether this process wrote it (a route, a raw SQL
 * statement) or another connection to the same file did (another process, a tool).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserContext } from '../../domain/contract.js';
import { isPostgres } from '../db/dialect.js';
import { openDb } from '../db/index.js';
import { prepared } from '../db/prepared.js';
import { prepareDb } from '../db/prepare.js';
import { fakeClock } from '../lib/clock.js';
import { makeTestApp, type Client, type TestApp } from '../test/helpers.js';

const rightsOf = async (c: Client) => {
  const res = await c.get('/api/context/getUserContext');
  expect(res.statusCode).toBe(200);
  return UserContext.parse(res.json()).epitPrincipal!.representationRightsCache;
};

describe('the user context after a change', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it('shows a right added, ended and removed by this process at the next call', async () => {
    t = await makeTestApp({ now: '2025-03-01T09:00:00.000Z' });
    const mari = await t.login('mari');
    const before = await rightsOf(mari);
    expect(await rightsOf(mari)).toEqual(before); // read twice unchanged: the second from the kept rows
    expect(before.EPEE11000049).toBeUndefined();

    await t.db
      .insertInto('rights')
      .values({
        person_fgid: 'EE48709050218',
        represented_gid: 'EPEE11000049',
        application: 'OSS',
        role_id: 101,
        begin_date: '2025-01-01',
        end_date: null,
        not_active: 0,
      })
      .execute();
    expect((await rightsOf(mari)).EPEE11000049?.userRoleList).toEqual([
      { application: 'OSS', roleId: 101, begin: '01.01.2025', end: null, notActive: false },
    ]);

    await sql`update rights set end_date = '2025-02-01' where represented_gid = 'EPEE11000049'`.execute(t.db);
    expect((await rightsOf(mari)).EPEE11000049?.userRoleList[0].end).toBe('01.02.2025');

    await t.db.deleteFrom('rights').where('represented_gid', '=', 'EPEE11000049').execute();
    expect((await rightsOf(mari)).EPEE11000049).toBeUndefined();
    // a customer renamed: the party's name follows
    await t.db
      .updateTable('customers')
      .set({ name: 'Maasikas ja Pojad OÜ' })
      .where('jgid', '=', 'EPEE11000015')
      .execute();
    expect((await rightsOf(mari)).EPEE11000015.name).toBe('Maasikas ja Pojad OÜ');
  });

  it('answers the JSON text of its context, the same text while nothing changed and a new one after a change', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const first = await mari.get('/api/context/getUserContext');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // the cached text is exactly what JSON.stringify writes for the object
    expect(first.body).toBe(JSON.stringify(first.json()));
    const again = await mari.get('/api/context/getUserContext');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-length']).toBe(first.headers['content-length']);

    expect((await mari.post('/api/context/changeLanguage', { value: 'ENG' })).statusCode).toBe(200);
    const changed = await mari.get('/api/context/getUserContext');
    expect(UserContext.parse(changed.json()).language).toBe('ENG');
    expect(changed.body).toBe(first.body.replace('"language":"EST"', '"language":"ENG"'));
  });

  it("compresses an unchanged context once for a browser's Accept-Encoding, and a changed one anew", async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const plain = (await mari.get('/api/context/getUserContext')).body;
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await mari.get('/api/context/getUserContext', browser));
      for (const a of answers) {
        expect(a.headers['content-encoding']).toBe('br');
        expect(a.headers.vary).toBe('accept-encoding');
        expect(Number(a.headers['content-length'])).toBe(a.rawPayload.length);
        expect(zlib.brotliDecompressSync(a.rawPayload).toString()).toBe(plain);
      }
      // on SQLite the unchanged context is kept, and so its compressed bytes; PostgreSQL assembles it at every call
      const compressions = isPostgres(t.db) ? answers.length : 1;
      expect(brotli).toHaveBeenCalledTimes(compressions);
      // gzip for a client without brotli, kept as well
      const gzipped = [await mari.get('/api/context/getUserContext', { 'accept-encoding': 'gzip' })];
      gzipped.push(await mari.get('/api/context/getUserContext', { 'accept-encoding': 'gzip' }));
      for (const g of gzipped) expect(zlib.gunzipSync(g.rawPayload).toString()).toBe(plain);
      expect(gzipped[1].rawPayload).toEqual(gzipped[0].rawPayload);

      expect((await mari.post('/api/context/changeLanguage', { value: 'ENG' })).statusCode).toBe(200);
      const changed = await mari.get('/api/context/getUserContext', browser);
      expect(zlib.brotliDecompressSync(changed.rawPayload).toString()).toBe(
        plain.replace('"language":"EST"', '"language":"ENG"'),
      );
      expect(brotli).toHaveBeenCalledTimes(compressions + 1);
    } finally {
      brotli.mockRestore();
    }
  });

  it('ends at once with a session ended elsewhere', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
    await t.db.deleteFrom('sessions').execute();
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
  });
});

describe('kept rows and another connection', () => {
  it('reads again after another connection to the same file committed a change', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'epit-fresh-'));
    const db = openDb(dir);
    try {
      await prepareDb(db, fakeClock());
      const metaValue = prepared((d, key: string) => d.selectFrom('meta').select('value').where('key', '=', key), {
        reuse: true,
      });
      await db.insertInto('meta').values({ key: 'fresh-test', value: 'one' }).execute();
      const first = await metaValue(db, 'fresh-test');
      expect(first).toEqual([{ value: 'one' }]);
      expect(await metaValue(db, 'fresh-test')).toBe(first); // unchanged: the same kept rows

      const other = new SQLite(path.join(dir, 'portal.sqlite'));
      other.prepare("update meta set value = 'two' where key = 'fresh-test'").run();
      other.close();
      // the other connection's commit is looked for once per turn of the event loop
      await new Promise((resolve) => setImmediate(resolve));
      expect(await metaValue(db, 'fresh-test')).toEqual([{ value: 'two' }]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
