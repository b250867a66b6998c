/**
 * The debug overlay's lines and the last system error (spec 1 §8, spec 2 §8: "Debug system errors show a modal with
 * a stack; the debug overlay keeps at most 100 lines"; development builds only). A tiny external store for React.
 */
export const DEBUG_OVERLAY_MAX_LINES = 100;

export interface SystemError {
  message: string;
  stack: string | null;
}

type Listener = () => void;

export interface DebugLog {
  /** adds lines (a multi-line text counts line by line); only the newest DEBUG_OVERLAY_MAX_LINES are kept */
  push: (text: string) => void;
  lines: () => readonly string[];
  /** a system error for the modal; null closes it */
  setError: (error: SystemError | null) => void;
  error: () => SystemError | null;
  clear: () => void;
  subscribe: (listener: Listener) => () => void;
}

export function createDebugLog(max = DEBUG_OVERLAY_MAX_LINES): DebugLog {
  let lines: readonly string[] = [];
  let error: SystemError | null = null;
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((l) => l());
  return {
    push(text) {
      const added = text.split('\n');
      const all = [...lines, ...added];
      lines = all.length > max ? all.slice(all.length - max) : all;
      notify();
    },
    lines: () => lines,
    setError(e) {
      error = e;
      notify();
    },
    error: () => error,
    clear() {
      lines = [];
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A thrown value as the modal shows it. */
export function systemErrorOf(value: unknown): SystemError {
  if (value instanceof Error) return { message: `${value.name}: ${value.message}`, stack: value.stack ?? null };
  return { message: String(value), stack: null };
}

const time = () => new Date().toISOString().slice(11, 23);

/**
 * Feeds `log` from the page: uncaught errors and rejected promises (also opening the system-error modal), and
 * console.warn / console.error (still printed). Returns the undo.
 */
export function installDebugCapture(log: DebugLog, target: Window = window, con: Console = console): () => void {
  const onError = (e: ErrorEvent) => {
    const err = systemErrorOf(e.error ?? e.message);
    log.push(`${time()} error ${err.message}`);
    log.setError(err);
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const err = systemErrorOf(e.reason);
    log.push(`${time()} unhandled ${err.message}`);
    log.setError(err);
  };
  const { warn, error } = con;
  const text = (args: unknown[]) =>
    args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  con.warn = (...args: unknown[]) => {
    log.push(`${time()} warn ${text(args)}`);
    warn.apply(con, args);
  };
  con.error = (...args: unknown[]) => {
    log.push(`${time()} error ${text(args)}`);
    error.apply(con, args);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    con.warn = warn;
    con.error = error;
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
