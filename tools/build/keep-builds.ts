/**
 * Vite plugin: the built folder keeps the hashed files of the two builds before this one beside its own. A page
 * loaded before a release asks for the code of the pages it has not shown yet by the old build's file names; while
 * those are still served, a release breaks no open page (docs/deployment.md "A release while people use the portal").
 *
 * `build.emptyOutDir` is off, so the old files stay; `dist/.builds.json` lists each kept build's files (newest last,
 * named by its entry script, which is also the build id the server announces: server/lib/build-id.ts). After each
 * build, every file under `assets/` that no kept build lists (nor is a `.br`/`.gz` copy of one) is removed.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** this build and the two before it */
export const KEPT_BUILDS = 3;
export const BUILDS_FILE = '.builds.json';

export interface KeptBuild {
  /** the entry script's file name, e.g. `index-B1x2y3z4.js` */
  id: string;
  /** ISO time of the build */
  at: string;
  /** the build's files under assets/, relative to the built folder */
  files: string[];
}

export function readBuilds(outDir: string): KeptBuild[] {
  try {
    const value: unknown = JSON.parse(readFileSync(path.join(outDir, BUILDS_FILE), 'utf8'));
    return Array.isArray(value) ? (value as KeptBuild[]).filter((b) => typeof b?.id === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds `build` to the list, keeps the newest KEPT_BUILDS, and removes every asset none of them lists. */
export function keepBuild(outDir: string, build: KeptBuild): { kept: KeptBuild[]; removed: number } {
  const kept = [...readBuilds(outDir).filter((b) => b.id !== build.id), build].slice(-KEPT_BUILDS);
  const listed = new Set(kept.flatMap((b) => b.files));
  let removed = 0;
  const assets = path.join(outDir, 'assets');
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const rel = path.relative(outDir, full).split(path.sep).join('/');
      if (!listed.has(rel.replace(/\.(br|gz)$/, ''))) {
        rmSync(full);
        removed++;
      }
    }
  };
  walk(assets);
  writeFileSync(path.join(outDir, BUILDS_FILE), `${JSON.stringify(kept, null, 1)}\n`);
  return { kept, removed };
}

export function keepPreviousBuilds(): Plugin {
  let outDir = 'dist';
  let files: string[] = [];
  let id = '';
  let log = (_line: string) => {};
  return {
    name: 'epit-keep-builds',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (line) => config.logger.info(line);
    },
    generateBundle(_options, bundle) {
      files = Object.keys(bundle).filter((f) => f.startsWith('assets/'));
      const entry = Object.values(bundle).find((f) => f.type === 'chunk' && f.isEntry);
      id = entry ? path.basename(entry.fileName) : '';
    },
    // before the precompression (closeBundle), so no copy is made of a file about to go
    writeBundle() {
      const { kept, removed } = keepBuild(outDir, { id, at: new Date().toISOString(), files });
      log(`kept builds: ${kept.map((b) => b.id).join(', ')} (${removed} files of older builds removed)`);
    },
  };
}
