/**
 * Conditional writes (RFC 9110 §8.8.3 ETag, §13.1.1 If-Match, §15.5.13 412 Precondition Failed): a record several
 * people can edit carries a version number kept in the database and raised by every write in the write's own
 * transaction. A read answers it as a strong entity-tag (`ETag: "7"`); a write that sends `If-Match` is made only
 * when the record's version is still one it names, else it answers 412 CHANGED_MEANWHILE (messageKey
 * error.changedMeanwhile) and changes nothing. A write without `If-Match` (an older portal, a client of a backend
 * that keeps no versions) is made as before, and still raises the version.
 *
 * The comparison is in the write itself (`UPDATE … SET version = version + 1 WHERE key AND version IN (…)`), so two
 * writes based on one version cannot both land: on PostgreSQL the second waits for the first's row lock and then
 * finds the version changed; SQLite runs one writer at a time.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { HttpError } from './errors.js';

/** The If-Match condition: none (unconditional), any current version ('*'), or the versions it names. */
export type IfMatch = null | '*' | number[];

export const etagOf = (version: number): string => `"${version}"`;

/** Answers `version` as the record's strong entity-tag. */
export function setETag(reply: FastifyReply, version: number): void {
  void reply.header('ETag', etagOf(version));
}

/**
 * The request's If-Match (RFC 9110 §13.1.1): `*`, or a comma-separated list of entity-tags. If-Match uses the strong
 * comparison, so a weak tag (`W/"7"`) never matches; neither does anything that is not one of our tags. A header
 * present but matching nothing is still a condition: the write answers 412.
 */
export function ifMatchOf(req: FastifyRequest): IfMatch {
  const raw = req.headers['if-match'];
  if (raw === undefined) return null;
  const text = Array.isArray(raw) ? raw.join(',') : raw;
  if (text.trim() === '*') return '*';
  const versions: number[] = [];
  for (const tag of text.split(',')) {
    const m = /^"(\d{1,15})"$/.exec(tag.trim());
    if (m) versions.push(Number(m[1]));
  }
  return versions;
}

/** Does the stored `version` satisfy the condition? (for a write that reads the row before it writes) */
export function satisfies(condition: IfMatch, version: number): boolean {
  return condition === null || condition === '*' || condition.includes(version);
}

export const changedMeanwhile = () =>
  new HttpError(
    412,
    'CHANGED_MEANWHILE',
    'Someone else has changed this data since you opened it. Nothing was saved: load it again and repeat your change.',
    undefined,
    'error.changedMeanwhile',
  );

/**
 * The versions an `UPDATE … WHERE version IN (…)` may find, or null when the write is unconditional. `[-1]` for a
 * header that names no version of ours: no row has it, so the write changes nothing and answers 412.
 */
export function versionsToMatch(condition: IfMatch): number[] | null {
  if (condition === null || condition === '*') return null;
  return condition.length ? condition : [-1];
}

/** The version columns of a person's row: the user settings' edit tab and the preferences, saved separately. */
export type PersonVersion = 'settings_version' | 'preferences_version';

/**
 * Raises one of a person's versions inside the write's transaction `trx`, first thing, so the row stays locked
 * (PostgreSQL) until the write commits; with a condition that the stored version no longer meets: 412, and the
 * caller's transaction rolls back.
 */
export async function raisePersonVersion(trx: Db, fgid: string, column: PersonVersion, condition: IfMatch) {
  const versions = versionsToMatch(condition);
  const { numUpdatedRows } = await trx
    .updateTable('persons')
    .set((eb) =>
      column === 'settings_version'
        ? { settings_version: eb('settings_version', '+', 1) }
        : { preferences_version: eb('preferences_version', '+', 1) },
    )
    .where('fgid', '=', fgid)
    .$if(versions !== null, (q) => q.where(column, 'in', versions!))
    .executeTakeFirst();
  if (numUpdatedRows === 0n) throw changedMeanwhile();
}

/** The version of a person's rights in a customer: 0 before the first write. */
export async function rightsVersion(db: Db, fgid: string, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('rights_versions')
    .select('version')
    .where('person_fgid', '=', fgid)
    .where('represented_gid', '=', customerId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * Raises the version of a person's rights in a customer inside the write's transaction (the first write makes its
 * row, at 1); 412 when `condition` names another version, also when another write made or raised it meanwhile.
 */
export async function raiseRightsVersion(trx: Db, fgid: string, customerId: string, condition: IfMatch = null) {
  const current = await rightsVersion(trx, fgid, customerId);
  if (!satisfies(condition, current)) throw changedMeanwhile();
  if (current === 0) {
    const { numInsertedOrUpdatedRows } = await trx
      .insertInto('rights_versions')
      .values({ person_fgid: fgid, represented_gid: customerId, version: 1 })
      .onConflict((oc) => oc.columns(['person_fgid', 'represented_gid']).doNothing())
      .executeTakeFirst();
    if (numInsertedOrUpdatedRows === 0n) {
      if (condition !== null) throw changedMeanwhile();
      await raiseRightsVersion(trx, fgid, customerId);
    }
    return;
  }
  const { numUpdatedRows } = await trx
    .updateTable('rights_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('person_fgid', '=', fgid)
    .where('represented_gid', '=', customerId)
    .$if(condition !== null, (q) => q.where('version', '=', current))
    .executeTakeFirst();
  if (numUpdatedRows === 0n) throw changedMeanwhile();
}

/** The entity-tags of the rights of every person with a version in a customer (none: "0"), for the rights list. */
export async function rightsVersionsOf(db: Db, customerId: string): Promise<(fgid: string) => string> {
  const rows = await db
    .selectFrom('rights_versions')
    .select(['person_fgid', 'version'])
    .where('represented_gid', '=', customerId)
    .execute();
  const byPerson = new Map(rows.map((r) => [r.person_fgid, r.version]));
  return (fgid) => etagOf(byPerson.get(fgid) ?? 0);
}
