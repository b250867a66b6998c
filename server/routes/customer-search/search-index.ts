/**
 * Token index behind customer-search (and the user search): see README.md beside this file.
 * Portable SQL only: equality and `>= ? AND < ?` ranges over a B-tree index (no LIKE '%x%', no FTS).
 */
import type { Db } from '../../db/index.js';
import type { CustomerSearchTokensTable } from '../../db/schema.js';
import { isPostgres, serializeOn } from '../../db/dialect.js';

/** lower case, diacritics removed ('Põldmari' → 'poldmari', 'Bērziņa' → 'berzina') */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function words(s: string): string[] {
  return fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Words shorter than this are not indexed; they only narrow a search that has a longer word. */
export const MIN_TOKEN = 3;
/**
 * Every word is indexed whole and by its prefixes of MIN_TOKEN..PREFIX_MAX characters ("edge
 * n-grams"), so a short search word is one exact B-tree key whose rows come in name order (no sort
 * of a large range); a longer word is a prefix range over whole words, which is small.
 */
export const PREFIX_MAX = 5;

function wordTokens(ws: string[]): string[] {
  const set = new Set<string>();
  for (const w of ws) {
    const cps = [...w];
    if (cps.length < MIN_TOKEN) continue;
    set.add(w);
    for (let n = MIN_TOKEN; n <= Math.min(PREFIX_MAX, cps.length - 1); n++) set.add(cps.slice(0, n).join(''));
  }
  return [...set];
}

/** Name words only: registry codes are matched on customers.reg_code itself (see README). */
export function customerTokens(name: string, _regCode?: string): string[] {
  return wordTokens(words(name));
}

export function personTokens(firstName: string, lastName: string, _personalCode?: string): string[] {
  return wordTokens([...words(firstName), ...words(lastName)]);
}

export const customerSortKey = (name: string) => fold(name);

/**
 * The `words` column of a search row: the words of the folded name (`sortKey`) joined by single spaces, or null
 * where `sortKey` is already nothing but a-z, 0-9 and spaces. The search checks "some word of the name starts
 * with w" as `' ' || coalesce(words, sort_key) LIKE '% w%'` (w: letters and digits only).
 */
export function wordsColumn(sortKey: string): string | null {
  return /^[a-z0-9 ]*$/.test(sortKey) ? null : words(sortKey).join(' ');
}

/** a row of customer_search_tokens (migration 0260: it carries what the answer shows) */
export type CustomerSearchRow = CustomerSearchTokensTable;

/** The search rows of one customer: one per token, each with what the search answers (migration 0260). */
export function customerSearchRows(c: { jgid: string; name: string; reg_code: string; country: string }) {
  const sort_key = customerSortKey(c.name);
  const w = wordsColumn(sort_key);
  return customerTokens(c.name).map((token): CustomerSearchRow => ({
    token,
    sort_key,
    jgid: c.jgid,
    name: c.name,
    reg_code: c.reg_code,
    country: c.country,
    words: w,
  }));
}
export const personSortKey = (firstName: string, lastName: string) => `${fold(lastName)} ${fold(firstName)}`;

/** Upper bound of the prefix range: the prefix with its last code point + 1. */
export function prefixEnd(prefix: string): string {
  const cps = [...prefix];
  const last = cps.pop()!;
  return cps.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

/**
 * (Re)index one customer; call after inserting a customer or changing its name, registry code or country (such a
 * change deletes its search rows: triggers of migration 0260). In a transaction of its own unless given one; on
 * PostgreSQL the customer row is locked while its rows are written, so a rename by another process either comes
 * first (and is what gets indexed) or waits and then deletes them: a search row never outlives the name it copies.
 */
export async function indexCustomer(db: Db, jgid: string): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => indexCustomer(trx, jgid));
  const read = db.selectFrom('customers').select(['jgid', 'name', 'reg_code', 'country']).where('jgid', '=', jgid);
  const c = await (isPostgres(db) ? read.forUpdate() : read).executeTakeFirst();
  await db.deleteFrom('customer_search_tokens').where('jgid', '=', jgid).execute();
  if (!c) return;
  const rows = customerSearchRows(c);
  if (rows.length) await db.insertInto('customer_search_tokens').values(rows).execute();
}

/** (Re)index one person; call after inserting a person or changing names or personal code. */
export async function indexPerson(db: Db, fgid: string): Promise<void> {
  await db.deleteFrom('person_search_tokens').where('fgid', '=', fgid).execute();
  const p = await db
    .selectFrom('persons')
    .select(['fgid', 'first_name', 'last_name', 'personal_code'])
    .where('fgid', '=', fgid)
    .executeTakeFirst();
  if (!p) return;
  const sort_key = personSortKey(p.first_name, p.last_name);
  const tokens = personTokens(p.first_name, p.last_name);
  if (tokens.length)
    await db
      .insertInto('person_search_tokens')
      .values(tokens.map((token) => ({ token, sort_key, fgid })))
      .execute();
}

/** Meta key of the index; its value is how many persons the person tokens were built from. */
export const META_KEY = 'search_index.built';

/** Replaces every person token (call inside a transaction) and records how many persons were indexed. */
export async function reindexAllPersons(trx: Db): Promise<void> {
  await trx.deleteFrom('person_search_tokens').execute();
  const persons = await trx.selectFrom('persons').select(['fgid', 'first_name', 'last_name']).execute();
  const rows = persons.flatMap((p) =>
    personTokens(p.first_name, p.last_name).map((token) => ({
      token,
      sort_key: personSortKey(p.first_name, p.last_name),
      fgid: p.fgid,
    })),
  );
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('person_search_tokens')
      .values(rows.slice(i, i + 500))
      .execute();
  await trx
    .insertInto('meta')
    .values({ key: META_KEY, value: String(persons.length) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(persons.length) }))
    .execute();
}
const built = new WeakSet<object>();

/** Any number: the lock under which the index of a new database is built by one process (or request) only. */
const BUILD_LOCK = 4_242_002;

const isBuilt = async (db: Db) =>
  !!(await db.selectFrom('meta').select('value').where('key', '=', META_KEY).executeTakeFirst());

/** Builds the whole index once per database (after seeding; cheap for the demo data). */
export async function ensureSearchIndex(db: Db): Promise<void> {
  if (built.has(db)) return;
  if (!(await isBuilt(db))) await rebuildSearchIndex(db, { unlessBuilt: true });
  built.add(db);
}

/**
 * `unlessBuilt`: the first searches of a new database, several at once and in several processes, all find no index;
 * they build it one after the other, and all but the first find it built (two at once on PostgreSQL: the second's
 * insert met the first's rows, a duplicate key, a 500).
 */
export async function rebuildSearchIndex(db: Db, opts: { unlessBuilt?: boolean } = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (opts.unlessBuilt) {
      await serializeOn(trx, BUILD_LOCK);
      if (await isBuilt(trx)) return;
    }
    await trx.deleteFrom('customer_search_tokens').execute();
    const customers = await trx.selectFrom('customers').select(['jgid', 'name', 'reg_code', 'country']).execute();
    const rows = customers.flatMap(customerSearchRows);
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('customer_search_tokens')
        .values(rows.slice(i, i + 500))
        .execute();
    await reindexAllPersons(trx);
  });
}
