/**
 * Releases while the portal is open (docs/deployment.md "A release while people use the portal").
 *
 * - The portal's build is the file name of the entry script its page loaded; the server names the build it serves
 *   on every API answer (`X-Portal-Build`, server/lib/build-id.ts). When they differ, a newer build is waiting and
 *   the next navigation to another page is a page load, so the person takes it between pages, never in a form.
 * - A code file that cannot be loaded at a navigation (a build's file gone: Vite's `vite:preloadError`, a failed
 *   dynamic import) reloads the page once at that address: the kept drafts live in the tab's sessionStorage
 *   (src/app/drafts.ts), and the person lands on the page they asked for. A second failure at the same address
 *   shows the route's error page (src/features/shell/RouteError.tsx).
 */
const RELOADED_KEY = 'epit.reloadedFor';
export const BUILD_HEADER = 'X-Portal-Build';

/** The entry script's file name (`index-<hash>.js`) of the page as loaded; null in development (no hashed entry). */
function ownBuild(): string | null {
  if (typeof document === 'undefined') return null;
  const src = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src;
  return src ? (src.split('/').pop() ?? null) : null;
}

const own = ownBuild();
let newer: string | null = null;

/** The API client reports the build every answer names. */
export function noteServerBuild(build: string | null): void {
  if (own && build && build !== own) newer = build;
}

/** the path of the page last shown; a navigation elsewhere is "between pages" */
let shownPath: string | null = null;

/** Whether a navigation to `toPath` should load the page anew to take a newer build. */
export function takesNewerBuild(toPath: string): boolean {
  return newer !== null && shownPath !== null && shownPath !== toPath;
}

/** A dynamic import or module preload that failed because the file could not be fetched. */
export function isCodeLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Loads the page at its address once more after a code file failed to load there; false (nothing done) when it was
 * already tried at this address, so the error page shows instead of a reload loop.
 */
export function reloadOnceFor(href: string): boolean {
  if (!reloadOnceFor.pending(href)) return false;
  storage()?.setItem(RELOADED_KEY, href);
  window.location.reload();
  return true;
}
/** whether the reload at `href` is still to be tried */
reloadOnceFor.pending = (href: string): boolean => {
  const s = storage();
  return s !== null && s.getItem(RELOADED_KEY) !== href;
};

/** A page shown without error: a later failure at the same address may reload again (a later release). */
export function pageShown(path: string): void {
  shownPath = path;
  storage()?.removeItem(RELOADED_KEY);
}

/**
 * Vite announces a failed preload of a lazy chunk's files before the import rejects: the error then reaches the
 * route's error component, which decides (reloadOnceFor). Logged here with the build.
 */
export function watchPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    console.warn('code file failed to load', { build: own, error: (event as Event & { payload?: unknown }).payload });
  });
}

export const portalBuild = (): string | null => own;
