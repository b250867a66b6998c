/**
 * `npm run check:rules`: the Prometheus rules of ops/prometheus/ checked and unit-tested with promtool (Debian's
 * `prometheus` package; .ci/run installs it when missing).
 *
 *   promtool check rules portal.rules.yml          syntax, PromQL, templates of the annotations
 *   promtool test rules portal.rules*.test.yml     every alert firing in one case and silent in another
 *
 * promtool compares an alert's annotations whole, and they are prose with values rendered in (a percentage to many
 * digits), so the tests run against a copy of the rules without annotations, in a temporary folder.
 * server/ops/observability.test.ts checks the annotations instead: each alert has them, and its runbook exists.
 * Without promtool the check is skipped with a note, unless CI is set (then it fails).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';

const dir = path.resolve(import.meta.dirname, '../../ops/prometheus');
const RULES = 'portal.rules.yml';

const found = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
if (found.error) {
  const note = 'promtool is missing (Debian: apt-get install -y prometheus)';
  if (process.env.CI) {
    console.error(`check:rules: ${note}`);
    process.exit(1);
  }
  console.log(`check:rules: ${note}: skipped`);
  process.exit(0);
}

const run = (args: string[], cwd: string) => {
  const r = spawnSync('promtool', args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run(['check', 'rules', RULES], dir);

const work = mkdtempSync(path.join(tmpdir(), 'portal-rules-'));
try {
  const rules = parse(readFileSync(path.join(dir, RULES), 'utf8')) as {
    groups: { rules: { annotations?: unknown }[] }[];
  };
  for (const group of rules.groups) for (const rule of group.rules) delete rule.annotations;
  writeFileSync(path.join(work, RULES), stringify(rules));
  const tests = readdirSync(dir).filter((f) => f.endsWith('.test.yml'));
  for (const f of tests) writeFileSync(path.join(work, f), readFileSync(path.join(dir, f)));
  run(['test', 'rules', ...tests], work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
