/**
 * The last lines of a CI run (.ci/run): test counts per stage and one plain total, `N passed, M failed`.
 * Usage: tsx tools/ci/summary.ts <npm-test-log> <report-dir> <npm-test-exit-status>
 * Counts: vitest from its summary line in the log, the model runner from <report-dir>/model.json,
 * Playwright from <report-dir>/e2e.json (its JSON reporter). A failing step without test counts
 * (typecheck, viz:check) counts as one failure, so a red run never ends with "0 failed".
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** the colour codes (ESC [ ... m) a terminal log may carry */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const [logFile, reportDir, statusArg] = process.argv.slice(2);
const status = Number(statusArg ?? 0);
const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').replace(ANSI_COLOUR, '') : '';

interface Count {
  passed: number;
  failed: number;
}
const stages: [string, Count | undefined][] = [];

// vitest: "      Tests  3 failed | 120 passed | 1 skipped (124)"
const unitLines = [...log.matchAll(/^\s*Tests\s+(.+)\(\d+\)\s*$/gm)].map((m) => m[1]);
if (unitLines.length) {
  const c: Count = { passed: 0, failed: 0 };
  for (const l of unitLines) {
    c.passed += Number(/(\d+) passed/.exec(l)?.[1] ?? 0);
    c.failed += Number(/(\d+) failed/.exec(l)?.[1] ?? 0);
  }
  stages.push(['unit (vitest)', c]);
} else stages.push(['unit (vitest)', undefined]);

const json = <T>(f: string): T | undefined =>
  existsSync(join(reportDir, f)) ? (JSON.parse(readFileSync(join(reportDir, f), 'utf8')) as T) : undefined;
stages.push(['model paths', json<Count>('model.json')]);
const e2e = json<{ stats: { expected: number; unexpected: number; flaky: number } }>('e2e.json');
stages.push([
  'e2e (playwright)',
  e2e && { passed: e2e.stats.expected + e2e.stats.flaky, failed: e2e.stats.unexpected },
]);

let passed = 0;
let failed = 0;
console.log('\n=== summary ===');
for (const [name, c] of stages) {
  console.log(`${name.padEnd(18)} ${c ? `${c.passed} passed, ${c.failed} failed` : 'not run'}`);
  if (c) {
    passed += c.passed;
    failed += c.failed;
  }
}
const typecheckFailed = /error TS\d+/.test(log);
const vizStale = /visualizations are stale/.test(log);
if (typecheckFailed) console.log('typecheck          FAILED');
if (vizStale) console.log('viz:check          FAILED (run npm run viz && npm run test:model)');
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
