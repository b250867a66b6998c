/**
 * Password-reset and invitation keys (spec 2 §2 "Account creation", §9 "Reset link validity 24 hours").
 * - A key is random (192 bits) and handed out once, in the e-mail link; the database keeps only its SHA-256, so a
 *   copy of the table opens no account. (A fast hash is enough: the key is random, not a person's password.)
 * - `resolveResetKey` answers null for an unknown key, one past its expiry on the server's clock, or one already used.
 * - `consumeResetKey` marks it used in one conditional UPDATE, so two tabs racing with the same link cannot both win.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/index.js';
import type { Clock } from './clock.js';
import { randomToken } from './random.js';

export const RESET_KEY_HOURS = 24;

/** What a stored key stands for. */
export interface ResetKey {
  keyHash: string;
  fgid: string;
  /** the customer an invitation is for (null for a plain password reset) */
  customerGid: string | null;
  /** fgid of the person who sent it */
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

/** The stored form of a key: lower-case hex SHA-256 of the key's text. */
export const hashResetKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A raw key as it can appear in a link: base64url, 16 to 100 characters. Anything else resolves to nothing. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,100}$/;

/**
 * A new single-use key valid RESET_KEY_HOURS from now; returns the raw key (put it in the link, never store it).
 * Used by the demo seed (invitations) and user settings' "Send password reset link".
 */
export async function createPasswordResetKey(
  db: Db,
  clock: Clock,
  fgid: string,
  opts: { customerGid?: string | null; invitedBy?: string | null } = {},
): Promise<string> {
  const key = randomToken(24);
  const now = clock.now();
  await db
    .insertInto('password_reset_keys')
    .values({
      key_hash: hashResetKey(key),
      person_fgid: fgid,
      customer_gid: opts.customerGid ?? null,
      invited_by: opts.invitedBy ?? null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_KEY_HOURS * 3_600_000).toISOString(),
      used_at: null,
    })
    .execute();
  return key;
}

/** The key's meaning while it is usable: known, not expired on `clock`, not used; else null. */
export async function resolveResetKey(db: Db, clock: Clock, key: string): Promise<ResetKey | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const row = await db
    .selectFrom('password_reset_keys')
    .selectAll()
    .where('key_hash', '=', hashResetKey(key))
    .executeTakeFirst();
  if (!row || row.used_at !== null) return null;
  if (clock.now().getTime() >= new Date(row.expires_at).getTime()) return null;
  return {
    keyHash: row.key_hash,
    fgid: row.person_fgid,
    customerGid: row.customer_gid,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Marks the key used, if it still is usable; true when this call used it. Run it in the same transaction as the
 * change the key allows, so a failed change leaves the key usable and a second use changes nothing.
 */
export async function consumeResetKey(db: Db, clock: Clock, key: string): Promise<boolean> {
  if (!KEY_SHAPE.test(key)) return false;
  const now = clock.now().toISOString();
  const res = await db
    .updateTable('password_reset_keys')
    .set({ used_at: now })
    .where('key_hash', '=', hashResetKey(key))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
