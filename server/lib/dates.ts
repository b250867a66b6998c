/**
 * Calendar dates: stored as ISO 'YYYY-MM-DD', shown on the wire as DD.MM.YYYY (spec 1 §4 "Role validity").
 * Days are UTC calendar days (the server's clock is a UTC instant); dayjs does the arithmetic and formatting.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

const ISO_DAY = 'YYYY-MM-DD';
const WIRE_DAY = 'DD.MM.YYYY';

/** The UTC calendar day of an instant, 'YYYY-MM-DD'. */
export function isoDay(d: Date): string {
  return dayjs.utc(d).format(ISO_DAY);
}

/** The same instant `days` calendar days later (earlier when negative). */
export function addDays(d: Date, days: number): Date {
  return dayjs.utc(d).add(days, 'day').toDate();
}

/** '-30d' / '+335d' relative to `base` → 'YYYY-MM-DD'; null stays null. */
export function offsetToIso(offset: string | null, base: Date): string | null {
  if (offset === null) return null;
  const m = /^([+-]?\d+)d$/.exec(offset);
  if (!m) throw new Error(`bad day offset "${offset}" (expected e.g. -30d or +335d)`);
  return isoDay(addDays(base, Number(m[1])));
}

/** A stored 'YYYY-MM-DD' (a longer ISO timestamp is cut to its day) → DD.MM.YYYY; null or '' → null. */
export function isoToDmy(iso: string | null): string | null {
  if (!iso) return null;
  const day = dayjs.utc(iso.slice(0, 10), ISO_DAY, true);
  if (!day.isValid()) throw new Error(`bad date "${iso}" (expected YYYY-MM-DD)`);
  return day.format(WIRE_DAY);
}
