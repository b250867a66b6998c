import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, RAIL_TOP, RESIZE_DEBOUNCE, sideMenuFloats } from './sidebar-layout';

describe('sidebar resize (spec 1 §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('floats when the window is tall enough for the rail below the header', () => {
    expect(RAIL_TOP).toBe(81);
    expect(sideMenuFloats(800, 300)).toBe(true);
    expect(sideMenuFloats(381, 300)).toBe(true);
    expect(sideMenuFloats(380, 300)).toBe(false);
    expect(sideMenuFloats(200, 300, 0)).toBe(false);
  });

  it('lays out once, 100 ms after the last resize event', () => {
    expect(RESIZE_DEBOUNCE).toBe(100);
    const fn = vi.fn();
    const d = debounce(fn, RESIZE_DEBOUNCE);
    d(1);
    vi.advanceTimersByTime(60);
    d(2);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
  });

  it('cancel drops a pending layout', () => {
    const fn = vi.fn();
    const d = debounce(fn, RESIZE_DEBOUNCE);
    d();
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });
});
