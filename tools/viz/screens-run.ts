/**
 * `npm run viz:screens`: runs the browser tests that walk the customer journeys (SCREEN_SPECS in ./screens.ts) the
 * way `npm run test:e2e` does (playwright.config.ts builds the portal when it is stale and starts its servers), with
 * SCREENS_DIR set so that their screen() calls save pictures; then replaces visualizations/screens/ with them, writes
 * its manifest.json (flow, step, file, when taken, commit) and regenerates the flow book (`npm run viz`). The
 * pictures are generated output, committed like the diagrams. Exits 1 when a test fails or a promised screen is
 * missing (the folder is then left as it was).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT, VIZ_DIR } from '../lib/machines';
import { MANIFEST, SCREEN_SPECS, SCREENS, SCREENS_FOLDER, screenProblems, type ManifestEntry } from './screens';

const started = Date.now();
const shots = mkdtempSync(join(tmpdir(), 'epit-screens-'));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const grep = SCREEN_SPECS.flatMap((s) => s.tests.map(escape)).join('|');
const run = spawnSync(
  'npx',
  ['playwright', 'test', ...SCREEN_SPECS.map((s) => s.file), '--grep', grep, '--reporter=line', '--retries=0'],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SCREENS_DIR: shots, RUN_MODE: 'test' } },
);

const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
// the sources the screens were taken from: a change outside the generated visualizations makes the commit "+changes"
const changed = git('status', '--porcelain', '--', '.', `:!${relative(ROOT, VIZ_DIR)}`);
const commit = `${git('rev-parse', '--short', 'HEAD')}${changed ? '+changes' : ''}`;

const taken: ManifestEntry[] = readdirSync(shots)
  .filter((f) => f.endsWith('.jpg'))
  .map((file) => {
    const [flow, step] = file.replace(/\.jpg$/, '').split('--');
    return { flow, step, file, takenAt: new Date(statSync(join(shots, file)).mtimeMs).toISOString(), commit };
  })
  .sort((a, b) => order(a) - order(b));
function order(m: ManifestEntry) {
  const i = SCREENS.findIndex((p) => p.flow === m.flow && p.step === m.step);
  return i < 0 ? SCREENS.length : i;
}
const missing = SCREENS.filter((p) => !taken.some((m) => m.flow === p.flow && m.step === p.step));

if (run.status !== 0 || missing.length) {
  console.error(
    `✗ viz:screens: ${run.status !== 0 ? 'a test failed' : ''}${run.status !== 0 && missing.length ? '; ' : ''}` +
      `${missing.length ? `no screen of ${missing.map((m) => `${m.flow} “${m.step}”`).join(', ')}` : ''}; ` +
      `visualizations/${SCREENS_FOLDER}/ is left as it was (the pictures taken: ${shots})`,
  );
  process.exit(1);
}

const dir = join(VIZ_DIR, SCREENS_FOLDER);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
cpSync(shots, dir, { recursive: true });
writeFileSync(join(dir, MANIFEST), `${JSON.stringify({ screens: taken }, null, 2)}\n`);
rmSync(shots, { recursive: true, force: true });
const bytes = taken.reduce((n, m) => n + statSync(join(dir, m.file)).size, 0);
console.log(
  `viz:screens: ${taken.length} screen(s), ${(bytes / 1024).toFixed(0)} kB, commit ${commit} ` +
    `(${((Date.now() - started) / 1000).toFixed(0)} s); regenerating the flow book`,
);
const viz = spawnSync('npx', ['tsx', 'tools/viz/generate.ts'], { cwd: ROOT, stdio: 'inherit' });
const problems = screenProblems(VIZ_DIR);
for (const p of problems) console.error(`✗ screens: ${p}`);
process.exitCode = viz.status === 0 && !problems.length ? 0 : 1;
