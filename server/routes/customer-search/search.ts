/**
 * The customer and user searches (spec 1 §2 customer search page, §3 search items, §5 minimum 3
 * characters). Matching rules and why the queries look like this: README.md beside this file.
 * Portable SQL only: equality, `>= ? AND < ?` prefix ranges and row-value keyset paging.
 */
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { CustomerSearchItem, UserSearchItem } from '../../../domain/contract.js';
import type { Db } from '../../db/index.js';
import { bool } from '../../db/index.js';
import { isPostgres, jsonObjectSql, namedOnPostgres } from '../../db/dialect.js';
import { rowsAsArrays } from '../../db/statement-cache.js';
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

/** How many rows each word has, counted up to PROBE (index-only), all in one statement. */
async function probe(db: Db, table: Table, ws: string[]): Promise<number[]> {
  const counts = ws.map((w, i) => {
    const where = [...w].length <= PREFIX_MAX ? sql`token = ${w}` : sql`token >= ${w} and token < ${prefixEnd(w)}`;
    return sql`(select count(*) from (select 1 from ${sql.table(table)} where ${where} limit ${PROBE}) x) as ${sql.ref(`n${i}`)}`;
  });
  const row = (await sql<Record<string, number>>`select ${sql.join(counts)}`.execute(db)).rows[0];
  return ws.map((_, i) => Number(row[`n${i}`]));
}

/** The words of a term, and the one of them whose rows are read (the others are checked on those rows). */
async function plan(db: Db, table: Table, term: string): Promise<{ driving: string; others: string[] } | null> {
  const ws = [...new Set(words(term))];
  const indexed = ws.filter((w) => [...w].length >= MIN_TOKEN);
  if (!indexed.length) return null;
  let driving = indexed[0];
  if (indexed.length > 1) {
    // the rarest word drives (the first of equally rare ones); one that has no rows answers nothing
    const counts = await probe(db, table, indexed);
    if (counts.includes(0)) return null;
    let best = Infinity;
    for (const [i, n] of counts.entries()) if (n < best) [best, driving] = [n, indexed[i]];
  }
  return { driving, others: ws.filter((w) => w !== driving) };
}

