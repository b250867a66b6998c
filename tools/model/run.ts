/**
 * `npm run test:model`: for every machines/<flow>.model.ts, generate paths from the machine, replay each on
 * a real actor with fake actors and a simulated clock, write visualizations/paths/<flow>.md (for engineers) and
 * <flow>.plain.md (for testers, from the machine's descriptions), print a coverage table, and exit 1 on any failure
 * (a replay that diverges, coverage below the target, a broken machine or spec file, a machine without a model
 * spec, a path step without a description to read it by).
 *
 * Options: `--only <flow>` runs one spec; `--no-write` leaves visualizations/paths alone;
 * `--machines <dir>` / `--out <dir>` point at other folders (the tool tests use tools/model/fixtures).
 * With EPIT_REPORT_DIR set, also writes <dir>/model.json ({ passed, failed }) for the CI summary.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadMachines, loadModelSpecs, MACHINES_DIR, ROOT, VIZ_DIR } from '../lib/machines';
import { renderPathsMarkdown, runSpec, type SpecResult } from './lib';
import { missingPlainText, plainPaths, renderPlainPathsMarkdown } from './plain-paths';
import { xstateInternalsProblems } from './xstate-internals';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const write = !args.includes('--no-write');
const machinesDir = args.includes('--machines') ? resolve(args[args.indexOf('--machines') + 1]) : MACHINES_DIR;
const outDir = args.includes('--out') ? resolve(args[args.indexOf('--out') + 1]) : VIZ_DIR;

const started = Date.now();
const machines = await loadMachines(machinesDir);
const specs = (await loadModelSpecs(machinesDir)).filter((s) => !only || s.flow === only);
// the runner reads a few xstate internals: say first and plainly when the installed xstate changed one
const errors: string[] = [...xstateInternalsProblems()];
const results: SpecResult[] = [];

for (const m of machines) {
  if (m.error) errors.push(`${relative(ROOT, m.file)}: cannot load the machine:\n    ${m.error}`);
  else if (!only && !specs.some((s) => s.flow === m.flow)) {
    errors.push(
      `${relative(ROOT, m.file)} has no model spec: add machines/${m.flow}.model.ts (see tests/support/model/model-spec.ts)`,
    );
  }
}

if (!specs.length)
  console.log(only ? `No machines/${only}.model.ts found.` : 'No machines/*.model.ts found: nothing to test.');

for (const entry of specs) {
  const rel = relative(ROOT, entry.file);
  if (entry.error || !entry.spec) {
    errors.push(`${rel}: cannot load the model spec:\n    ${entry.error}`);
    continue;
  }
  let result: SpecResult;
  try {
    result = await runSpec(entry.spec);
  } catch (err) {
    errors.push(`${rel}: path generation failed: ${err instanceof Error ? err.message : String(err)}`);
    continue;
  }
  results.push(result);
  // every step a tester reads must have its plain words: a description on each transition and state it meets
  const missing = missingPlainText(entry.spec, result.generated);
  if (missing.length) {
    const shown = missing.slice(0, 8).map((m) => `      - ${m}`);
    if (missing.length > shown.length) shown.push(`      ... and ${missing.length - shown.length} more`);
    errors.push(
      `${relative(ROOT, machines.find((m) => m.flow === entry.flow)?.file ?? rel)}: ${missing.length} path step(s) have no plain text ` +
        `(add a \`description\` to each):\n${shown.join('\n')}`,
    );
  }
  if (write) {
    const dir = join(outDir, 'paths');
    mkdirSync(dir, { recursive: true });
    const description = machines.find((m) => m.flow === entry.flow)?.description;
    const md = renderPathsMarkdown({ spec: entry.spec, generated: result.generated, specFile: rel, description });
    const plain = renderPlainPathsMarkdown(plainPaths(entry.spec, result.generated), description);
    for (const [file, text] of [
      [join(dir, `${entry.flow}.md`), md],
      [join(dir, `${entry.flow}.plain.md`), plain],
    ]) {
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
    }
  }
}

if (results.length) {
  const rows = results.map((r) => {
    const c = r.coverage;
    const excused = Object.keys(c.excused).length;
    return [
      r.name,
      String(r.generated.paths.length),
      String(r.steps),
      `${c.covered.length}/${c.total}`,
      excused ? String(excused) : '',
      `${(c.ratio * 100).toFixed(1)}%`,
      r.ok ? 'ok' : 'FAIL',
    ];
  });
  const head = ['machine', 'paths', 'steps', 'transitions', 'excused', 'coverage', 'result'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('\n' + fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((r) => console.log(fmt(r)));
  console.log('');
}

for (const r of results) {
  const shown = r.failures.slice(0, 6);
  for (const f of shown) console.error(`✗ ${r.name}: ${f}`);
  if (r.failures.length > shown.length)
    console.error(
      `✗ ${r.name}: ... and ${r.failures.length - shown.length} more failures (npm run test:model -- --only ${r.name})`,
    );
  for (const [k, reason] of Object.entries(r.coverage.excused))
    console.log(`  ${r.name}: not covered on purpose: ${k} (${reason})`);
}
for (const e of errors) console.error(`✗ ${e}`);

const passedPaths = results.reduce((n, r) => n + r.replays.filter((x) => x.ok).length, 0);
const failedPaths = results.reduce((n, r) => n + r.replays.filter((x) => !x.ok).length, 0);
const failedSpecs = results.filter((r) => !r.ok).length + errors.length;
if (process.env.EPIT_REPORT_DIR) {
  mkdirSync(process.env.EPIT_REPORT_DIR, { recursive: true });
  writeFileSync(
    join(process.env.EPIT_REPORT_DIR, 'model.json'),
    JSON.stringify({ passed: passedPaths, failed: failedPaths + (failedSpecs && !failedPaths ? failedSpecs : 0) }),
  );
}
console.log(
  `model: ${results.length} machine(s), ${passedPaths} path(s) passed, ${failedPaths} failed` +
    (errors.length ? `, ${errors.length} error(s)` : '') +
    ` (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
process.exitCode = failedSpecs ? 1 : 0;
