/**
 * The customer and user searches (spec 1 §2 customer search page, §3 search items, §5 minimum 3
 * characters). Matching rules and why the queries look like this: README.md beside this file.
 * Portable SQL only: equality, `>= ? AND < ?` prefix ranges and row-value keyset paging.
 */
import { sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { CustomerSearchItem, UserSearchItem } from '../../../machines/lib/contract.js';
import type { Db } from '../../db/index.js';
import { bool } from '../../db/index.js';
import {
  ensureSearchIndex,
  fold,
  META_KEY,
  MIN_TOKEN,
  PREFIX_MAX,
  prefixEnd,
  reindexAllPersons,
  words,
} from './search-index.js';

/** At most this many rows per answer (the page shows 20 per page; refine the term for more). */
export const SEARCH_LIMIT = 200;
/** A multi-word search reads at most this many rows of its most selective word. */
const SCAN_CAP = 50_000;
const CHUNK = 1_000;
/** Count probes stop here: beyond it a word is simply "common". */
const PROBE = 2_000;

type Table = 'customer_search_tokens' | 'person_search_tokens';
type IdCol = 'jgid' | 'fgid';
interface Row {
  id: string;
  sort_key: string;
}

const startsAnyWord = (text: string, w: string) => words(text).some((x) => x.startsWith(w));

/** Rows of one exact token, in (sort_key, id) order, `page` (at most CHUNK) at a time (keyset paging). */
async function* exactToken(
  db: Db,
  table: Table,
  idCol: IdCol,
  token: string,
  need: number,
): AsyncGenerator<Row[], void> {
  yield* inNameOrder(db, table, idCol, sql`token = ${token}`, Math.min(need, CHUNK));
}

/** The rows `where` picks, in name order (sort key, then id), `page` rows per query (keyset paging). */
async function* inNameOrder(
  db: Db,
  table: Table,
  idCol: IdCol,
  where: RawBuilder<unknown>,
  page: number,
): AsyncGenerator<Row[], void> {
  let after: Row | null = null;
  for (;;) {
    const rows: Row[] = (
      await sql<Row>`
        select ${sql.ref(idCol)} as id, sort_key from ${sql.table(table)}
        where ${where} ${after ? sql`and (sort_key, ${sql.ref(idCol)}) > (${after.sort_key}, ${after.id})` : sql``}
        order by sort_key, ${sql.ref(idCol)}
        limit ${page}
      `.execute(db)
    ).rows;
    if (rows.length) yield rows;
    if (rows.length < page) return;
    after = rows[rows.length - 1]!;
  }
}

/** Rows whose word starts with `w`, in name order; `need`: how many distinct rows the caller may use at most. */
async function* wordRows(db: Db, table: Table, idCol: IdCol, w: string, need: number): AsyncGenerator<Row[], void> {
  // up to PREFIX_MAX characters the prefix itself is a token (edge n-gram)
  if ([...w].length <= PREFIX_MAX) {
    yield* exactToken(db, table, idCol, w, need);
    return;
  }
  const hi = prefixEnd(w);
  const first = await sql<{
    token: string;
  }>`select token from ${sql.table(table)} where token >= ${w} and token < ${hi} order by token limit 1`.execute(db);
  if (!first.rows.length) return;
  const last = await sql<{
    token: string;
  }>`select token from ${sql.table(table)} where token >= ${w} and token < ${hi} order by token desc limit 1`.execute(
    db,
  );
  if (first.rows[0].token === last.rows[0].token) {
    yield* exactToken(db, table, idCol, first.rows[0].token, need);
    return;
  }
  // several whole words share a prefix of 6+ characters: the range sorted by the database, a page of what the
  // caller may use at a time (one common word in the range, `aiandus` beside `aiandusselts`, is 20,000 rows)
  yield* inNameOrder(db, table, idCol, sql`token >= ${w} and token < ${hi}`, Math.min(need, SCAN_CAP));
}

/** How many rows a word has, counted up to PROBE (index-only). */
async function probe(db: Db, table: Table, w: string): Promise<number> {
  const exact = [...w].length <= PREFIX_MAX;
  const q = exact
    ? sql<{
        n: number;
      }>`select count(*) as n from (select 1 from ${sql.table(table)} where token = ${w} limit ${PROBE}) x`
    : sql<{
        n: number;
      }>`select count(*) as n from (select 1 from ${sql.table(table)} where token >= ${w} and token < ${prefixEnd(w)} limit ${PROBE}) x`;
  return Number((await q.execute(db)).rows[0].n);
}

/** Ids matching every word of the term (word-prefix match), in name order, at most SEARCH_LIMIT. */
async function byName(db: Db, table: Table, idCol: IdCol, term: string): Promise<string[]> {
  const ws = [...new Set(words(term))];
  const indexed = ws.filter((w) => [...w].length >= MIN_TOKEN);
  if (!indexed.length) return [];
  let driving = indexed[0];
  if (indexed.length > 1) {
    let best = Infinity;
    for (const w of indexed) {
      const n = await probe(db, table, w);
      if (n < best) [best, driving] = [n, w];
      if (n === 0) return [];
    }
  }
  const others = ws.filter((w) => w !== driving);
  const out: string[] = [];
  const seen = new Set<string>();
  let scanned = 0;
  for await (const chunk of wordRows(db, table, idCol, driving, others.length ? SCAN_CAP : SEARCH_LIMIT)) {
    for (const r of chunk) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      if (!others.every((w) => startsAnyWord(r.sort_key, w))) continue;
      out.push(r.id);
      if (out.length >= SEARCH_LIMIT) return out;
    }
    scanned += chunk.length;
    if (scanned >= SCAN_CAP) break;
  }
  return out;
}

