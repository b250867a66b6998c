import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScheduler } from './scheduler';

describe('scheduler (spec 1 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('clears only non-persistent timers', () => {
    const s = createScheduler();
    const fired: string[] = [];
    s.timeout(() => fired.push('page'), 1000);
    s.interval(() => fired.push('poll'), 1000, { persistent: true });
    s.clearNonPersistent();
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual(['poll']);
    expect(s.size).toBe(1);
  });
});
