import { describe, expect, it } from 'vitest';
import { addDays, isoDay, isoToDmy, offsetToIso } from './dates.js';

/** the seeder's clock in the server tests */
const SEEDED_AT = new Date('2025-03-01T09:00:00Z');

describe('calendar dates (spec 1 §4 role validity: DD.MM.YYYY on the wire)', () => {
  it('turns seed offsets into the days the demo rights begin and end, shown as DD.MM.YYYY', () => {
    const dmy = (offset: string | null) => isoToDmy(offsetToIso(offset, SEEDED_AT));
    expect(dmy('-400d')).toBe('26.01.2024');
    expect(dmy('-30d')).toBe('30.01.2025');
    expect(dmy('0d')).toBe('01.03.2025');
    expect(dmy('+335d')).toBe('30.01.2026');
    expect(dmy(null)).toBeNull();
  });

  it('counts calendar days across month ends and leap days', () => {
    expect(offsetToIso('+1d', new Date('2024-02-28T12:00:00Z'))).toBe('2024-02-29');
    expect(offsetToIso('+1d', new Date('2025-02-28T12:00:00Z'))).toBe('2025-03-01');
    expect(offsetToIso('-1d', new Date('2025-01-01T00:00:00Z'))).toBe('2024-12-31');
    expect(isoToDmy('2024-02-29')).toBe('29.02.2024');
  });

  it('reads only the day of a longer ISO timestamp and rejects what is not a date', () => {
    expect(isoToDmy('2025-03-01T23:59:59Z')).toBe('01.03.2025');
    expect(isoToDmy('')).toBeNull();
    expect(() => isoToDmy('2025-02-30')).toThrow(/bad date/);
    expect(() => offsetToIso('30 days', SEEDED_AT)).toThrow(/bad day offset/);
  });

  it('end-of-day rule: a right ending today (0d) still runs at the day’s last millisecond and has ended at the next', () => {
    const firstMs = new Date('2025-03-01T00:00:00.000Z');
    const lastMs = new Date('2025-03-01T23:59:59.999Z');
    // whenever during the day it was seeded, the end is that calendar day, not 24 hours later
    const end = offsetToIso('0d', firstMs);
    expect(offsetToIso('0d', lastMs)).toBe(end);
    // the server's rule: a right runs while its end day is today or later (end_date >= today)
    expect(end! >= isoDay(lastMs)).toBe(true);
    expect(end! >= isoDay(new Date(lastMs.getTime() + 1))).toBe(false);
    expect(isoDay(addDays(lastMs, 1))).toBe('2025-03-02');
  });
});