/** Estonian name order: one collator, where `localeCompare(b, 'et')` makes one per call (3 ms for 200 rows) */
const byEt = new Intl.Collator('et').compare;

type CustomerItem = z.infer<typeof CustomerSearchItem>;
type UserItem = z.infer<typeof UserSearchItem>;

const CODE = /^\d+$/;

export async function searchCustomers(db: Db, term: string): Promise<CustomerItem[]> {
  await ensureSearchIndex(db);
  const compact = fold(term).replace(/\s+/g, '');
  const gid = /^(?:ep|lv|ub)(?:ee|lv|lt)(\d+)$/.exec(compact);
  const code = gid ? gid[1] : CODE.test(compact) ? compact : null;
  let rows;
  if (code !== null) {
    // registry code prefix: the customers_reg_code B-tree, first SEARCH_LIMIT codes
    rows = await db
      .selectFrom('customers')
      .select(['jgid', 'name', 'reg_code', 'country'])
      .where('reg_code', '>=', code)
      .where('reg_code', '<', prefixEnd(code))
      .where('is_person', '=', 0)
      .orderBy('reg_code')
      .limit(SEARCH_LIMIT)
      .execute();
    if (gid) rows = rows.filter((c) => c.jgid.toLowerCase().startsWith(compact));
  } else {
    const ids = await byName(db, 'customer_search_tokens', 'jgid', term);
    if (!ids.length) return [];
    rows = (
      await db
        .selectFrom('customers')
        .select(['jgid', 'name', 'reg_code', 'country'])
        .where('jgid', 'in', ids)
        .execute()
    )
      // the index may lag a rename made without indexCustomer(): never show a row that does not match now
      .filter((c) => words(term).every((w) => startsAnyWord(c.name, w)));
  }
  return rows
    .sort((a, b) => byEt(a.name, b.name) || a.jgid.localeCompare(b.jgid))
    .map((c) => ({ id: c.jgid, name: c.name, regCode: c.reg_code, axaCode: null, country: c.country }));
}

/** Persons are few: when their number changed (someone added people without indexPerson) reindex them. */
async function freshPersons(db: Db): Promise<void> {
  const n = Number((await sql<{ n: number }>`select count(*) as n from persons`.execute(db)).rows[0].n);
  const mark = await db.selectFrom('meta').select('value').where('key', '=', META_KEY).executeTakeFirst();
  if (mark && Number(mark.value) === n) return;
  await db.transaction().execute((trx) => reindexAllPersons(trx));
}

export async function searchUsers(db: Db, term: string): Promise<UserItem[]> {
  await ensureSearchIndex(db);
  await freshPersons(db);
  const compact = fold(term).replace(/\s+/g, '');
  const gid = /^[a-z]{2}(\d+)$/.exec(compact);
  const code = gid ? gid[1] : CODE.test(compact) ? compact : null;
  const cols = ['fgid', 'first_name', 'last_name', 'personal_code', 'country', 'not_active'] as const;
  let rows;
  if (code !== null) {
    rows = await db
      .selectFrom('persons')
      .select(cols)
      .where('personal_code', '>=', code)
      .where('personal_code', '<', prefixEnd(code))
      .orderBy('personal_code')
      .limit(SEARCH_LIMIT)
      .execute();
    if (gid) rows = rows.filter((x) => x.fgid.toLowerCase().startsWith(compact));
  } else {
    const ids = await byName(db, 'person_search_tokens', 'fgid', term);
    if (!ids.length) return [];
    rows = (await db.selectFrom('persons').select(cols).where('fgid', 'in', ids).execute()).filter((x) =>
      words(term).every((w) => startsAnyWord(`${x.first_name} ${x.last_name}`, w)),
    );
  }
  return rows
    .sort((a, b) => byEt(a.last_name, b.last_name) || byEt(a.first_name, b.first_name) || a.fgid.localeCompare(b.fgid))
    .map((x) => ({
      id: x.fgid,
      firstName: x.first_name,
      lastName: x.last_name,
      personalCode: x.personal_code,
      personalCodeCountry: x.country,
      notActive: bool(x.not_active),
    }));
}
