/**
 * Sidebar resize (spec 1 §4 "Sidebar resize", §9 "resize debounce 100 ms"): on window resize, debounced, the main
 * menu rail is laid out again: it floats (stays in view while the page scrolls) when the window is tall enough for
 * it below the header, and otherwise scrolls with the page so that no entry is out of reach.
 */

/** Spec 1 §9: the resize handler waits 100 ms after the last resize event. */
export const RESIZE_DEBOUNCE = 100;
/** The signed-in desktop header's height, where the floating rail starts (spec 1 §9: 80 px + its border). */
export const RAIL_TOP = 81;

/** Does the rail (its content height) fit in the window below the header? */
export function sideMenuFloats(windowHeight: number, menuHeight: number, top: number = RAIL_TOP): boolean {
  return windowHeight - top >= menuHeight;
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Calls `fn` once `ms` have passed without another call (the last call's arguments win). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