/** Ids of rows of `driving` that match every one of `others` (word-prefix match), in name order, at most SEARCH_LIMIT. */
async function scanIds(db: Db, table: Table, idCol: IdCol, driving: string, others: string[]): Promise<string[]> {
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

/** Ids matching every word of the term (word-prefix match), in name order, at most SEARCH_LIMIT. */
async function byName(db: Db, table: Table, idCol: IdCol, term: string): Promise<string[]> {
  const p = await plan(db, table, term);
  return p ? scanIds(db, table, idCol, p.driving, p.others) : [];
}

/** Estonian name order: one collator, where `localeCompare(b, 'et')` makes one per call (3 ms for 200 rows) */
const byEt = new Intl.Collator('et').compare;

type CustomerItem = z.infer<typeof CustomerSearchItem>;
type UserItem = z.infer<typeof UserSearchItem>;

const CODE = /^\d+$/;

/**
 * One answer row's JSON text, `{"id":…,"name":…,"regCode":…,"axaCode":null,"country":…}`, made by the database
 * from a row's columns: the server joins the texts into the answer and never builds 200 objects to serialise them
 * again (README "How"). The one spelling here that differs between the databases (db/dialect.ts `jsonObjectSql`).
 */
const ITEM = jsonObjectSql({ id: 'jgid', name: 'name', regCode: 'reg_code', axaCode: 'null', country: 'country' });

/**
 * A statement written once with `?` placeholders (`$1`, `$2`… on PostgreSQL) and `{item}` for the answer row's
 * JSON text, run without building or compiling a query: the same text every time, so SQLite keeps its prepared
 * statement (server/db/statement-cache.ts) and PostgreSQL its plan (db/dialect.ts, named statements). Its rows
 * come as arrays of the selected columns' values, `R` (no object per row: most of the cost of 200 rows).
 */
function statement<R extends unknown[]>(text: string) {
  const sqliteText = text.replaceAll('{item}', ITEM.sqlite);
  const pgText = text
    .replaceAll('{item}', ITEM.postgres)
    .split('?')
    .reduce((a, b, i) => `${a}$${i}${b}`);
  rowsAsArrays(sqliteText);
  namedOnPostgres(pgText, { arrays: true });
  return async (db: Db, parameters: unknown[]): Promise<R[]> =>
    (await db.executeQuery<R>(CompiledQuery.raw(isPostgres(db) ? pgText : sqliteText, parameters))).rows;
}

/** A row holding one answer row's JSON text */
type Item = [item: string];

/** The first SEARCH_LIMIT rows of one exact token, in name order: one range of the index, already in that order. */
const oneToken = (columns: string) => `select ${columns} from customer_search_tokens where token = ?
   order by sort_key, jgid limit ${SEARCH_LIMIT}`;

/**
 * The same with a word starting with each of `others` words: the token's first SCAN_CAP rows in name order, checked
 * with `' ' || words LIKE '% w%'` (words: the folded name's words joined by spaces), the first SEARCH_LIMIT that
 * pass. The inner query is read in index order and stops once SEARCH_LIMIT rows have passed.
 */
const tokenWith = (columns: string, others: number) =>
  `select ${columns} from (
     select jgid, name, reg_code, country, sort_key, ' ' || coalesce(words, sort_key) as w
     from customer_search_tokens where token = ? order by sort_key, jgid limit ${SCAN_CAP}
   ) x where ${Array.from({ length: others }, () => 'w like ?').join(' and ')}
   order by sort_key, jgid limit ${SEARCH_LIMIT}`;

/** The first and last token of a prefix range (one index probe each). */
const rangeEnds = statement<[lo: string | null, hi: string | null]>(
  // order by … limit 1, not min()/max(): PostgreSQL's planner may count the whole range for those
  `select (select token from customer_search_tokens where token >= ? and token < ? order by token limit 1) as lo,
          (select token from customer_search_tokens where token >= ? and token < ? order by token desc limit 1) as hi`,
);
/** The next token of a range after one (one index probe). */
const nextToken = statement<[token: string]>(
  `select token from customer_search_tokens where token > ? and token < ? order by token limit 1`,
);

/** A prefix range of at most this many distinct words is read word by word and merged (else sorted as a range). */
const MERGE_MAX = 8;

/** `make(key)` once per key: the statement of each shape (how many tokens, how many other words), made on first use. */
function perShape<K, S>(make: (key: K) => S): (key: K) => S {
  const made = new Map<K, S>();
  return (key) => {
    let s = made.get(key);
    if (!s) made.set(key, (s = make(key)));
    return s;
  };
}

/**
 * `tokens` exact tokens (each with `others` words to check), each one's first SEARCH_LIMIT rows in name order,
 * merged in name order by the database (at most tokens × SEARCH_LIMIT rows to sort). A name with two of the words
 * comes once per word: the caller keeps its first.
 */
type Merged = [id: string, sortKey: string, item: string];

const tokensRows = perShape((shape: `${number}/${number}`) => {
  const [tokens, others] = shape.split('/').map(Number);
  const columns = 'jgid as id, sort_key, {item} as item';
  const one = others ? tokenWith(columns, others) : oneToken(columns);
  const members = Array.from({ length: tokens }, (_, i) => `select * from (${one}) t${i}`);
  return statement<Merged>(`select id, sort_key, item from (${members.join(' union all ')}) x order by sort_key, id`);
});
/** One token (the usual search): only the rows' JSON, no merging. */
const tokenItems = perShape((others: number) =>
  statement<Item>(others ? tokenWith('{item} as item', others) : oneToken('{item} as item')),
);

/** Registry code prefix: the first SEARCH_LIMIT codes (customers_reg_code), in code order. */
const CODE_RANGE = `from customers where reg_code >= ? and reg_code < ? and is_person = 0 order by reg_code
   limit ${SEARCH_LIMIT}`;
const codeRows = statement<Item>(`select {item} as item ${CODE_RANGE}`);
/** The same with the gid, for a search by whole gid (narrowed to that gid prefix). */
const gidRows = statement<[jgid: string, item: string]>(`select jgid, {item} as item ${CODE_RANGE}`);

/** Customers whose name has a word starting with each word of the term, the first SEARCH_LIMIT in name order. */
async function customersByName(db: Db, term: string): Promise<string[]> {
  const p = await plan(db, 'customer_search_tokens', term);
  if (!p) return [];
  const { driving, others } = p;
  let tokens = [driving];
  if ([...driving].length > PREFIX_MAX) {
    // a longer word is a range of whole words: its few distinct words are exact tokens, read one by one and merged
    const hi = prefixEnd(driving);
    const [[lo, last]] = await rangeEnds(db, [driving, hi, driving, hi]);
    if (lo === null) return [];
    tokens = [lo];
    while (tokens.length <= MERGE_MAX && tokens[tokens.length - 1] !== last) {
      const [[next]] = await nextToken(db, [tokens[tokens.length - 1], hi]);
      tokens.push(next);
    }
  }
  const patterns = others.map((w) => `% ${w}%`);
  if (tokens.length === 1) return (await tokenItems(others.length)(db, [tokens[0], ...patterns])).map(([item]) => item);
  if (tokens.length <= MERGE_MAX) {
    const rows = await tokensRows(`${tokens.length}/${others.length}`)(
      db,
      tokens.flatMap((t) => [t, ...patterns]),
    );
    const seen = new Set<string>();
    const items: string[] = [];
    for (const [id, , item] of rows) {
      if (seen.has(id)) continue;
      seen.add(id);
      items.push(item);
      if (items.length === SEARCH_LIMIT) break;
    }
    return items;
  }
  // many whole words share the prefix (rare): the range sorted by the database, a page at a time
  const ids = await scanIds(db, 'customer_search_tokens', 'jgid', driving, others);
  if (!ids.length) return [];
  const found = new Map(
    (
      await db
        .selectFrom('customers')
        .select(['jgid as id', 'name', 'reg_code as regCode', sql<null>`null`.as('axaCode'), 'country'])
        .where('jgid', 'in', ids)
        .execute()
    ).map((c) => [c.id, c]),
  );
  // in the index's name order, as the other answers come
  const termWords = words(term);
  return ids
    .map((id) => found.get(id))
    .filter((c) => c !== undefined && termWords.every((w) => startsAnyWord(c.name, w)))
    .map((c) => JSON.stringify(c));
}

/**
 * The customer search's answer, `{ value: CustomerSearchItem[] }`, as JSON text. Name searches answer in the
 * index's name order (folded name, then gid), code searches in code order; the portal's table sorts the rows itself
 * (domain/customer-search/rules.ts), in the reader's own collation.
 */
export async function customerSearchAnswer(db: Db, term: string): Promise<string> {
  await ensureSearchIndex(db);
  const compact = fold(term).replace(/\s+/g, '');
  const gid = /^(?:ep|lv|ub)(?:ee|lv|lt)(\d+)$/.exec(compact);
  let items: string[];
  if (gid)
    items = (await gidRows(db, [gid[1], prefixEnd(gid[1])]))
      .filter(([jgid]) => jgid.toLowerCase().startsWith(compact))
      .map(([, item]) => item);
  else if (CODE.test(compact)) items = (await codeRows(db, [compact, prefixEnd(compact)])).map(([item]) => item);
  else items = await customersByName(db, term);
  return `{"value":[${items.join(',')}]}`;
}

/** @internal the same answer's rows as objects, for tests and benchmarks */
export async function searchCustomers(db: Db, term: string): Promise<CustomerItem[]> {
  return (JSON.parse(await customerSearchAnswer(db, term)) as { value: CustomerItem[] }).value;
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
