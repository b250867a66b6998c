/**
 * The address register simulator's demo data: a few hundred Estonian addresses built deterministically from the real
 * names in ./names.ts (every street of every town with a few house numbers, farms in villages). Written on first
 * use of a database whose register is empty, so databases seeded before migration 0190 get it too.
 */
import type { Db } from '../../db/index.js';
import { FARMS, PARISHES, TOWNS } from './names.js';
import { insertPlaces, type AddressRow, type Place } from './register.js';

/** deterministic pseudo-random numbers (mulberry32): every database gets the same register */
export function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The zip code of a town's i-th street (a street keeps one zip code, as most do). */
export const streetZip = (zipFrom: number, zipSpan: number, i: number) =>
  String(zipFrom + (((i + 1) * 6) % zipSpan)).padStart(5, '0');

/** house numbers: mostly plain, now and then with a letter ('12a') */
export function houseNumber(r: () => number, max: number): string {
  const n = 1 + Math.floor(r() ** 1.6 * max);
  return r() < 0.12 ? `${n}${'abc'[Math.floor(r() * 3)]}` : String(n);
}

/** The demo register: every street of every town with 2–4 houses, three farms in every village. */
export function demoAddresses(): { place: Place; addresses: AddressRow[] }[] {
  const r = rng(20261123);
  const out: { place: Place; addresses: AddressRow[] }[] = [];
  let padre = 2_104_000;
  const nextId = () => String((padre += 17));
  for (const t of TOWNS) {
    t.streets.forEach((streetName, i) => {
      const place: Place = {
        placeId: `${out.length + 1}`,
        streetName,
        settlement: t.settlement,
        county: t.county.code,
        countyName: t.county.name,
        municipality: t.municipality,
        municipalityName: t.municipalityName,
      };
      const houses = new Set<string>();
      // the demo people's addresses are in the register (mari: Narva mnt 7, 10117)
      if (streetName === 'Narva mnt' && t.settlement === 'Kesklinna linnaosa') houses.add('7');
      const want = 2 + Math.floor(r() * 3);
      while (houses.size < want) houses.add(houseNumber(r, 80));
      const zipCode = streetZip(t.zipFrom, t.zipSpan, i);
      out.push({ place, addresses: [...houses].map((house) => ({ padreId: nextId(), house, zipCode })) });
    });
  }
  for (const p of PARISHES)
    for (const v of p.villages)
      for (let k = 0; k < 3; k++) {
        const farm = FARMS[Math.floor(r() * FARMS.length)];
        if (out.some((o) => o.place.streetName === farm && o.place.settlement === v.name)) continue;
        out.push({
          place: {
            placeId: `${out.length + 1}`,
            streetName: farm,
            settlement: v.name,
            county: p.county.code,
            countyName: p.county.name,
            municipality: p.municipality,
            municipalityName: p.municipalityName,
          },
          addresses: [{ padreId: nextId(), house: '', zipCode: String(v.zip) }],
        });
      }
  return out;
}

const ready = new WeakMap<Db, Promise<void>>();

/** Fills an empty register with the demo addresses, once per database (concurrent first calls share one fill). */
export function ensureAddressRegister(db: Db): Promise<void> {
  let p = ready.get(db);
  if (!p) {
    p = (async () => {
      const any = await db.selectFrom('address_register').select('padre_id').limit(1).executeTakeFirst();
      if (any) return;
      await db.transaction().execute((trx) => insertPlaces(trx, demoAddresses()));
    })();
    p.catch(() => ready.delete(db));
    ready.set(db, p);
  }
  return p;
}
