/**
 * The address register (gazetteer) simulator's data and search. How and why: README.md beside this file.
 * Portable SQL only: equality, `>= ? AND < ?` prefix ranges, `IN` lists and row-value keyset paging.
 */
import { sql } from 'kysely';
import type { AddressSuggestion } from '../../../domain/address.js';
import type { Db } from '../../db/index.js';

/** lower case, diacritics removed ('Põhja-Tallinna' → 'pohja-tallinna') */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** folded words: split at anything that is not a letter or digit ('Suur-Karja tn 5/1' → suur, karja, tn, 5, 1) */
export function words(s: string): string[] {
  return fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Words too common to drive a search (street types, "county", "village"...): they only narrow one. */
const GENERIC = new Set([
  'tn',
  'mnt',
  'pst',
  'tee',
  'puiestee',
  'allee',
  'poik',
  'valjak',
  'linn',
  'linnaosa',
  'vald',
  'kula',
  'alev',
  'alevik',
  'maakond',
]);

/** A word shorter than this never drives a search (the contract: fewer than 2 characters answer nothing). */
const MIN_TOKEN = 2;
/** Words are indexed whole and by their prefixes of MIN_TOKEN..PREFIX_MAX characters. */
const PREFIX_MAX = 5;

/** One place: a street (or a farm's name) in a settlement. */
export interface Place {
  placeId: string;
  streetName: string;
  settlement: string;
  county: string;
  countyName: string;
  municipality: string;
  municipalityName: string;
}

/** One address: a house of a place in lower case ('12a'; '' for a farm) and its zip code. */
export interface AddressRow {
  padreId: string;
  house: string;
  zipCode: string;
}

const isDrivingWord = (w: string) => [...w].length >= MIN_TOKEN && !GENERIC.has(w) && !/^\p{N}/u.test(w);

/** The words a place is found by: street, settlement, municipality (when another) and county. */
const placeText = (p: Place) => [p.streetName, p.settlement, p.municipalityName, p.countyName].join(' ');

/**
 * Index tokens of a place: each driving word of its street, settlement and municipality, whole and by its
 * 2..5-character prefixes. County words are left out: a county holds a fifteenth of the country, so its name would
 * be the longest list of all and never the narrow way into a search; it still narrows one ('kase harju').
 */
export function placeTokens(p: Place): string[] {
  const set = new Set<string>();
  for (const w of words([p.streetName, p.settlement, p.municipalityName].join(' '))) {
    if (!isDrivingWord(w)) continue;
    const cps = [...w];
    set.add(w);
    for (let n = MIN_TOKEN; n <= Math.min(PREFIX_MAX, cps.length - 1); n++) set.add(cps.slice(0, n).join(''));
  }
  return [...set];
}

/**
 * Order of places and addresses: folded street, settlement, municipality, county words, then the place id; an
 * address adds its house number padded to 4 digits. \x01 sorts below every folded character, so a place's
 * addresses stay together and in the order of their places (an address key starts with its place's key).
 */
export const placeSortKey = (p: Place) => `${words(placeText(p)).join(' ')}\x01${p.placeId}`;
export const addressSortKey = (placeKey: string, house: string) =>
  `${placeKey}\x01${house.replace(/^\d+/, (n) => n.padStart(4, '0'))}`;

/** The whole address in one line, as the register writes it ('Tamme tn 5, Tartu linn, Tartu maakond, 50101'). */
export function fullName(p: Place, a: AddressRow): string {
  const street = streetOf(p, a);
  const municipality = p.municipalityName === p.settlement ? [] : [p.municipalityName];
  return [street, p.settlement, ...municipality, p.countyName, a.zipCode].join(', ');
}
const streetOf = (p: Place, a: Pick<AddressRow, 'house'>) => (a.house ? `${p.streetName} ${a.house}` : p.streetName);

/** Writes places with their addresses (call in a transaction; 500 rows per statement). */
export async function insertPlaces(db: Db, places: { place: Place; addresses: AddressRow[] }[]): Promise<void> {
  const placeRows = [];
  const addressRows = [];
  const tokenRows = [];
  for (const { place, addresses } of places) {
    const key = placeSortKey(place);
    placeRows.push({
      place_id: place.placeId,
      street_name: place.streetName,
      settlement: place.settlement,
      county: place.county,
      county_name: place.countyName,
      municipality: place.municipality,
      municipality_name: place.municipalityName,
      sort_key: key,
    });
    for (const token of placeTokens(place)) tokenRows.push({ token, sort_key: key, place_id: place.placeId });
    for (const a of addresses)
      addressRows.push({
        padre_id: a.padreId,
        place_id: place.placeId,
        house: fold(a.house),
        zip_code: a.zipCode,
        full_name: fullName(place, a),
        sort_key: addressSortKey(key, fold(a.house)),
      });
  }
  for (let i = 0; i < placeRows.length; i += 500)
    await db
      .insertInto('address_register_places')
      .values(placeRows.slice(i, i + 500))
      .execute();
  for (let i = 0; i < addressRows.length; i += 500)
    await db
      .insertInto('address_register')
      .values(addressRows.slice(i, i + 500))
      .execute();
  for (let i = 0; i < tokenRows.length; i += 500)
    await db
      .insertInto('address_register_tokens')
      .values(tokenRows.slice(i, i + 500))
      .execute();
}

// ---- search ----

/** Rows read per step of a walk. */
const CHUNK = 500;
/** A search reads at most this many places (or addresses, by zip code) before it gives up on more results. */
const SCAN_CAP = 20_000;
/** Count probes stop here: beyond it a word is simply "common". */
const PROBE = 2_000;

/** Upper bound of a prefix range: the prefix with its last code point + 1. */
function prefixEnd(prefix: string): string {
  const cps = [...prefix];
  const last = cps.pop()!;
  return cps.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

/**
 * Whether a word of a sort key's place text starts with `w` (a folded query word). The text is already folded words
 * joined by single spaces, so this is a substring test, cheap enough for thousands of rows per search.
 */
const startsAnyWord = (sortKey: string, w: string) => {
  const text = sortKey.slice(0, sortKey.indexOf('\x01'));
  return text.startsWith(w) || text.includes(` ${w}`);
};

interface PlaceHit {
  place_id: string;
  sort_key: string;
}

/**
 * Places with a word starting with `w` (a driving word), in sort_key order, CHUNK at a time. Each word of `also`
 * (the other driving words) must start a word of the place too: checked in SQL with one index seek per row on its
 * token (a longer word by its 5-character prefix; the caller checks the whole word), so two common words with few
 * places in common ('võru tartu') do not carry thousands of rows into JavaScript.
 */
async function* placesByWord(db: Db, w: string, also: string[]): AsyncGenerator<PlaceHit[], void> {
  const exists = also.map(
    (a) => sql`and exists (select 1 from address_register_tokens o
      where o.token = ${[...a].slice(0, PREFIX_MAX).join('')} and o.sort_key = t.sort_key and o.place_id = t.place_id)`,
  );
  const both = exists.length ? sql.join(exists, sql` `) : sql``;
  let token = w;
  if ([...w].length > PREFIX_MAX) {
    // longer than the indexed prefixes: whole words in [w, w'), usually one (a single walk in order)
    const range = await sql<{ lo: string | null; hi: string | null }>`
      select min(token) as lo, max(token) as hi from address_register_tokens where token >= ${w} and token < ${prefixEnd(w)}
    `.execute(db);
    const { lo, hi } = range.rows[0] ?? { lo: null, hi: null };
    if (lo === null || hi === null) return;
    if (lo !== hi) {
      // several whole words share a long prefix ('kreutzwaldi', 'kreutzwaldi...'): a small range, sorted here
      yield (
        await sql<PlaceHit>`
          select distinct t.place_id, t.sort_key from address_register_tokens t
          where t.token >= ${w} and t.token < ${prefixEnd(w)} ${both}
          order by t.sort_key limit ${SCAN_CAP}
        `.execute(db)
      ).rows;
      return;
    }
    token = lo;
  }
  let after: PlaceHit | null = null;
  for (;;) {
    const rows: PlaceHit[] = (
      await sql<PlaceHit>`
        select t.place_id, t.sort_key from address_register_tokens t
        where t.token = ${token} ${after ? sql`and (t.sort_key, t.place_id) > (${after.sort_key}, ${after.place_id})` : sql``}
        ${both}
        order by t.sort_key, t.place_id limit ${CHUNK}
      `.execute(db)
    ).rows;
    if (rows.length) yield rows;
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1]!;
  }
}

/** How many places have a word starting with `w`, counted up to PROBE (index only). */
async function probePlaces(db: Db, w: string): Promise<number> {
  const q =
    [...w].length <= PREFIX_MAX
      ? sql<{
          n: number;
        }>`select count(*) as n from (select 1 from address_register_tokens where token = ${w} limit ${PROBE}) x`
      : sql<{
          n: number;
        }>`select count(*) as n from (select 1 from address_register_tokens where token >= ${w} and token < ${prefixEnd(w)} limit ${PROBE}) x`;
  return Number((await q.execute(db)).rows[0].n);
}

/** How many addresses have a zip code starting with `z`, counted up to PROBE (index only). */
async function probeZip(db: Db, z: string): Promise<number> {
  const q = sql<{
    n: number;
  }>`select count(*) as n from (select 1 from address_register where zip_code >= ${z} and zip_code < ${prefixEnd(z)} limit ${PROBE}) x`;
  return Number((await q.execute(db)).rows[0].n);
}

/** a number word narrows to addresses whose house number or zip code starts with it */
const numberFilter = (n: string) =>
  sql`((house >= ${n} and house < ${prefixEnd(n)}) or (zip_code >= ${n} and zip_code < ${prefixEnd(n)}))`;

/** Addresses of these places (consecutive in place order) that pass the number words, in address order. */
async function addressesOf(db: Db, placeIds: string[], numbers: string[], limit: number): Promise<string[]> {
  const filters = numbers.map(numberFilter);
  const rows = (
    await sql<{ padre_id: string }>`
      select padre_id from address_register
      where place_id in (${sql.join(placeIds)}) ${filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``}
      order by sort_key limit ${limit}
    `.execute(db)
  ).rows;
  return rows.map((r) => r.padre_id);
}

/** Driven by a street/settlement word: walk its places in order and take their houses. */
async function byPlaceWord(db: Db, driving: string, others: string[], numbers: string[], limit: number) {
  const out: string[] = [];
  let batch: string[] = [];
  let batchSize = 2; // grows ×4: the first street usually fills a page of suggestions (farms need a few rounds)
  let scanned = 0;
  const flush = async () => {
    if (batch.length) out.push(...(await addressesOf(db, batch, numbers, limit - out.length)));
    batch = [];
    batchSize = Math.min(batchSize * 4, CHUNK);
  };
  for await (const chunk of placesByWord(db, driving, others.filter(isDrivingWord))) {
    for (const p of chunk) {
      if (!others.every((w) => startsAnyWord(p.sort_key, w))) continue;
      batch.push(p.place_id);
      if (batch.length >= batchSize) {
        await flush();
        if (out.length >= limit) return out;
      }
    }
    scanned += chunk.length;
    if (scanned >= SCAN_CAP) break;
  }
  await flush();
  return out.slice(0, limit);
}

/** Driven by a zip-code prefix: addresses in (zip, address) order, narrowed by the other words. */
async function byZip(db: Db, zip: string, texts: string[], numbers: string[], limit: number) {
  const out: string[] = [];
  const filters = numbers.filter((n) => n !== zip).map(numberFilter);
  type Row = { padre_id: string; zip_code: string; sort_key: string };
  let after: Row | null = null;
  let scanned = 0;
  for (;;) {
    const rows: Row[] = (
      await sql<Row>`
        select padre_id, zip_code, sort_key from address_register
        where zip_code >= ${zip} and zip_code < ${prefixEnd(zip)}
        ${after ? sql`and (zip_code, sort_key) > (${after.zip_code}, ${after.sort_key})` : sql``}
        ${filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``}
        order by zip_code, sort_key limit ${CHUNK}
      `.execute(db)
    ).rows;
    for (const r of rows) {
      if (texts.every((w) => startsAnyWord(r.sort_key, w))) out.push(r.padre_id);
      if (out.length >= limit) return out;
    }
    scanned += rows.length;
    if (rows.length < CHUNK || scanned >= SCAN_CAP) return out;
    after = rows[rows.length - 1]!;
  }
}

/**
 * Prefix search on the address's words, case- and accent-insensitive, at most `limit` addresses in address order
 * (street, house number, settlement). Number words match the start of the house number or the zip code; a search
 * of numbers only is a zip-code search. Fewer than 2 characters, or only generic words ('tn'), find nothing.
 */
export async function searchAddresses(db: Db, q: string, limit: number): Promise<AddressSuggestion[]> {
  const ws = [...new Set(words(q))];
  const numbers = ws.filter((w) => /^\p{N}/u.test(w));
  const texts = ws.filter((w) => !/^\p{N}/u.test(w));
  const driving = texts.filter(isDrivingWord);
  // a zip code is typed with 4 or 5 digits; alone, 2 are enough
  const zip = numbers
    .filter((n) => n.length >= (driving.length ? 4 : MIN_TOKEN))
    .sort((a, b) => b.length - a.length)[0];
  let ids: string[];
  if (!driving.length) {
    if (!zip) return [];
    ids = await byZip(db, zip, texts, numbers, limit);
  } else {
    let best = driving[0];
    let bestCount = Infinity;
    if (driving.length > 1 || zip) {
      for (const w of driving) {
        const n = await probePlaces(db, w);
        if (n === 0) return [];
        if (n < bestCount) [bestCount, best] = [n, w];
      }
    }
    // a place has houses: a zip prefix with fewer addresses than the word's places is the narrower way in
    if (zip && (await probeZip(db, zip)) < bestCount) ids = await byZip(db, zip, texts, numbers, limit);
    else
      ids = await byPlaceWord(
        db,
        best,
        texts.filter((w) => w !== best),
        numbers,
        limit,
      );
  }
  return loadAddresses(db, ids);
}

/** The addresses with these ids, in the given order. */
async function loadAddresses(db: Db, ids: string[]): Promise<AddressSuggestion[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('address_register as a')
    .innerJoin('address_register_places as p', 'p.place_id', 'a.place_id')
    .select([
      'a.padre_id',
      'a.full_name',
      'a.house',
      'a.zip_code',
      'p.street_name',
      'p.settlement',
      'p.county',
      'p.county_name',
      'p.municipality',
      'p.municipality_name',
    ])
    .where('a.padre_id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.padre_id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        padreId: r.padre_id,
        padreFullName: r.full_name,
        street: r.house ? `${r.street_name} ${r.house}` : r.street_name,
        zipCode: r.zip_code,
        settlement: r.settlement,
        county: r.county,
        countyName: r.county_name,
        municipality: r.municipality,
        municipalityName: r.municipality_name,
      },
    ];
  });
}

/** One address by its id, or null. */
export async function getAddress(db: Db, padreId: string): Promise<AddressSuggestion | null> {
  return (await loadAddresses(db, [padreId]))[0] ?? null;
}
