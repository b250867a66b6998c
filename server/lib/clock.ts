/** Injected time source, so tests control ticket expiry, role dates and seeding offsets. */
export interface Clock {
  now(): Date;
  /** the same instant in ms without making a Date: what a check every request makes reads (see nowMs) */
  nowMs?(): number;
  /** simulator console: move this clock by `ms` (negative: back); answers the offset from real time */
  shift?(ms: number): number;
}

let systemOffsetMs = 0;
export const systemClock: Clock = {
  now: () => new Date(Date.now() + systemOffsetMs),
  nowMs: () => Date.now() + systemOffsetMs,
  shift: (ms) => (systemOffsetMs += ms),
};

/**
 * A clock for tests: starts at `start`, moved with `advance(ms)` or `set(date)`.
 * @internal for tests
 */
export function fakeClock(start: Date | string = '2025-03-01T09:00:00.000Z') {
  let t = new Date(start).getTime();
  const t0 = t;
  return {
    now: () => new Date(t),
    nowMs: () => t,
    shift: (ms: number) => (t += ms) - t0,
    advance(ms: number) {
      t += ms;
    },
    set(d: Date | string) {
      t = new Date(d).getTime();
    },
  };
}

/** The clock's time in ms: its `nowMs` when it has one, else its Date's. */
export const nowMs = (clock: Clock): number => (clock.nowMs ? clock.nowMs() : clock.now().getTime());
