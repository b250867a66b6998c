/**
 * A part of the portal wired the first time something needs it: its feature module,
 * machines and views are a chunk of their own that loads with the route (or modal) that uses it. The composition
 * root exposes the wired part as a plain property, readable once loaded; the root route's beforeLoad loads the
 * parts a route declares (its staticData `parts`, src/app/route-meta.ts) before any of its components renders.
 */
export interface LazyPart<T> {
  /** imports and wires the part once; every caller gets the same promise (a failed import may be tried again) */
  load: () => Promise<T>;
  /** the wired part; throws when read before load() settled, which is a wiring mistake, not a user's */
  get: () => T;
  /** listens for the part becoming available (for views that show it, e.g. the customer-add modal) */
  subscribe: (listener: () => void) => () => void;
  readonly loaded: boolean;
}

export function lazyPart<T>(name: string, importAndWire: () => Promise<T>): LazyPart<T> {
  let pending: Promise<T> | null = null;
  let value: { part: T } | null = null;
  const listeners = new Set<() => void>();
  return {
    load: () => {
      pending ??= importAndWire().then(
        (part) => {
          value = { part };
          listeners.forEach((l) => l());
          return part;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    get: () => {
      if (!value) throw new Error(`portal part '${name}' read before it was loaded (the route's staticData parts)`);
      return value.part;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get loaded() {
      return value !== null;
    },
  };
}
