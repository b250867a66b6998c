import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/index.js';
import { prepareDb } from '../db/prepare.js';
import { fakeClock } from './clock.js';
import { consumeResetKey, createPasswordResetKey, hashResetKey, resolveResetKey } from './reset-keys.js';

const MARI = 'EE48709050218';
let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

async function setup() {
  const clock = fakeClock('2026-01-10T10:00:00Z');
  db = openDb(null);
  await prepareDb(db, clock);
  return { db, clock };
}

describe('password-reset keys', () => {
  it('are random, stored only as their hash, and resolve to the person', async () => {
    const { db, clock } = await setup();
    const a = await createPasswordResetKey(db, clock, MARI, { invitedBy: 'EE47101010033' });
    const b = await createPasswordResetKey(db, clock, MARI);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\w-]{32}$/);
    const stored = await db.selectFrom('password_reset_keys').select('key_hash').execute();
    expect(stored.map((r) => r.key_hash)).not.toContain(a);
    expect(stored.map((r) => r.key_hash)).toContain(hashResetKey(a));
    expect(await resolveResetKey(db, clock, a)).toMatchObject({ fgid: MARI, invitedBy: 'EE47101010033' });
    // the hash itself is no key
    expect(await resolveResetKey(db, clock, hashResetKey(a))).toBeNull();
    expect(await resolveResetKey(db, clock, 'no-such-key-0000000000')).toBeNull();
  });

  it('expire after 24 hours on the server clock', async () => {
    const { db, clock } = await setup();
    const key = await createPasswordResetKey(db, clock, MARI);
    clock.advance(24 * 3_600_000 - 1000);
    expect(await resolveResetKey(db, clock, key)).not.toBeNull();
    clock.advance(1000);
    expect(await resolveResetKey(db, clock, key)).toBeNull();
    expect(await consumeResetKey(db, clock, key)).toBe(false);
  });

  it('are single-use: the second consume fails and the key no longer resolves', async () => {
    const { db, clock } = await setup();
    const key = await createPasswordResetKey(db, clock, MARI);
    expect(await consumeResetKey(db, clock, key)).toBe(true);
    expect(await consumeResetKey(db, clock, key)).toBe(false);
    expect(await resolveResetKey(db, clock, key)).toBeNull();
  });
});
