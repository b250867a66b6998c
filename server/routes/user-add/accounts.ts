/**
 * Shared by user-reset-password/* and user-add/*: who a key or a session stands for, and the credential rules
 * (spec 2 §5 username and password, the password tab's rules from domain/user-settings).
 */
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { PasswordRule, UsernameRule } from '../../../domain/user-settings/fields.js';
import type { Db } from '../../db/index.js';
import type { PersonsTable } from '../../db/schema.js';
import { badInput } from '../../lib/errors.js';
import { resolveResetKey, type ResetKey } from '../../lib/reset-keys.js';
import { findSession } from '../../lib/session.js';

export type Person = Selectable<PersonsTable>;

export async function personByFgid(db: Db, fgid: string): Promise<Person | null> {
  return (await db.selectFrom('persons').selectAll().where('fgid', '=', fgid).executeTakeFirst()) ?? null;
}

/** The person a usable key stands for (null: unknown, expired, used, or the person is gone or not active). */
export async function personByKey(req: FastifyRequest, key: string): Promise<{ person: Person; key: ResetKey } | null> {
  const { db, clock } = req.server.deps;
  const resolved = await resolveResetKey(db, clock, key);
  if (!resolved) return null;
  const person = await personByFgid(db, resolved.fgid);
  if (!person || person.not_active !== 0) return null;
  return { person, key: resolved };
}

/** With a key: the key's person; without one: the signed-in person. Null when neither. */
export async function personByKeyOrSession(
  req: FastifyRequest,
  key: string | null | undefined,
): Promise<{ person: Person; key: ResetKey | null } | null> {
  if (key) return personByKey(req, key);
  const session = await findSession(req);
  return session ? { person: session.person, key: null } : null;
}

/** 400 BAD_INPUT unless username, password (and repeat, when given) follow the rules; returns the trimmed username. */
export function checkCredentials(username: string, password: string, repeat?: string): string {
  const u = UsernameRule.safeParse(username);
  if (!u.success) throw badInput('username', 'must be 3 to 20 letters, digits, dots or pipes');
  if (!PasswordRule.safeParse(password).success)
    throw badInput('password', 'must be at least 8 characters with an upper and a lower case letter and a digit');
  if (repeat !== undefined && repeat !== password) throw badInput('passwordAgain', 'must equal the password');
  return u.data;
}

/** Another person already logs in with this username (spec 2 §5 "must be unique"; the server answers UNIQUE). */
export async function usernameTaken(db: Db, username: string, fgid: string): Promise<boolean> {
  const row = await db
    .selectFrom('persons')
    .select('fgid')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('fgid', '!=', fgid)
    .executeTakeFirst();
  return row !== undefined;
}
