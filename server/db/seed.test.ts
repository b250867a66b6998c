import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../lib/clock.js';
import { verifyPassword } from '../lib/password.js';
import { hashResetKey } from '../lib/reset-keys.js';
import { openDb, type Db } from './index.js';
import { prepareDb } from './prepare.js';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const count = async (db: Db, table: 'persons' | 'rights' | 'outbox' | 'password_reset_keys') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seeding', () => {
  it('seeds an empty file database once; a second start does not reseed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'epit-seed-'));
    dirs.push(dir);
    const clock = fakeClock('2025-03-01T09:00:00Z');
    const first = openDb(dir);
    expect(await prepareDb(first, clock)).toBe(true);
    const persons = await count(first, 'persons');
    const rights = await count(first, 'rights');
    const outbox = await count(first, 'outbox');
    await first.updateTable('persons').set({ first_name: 'Changed' }).where('key', '=', 'mari').execute();
    await first.destroy();

    clock.advance(86_400_000);
    const second = openDb(dir);
    dbs.push(second);
    expect(await prepareDb(second, clock)).toBe(false);
    expect(await count(second, 'persons')).toBe(persons);
    expect(await count(second, 'rights')).toBe(rights);
    expect(await count(second, 'outbox')).toBe(outbox);
    const mari = await second
      .selectFrom('persons')
      .select('first_name')
      .where('key', '=', 'mari')
      .executeTakeFirstOrThrow();
    expect(mari.first_name).toBe('Changed');
  });

  it('stores people, logins, own person rights (not for staff), register and invites', async () => {
    const clock = fakeClock('2025-03-01T09:00:00Z');
    const db = openDb(null);
    dbs.push(db);
    await prepareDb(db, clock);

    expect(await count(db, 'persons')).toBe(16); // 13 demo people + eeva (EC signer) + endel + aino (ZZ)
    const mari = await db.selectFrom('persons').selectAll().where('username', '=', 'mari').executeTakeFirstOrThrow();
    expect(mari.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Maasikas1', mari.password_hash)).toBe(true);
    expect(await verifyPassword('maasikas1', mari.password_hash)).toBe(false);

    const own = await db
      .selectFrom('rights')
      .select('person_fgid')
      .whereRef('person_fgid', '=', 'represented_gid')
      .execute();
    expect(own.map((r) => r.person_fgid)).not.toContain('EE49004170227'); // kristi is staff
    expect(own).toHaveLength(14); // 16 people minus 2 staff

    const registry = await db
      .selectFrom('registry_companies')
      .selectAll()
      .where('reg_code', '=', '12345678')
      .executeTakeFirstOrThrow();
    expect(registry).toMatchObject({ name: 'Digiviga OÜ', digidoc_fails: 1, active: 1 });
    const board = await db
      .selectFrom('registry_board_members')
      .select('personal_code')
      .where('reg_code', '=', '11000109')
      .execute();
    expect(board).toHaveLength(6);

    const key = await db.selectFrom('password_reset_keys').selectAll().executeTakeFirstOrThrow();
    expect(key).toMatchObject({
      person_fgid: 'EE39912310010',
      customer_gid: 'EPEE11000015',
      invited_by: 'EE48709050218',
      used_at: null,
    });
    expect(new Date(key.expires_at).getTime() - new Date(key.created_at).getTime()).toBe(24 * 3_600_000);
    const mail = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('uku.uus@example.ee');
    // the link carries the key; the table only its hash (server/lib/reset-keys.ts)
    const linked = /\/ui\/user-add\/edit\/([\w-]+)/.exec(mail.body)?.[1] ?? '';
    expect(hashResetKey(linked)).toBe(key.key_hash);

    const status = await db.selectFrom('application_status').selectAll().execute();
    expect(status.map((s) => [s.application, s.dead])).toEqual([
      ['AXAPTA', 0],
      ['OSS', 0],
      ['PERIODICALS', 0],
      ['FINANCE', 0],
    ]);
  });
});
