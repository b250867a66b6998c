import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepBuild, KEPT_BUILDS, readBuilds } from './keep-builds';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** writes a build's files (and a .br copy of each) into the folder, as vite and the precompression would */
function build(n: number) {
  const files = [`assets/index-b${n}.js`, `assets/user-settings-b${n}.js`, `assets/style-b${n}.css`];
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const f of files) {
    writeFileSync(path.join(dir, f), `build ${n}`);
    writeFileSync(path.join(dir, `${f}.br`), `build ${n}`);
  }
  return keepBuild(dir, { id: `index-b${n}.js`, at: new Date(2026, 0, n).toISOString(), files });
}

describe('the built folder keeps the two builds before the current one', () => {
  it('serves the files of the last three builds and removes older ones, their compressed copies too', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'keep-builds-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    for (const n of [1, 2, 3, 4]) build(n);
    expect(KEPT_BUILDS).toBe(3);
    expect(readBuilds(dir).map((b) => b.id)).toEqual(['index-b2.js', 'index-b3.js', 'index-b4.js']);
    const left = readdirSync(path.join(dir, 'assets'));
    expect(left.filter((f) => f.includes('-b1.'))).toEqual([]);
    expect(left.filter((f) => f.includes('-b2.'))).toHaveLength(6);
    expect(left).toContain('user-settings-b4.js.br');
    // what is not under assets/ belongs to whichever build wrote it last
    expect(readdirSync(dir)).toContain('index.html');
  });

  it('a file no build lists (a folder from before the list) goes, and the same build built again is listed once', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'keep-builds-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'stray-123456.js'), 'old');
    build(1);
    const { kept, removed } = build(1);
    expect(kept.map((b) => b.id)).toEqual(['index-b1.js']);
    expect(removed).toBe(0);
    expect(readdirSync(path.join(dir, 'assets'))).not.toContain('stray-123456.js');
  });
});
