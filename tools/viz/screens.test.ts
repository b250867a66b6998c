import { afterAll, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VIZ_DIR } from '../lib/machines';
import { bookScreens, MANIFEST, readManifest, screenProblems, SCREENS, SCREENS_FOLDER } from './screens';

const tmp = mkdtempSync(join(tmpdir(), 'screens-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** a copy of visualizations/screens/ (the committed screens) to break */
function copy(name: string) {
  const out = join(tmp, name);
  mkdirSync(join(out, SCREENS_FOLDER), { recursive: true });
  for (const f of readdirSync(join(VIZ_DIR, SCREENS_FOLDER)))
    copyFileSync(join(VIZ_DIR, SCREENS_FOLDER, f), join(out, SCREENS_FOLDER, f));
  return out;
}

it('the committed screens: every promised step has its file, and the book places each', () => {
  expect(screenProblems(VIZ_DIR)).toEqual([]);
  expect(bookScreens(VIZ_DIR)?.shots.map((s) => `${s.flow} ${s.step}`)).toEqual(
    SCREENS.map((s) => `${s.flow} ${s.step}`),
  );
});

it('names a file the manifest lists but the folder lacks, a promised step without a file, and a stray picture', () => {
  const out = copy('broken');
  const manifest = readManifest(out)!;
  const [first, second] = manifest;
  rmSync(join(out, SCREENS_FOLDER, first.file));
  writeFileSync(join(out, SCREENS_FOLDER, MANIFEST), JSON.stringify({ screens: manifest.filter((m) => m !== second) }));
  writeFileSync(join(out, SCREENS_FOLDER, 'stray.jpg'), '');
  const problems = screenProblems(out);
  expect(problems).toContainEqual(
    expect.stringContaining(`${first.file} (${first.flow} “${first.step}”) is in the manifest but not in the folder`),
  );
  expect(problems).toContainEqual(expect.stringContaining(`no screen of ${second.flow} “${second.step}”`));
  expect(problems).toContainEqual(expect.stringContaining('stray.jpg is not in the manifest'));
  expect(problems).toContainEqual(expect.stringContaining(`${second.file} is not in the manifest`));
});

it('a folder without a manifest asks for npm run viz:screens', () => {
  expect(screenProblems(join(tmp, 'none'))).toEqual([
    `${SCREENS_FOLDER}/${MANIFEST} is missing: run npm run viz:screens`,
  ]);
  expect(bookScreens(join(tmp, 'none'))).toBeUndefined();
});
