/**
 * The shell's timer registry (spec 1 §4 Scheduler): timers that are not persistent are cleared on
 * every navigation start (the navigation machine runs the clearNonPersistentTimers action).
 * Page code that polls or delays should use this instead of bare setTimeout/setInterval.
 */
export interface Scheduler {
  timeout(fn: () => void, ms: number, opts?: { persistent?: boolean }): () => void;
  interval(fn: () => void, ms: number, opts?: { persistent?: boolean }): () => void;
  clearNonPersistent(): void;
  readonly size: number;
}

export function createScheduler(): Scheduler {
  const timers = new Map<number, { persistent: boolean; clear: () => void }>();
  let seq = 0;
  function add(persistent: boolean, start: (done: () => void) => () => void): () => void {
    const id = ++seq;
    const remove = () => {
      const t = timers.get(id);
      if (t) {
        t.clear();
        timers.delete(id);
      }
    };
    const clear = start(() => timers.delete(id));
    timers.set(id, { persistent, clear });
    return remove;
  }
  return {
    timeout(fn, ms, opts) {
      return add(opts?.persistent ?? false, (done) => {
        const h = setTimeout(() => {
          done();
          fn();
        }, ms);
        return () => clearTimeout(h);
      });
    },
    interval(fn, ms, opts) {
      return add(opts?.persistent ?? false, () => {
        const h = setInterval(fn, ms);
        return () => clearInterval(h);
      });
    },
    clearNonPersistent() {
      for (const [id, t] of timers) {
        if (!t.persistent) {
          t.clear();
          timers.delete(id);
        }
      }
    },
    get size() {
      return timers.size;
    },
  };
}
