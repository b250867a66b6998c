/** Injected time source, so tests control ticket expiry, role dates and seeding offsets. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start`, moved with `advance(ms)` or `set(date)`. */
export function fakeClock(start: Date | string = '2025-03-01T09:00:00.000Z') {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(d: Date | string) {
      t = new Date(d).getTime();
    },
  };
}
