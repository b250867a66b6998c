/**
 * The build the server serves (docs/deployment.md "A release while people use the portal"): its id is the file
 * name of the entry script `dist/index.html` loads (`index-<hash>.js`), which changes with any of the build's code
 * files, because the entry names them all. The portal reads the same name from its own page (src/app/release.ts),
 * and the server announces its id on every API answer (`X-Portal-Build`), so a page loaded before a release learns
 * of the newer build and takes it at its next navigation.
 *
 * `dist/.builds.json` (tools/build/keep-builds.ts) lists the files of the builds the folder keeps; the current one's
 * list is what the server's hints may name, never a kept older build's file.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const BUILD_HEADER = 'X-Portal-Build';

export interface CurrentBuild {
  id: string;
  /** the build's files under assets/ (relative to the folder), or null when the folder keeps no list */
  files: ReadonlySet<string> | null;
}

/** How long an answer may announce the build last read before index.html is looked at again (a stat per API answer
 * cost more than the rest of the announcement: about 12 µs of a context call's 160, bench/perf-api.ts) */
export const BUILD_RECHECK_MS = 1_000;

const ENTRY = /<script\b[^>]*\btype="module"[^>]*\bsrc="[^"]*\/assets\/([^"/]+\.js)"/;
const known = new Map<string, { mtimeMs: number; build: CurrentBuild | null }>();

/** The build in `distDir`, read again whenever its index.html changes; null when there is none. */
export function currentBuild(distDir: string): CurrentBuild | null {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path.join(distDir, 'index.html')).mtimeMs;
  } catch {
    return null;
  }
  const cached = known.get(distDir);
  if (cached?.mtimeMs === mtimeMs) return cached.build;
  let build: CurrentBuild | null = null;
  try {
    const id = ENTRY.exec(readFileSync(path.join(distDir, 'index.html'), 'utf8'))?.[1];
    if (id) build = { id, files: filesOf(distDir, id) };
  } catch {
    build = null;
  }
  known.set(distDir, { mtimeMs, build });
  return build;
}

/**
 * What every API answer announces (`X-Portal-Build`), one per app: `currentBuild`'s id, looked up again when `nowMs`
 * (the portal's clock) is a second or more away from the last look, either way (the simulator console moves that
 * clock back too). A build written while the process runs is so announced within a second; the page takes it at its
 * next navigation anyway (src/app/release.ts), so the second changes nothing a person sees.
 */
export function buildAnnouncer(distDir: string): (nowMs: number) => string | null {
  let checkedAt = 0;
  let id: string | null = null;
  let checked = false;
  return (nowMs) => {
    if (checked && Math.abs(nowMs - checkedAt) < BUILD_RECHECK_MS) return id;
    id = currentBuild(distDir)?.id ?? null;
    checkedAt = nowMs;
    checked = true;
    return id;
  };
}

function filesOf(distDir: string, id: string): ReadonlySet<string> | null {
  try {
    const builds: unknown = JSON.parse(readFileSync(path.join(distDir, '.builds.json'), 'utf8'));
    if (!Array.isArray(builds)) return null;
    const mine = (builds as { id?: unknown; files?: unknown }[]).find((b) => b?.id === id);
    return Array.isArray(mine?.files) ? new Set(mine.files.filter((f): f is string => typeof f === 'string')) : null;
  } catch {
    return null;
  }
}
