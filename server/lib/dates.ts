/** Calendar dates: stored as ISO 'YYYY-MM-DD', shown on the wire as DD.MM.YYYY (spec 1 §4 "Role validity"). */

export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}

/** '-30d' / '+335d' relative to `base` → 'YYYY-MM-DD'; null stays null. */
export function offsetToIso(offset: string | null, base: Date): string | null {
  if (offset === null) return null;
  const m = /^([+-]?\d+)d$/.exec(offset);
  if (!m) throw new Error(`bad day offset "${offset}" (expected e.g. -30d or +335d)`);
  return isoDay(addDays(base, Number(m[1])));
}

export function isoToDmy(iso: string | null): string | null {
  if (!iso) return null;
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

export function dmyToIso(dmy: string | null): string | null {
  if (!dmy) return null;
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(dmy);
  if (!m) throw new Error(`bad date "${dmy}" (expected DD.MM.YYYY)`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}
