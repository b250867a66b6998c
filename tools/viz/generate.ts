/**
 * `npm run viz`: for every machines/<flow>.machine.ts the main diagram visualizations/<flow>.mmd + .svg, one
 * <flow>.<statePath>.mmd + .svg per group drawn closed in it, and <flow>.detail.mmd + .svg (with actions); then
 * visualizations/README.md and visualizations/paths/<flow>.md (the same path lists `npm run test:model` writes). SVGs are re-rendered
 * (in /usr/bin/chromium) only when their embedded source hash differs; `--force` re-renders all.
 *
 * `npm run viz:check` (`--check`): computes everything in memory (no browser, no path replay) and exits 1
 * naming every stale file. `--machines <dir>` / `--out <dir>` point at other folders (tool tests).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { ROOT } from '../lib/machines';
import { findStale, orphans, planViz } from './lib';
import { embeddedHash, startMermaidRenderer, svgWithHash, type MermaidRenderer } from './render';

const args = process.argv.slice(2);
const check = args.includes('--check');
const force = args.includes('--force');
const opt = (name: string) => (args.includes(name) ? resolve(args[args.indexOf(name) + 1]) : undefined);

const plan = await planViz({ machinesDir: opt('--machines'), outDir: opt('--out') });
for (const e of plan.errors) console.error(`✗ ${e}`);

if (check) {
  const stale = findStale(plan);
  if (stale.length) {
    console.error(
      `✗ visualizations are stale:\n${stale.map((s) => `    - ${s}`).join('\n')}\n  run: npm run viz && npm run test:model`,
    );
  } else {
    console.log(
      `viz:check: ${plan.svgs.size} diagram(s) and ${[...plan.files.keys()].filter((f) => f.includes('/paths/')).length} path list(s) are current`,
    );
  }
  process.exitCode = stale.length || plan.errors.length ? 1 : 0;
} else {
  const written: string[] = [];
  for (const [file, content] of plan.files) {
    if (existsSync(file) && readFileSync(file, 'utf8') === content) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    written.push(file);
  }
  const toRender = [...plan.svgs].filter(
    ([file, hash]) => force || !existsSync(file) || embeddedHash(readFileSync(file, 'utf8')) !== hash,
  );
  let renderer: MermaidRenderer | undefined;
  try {
    if (toRender.length) renderer = await startMermaidRenderer();
    for (const [file] of toRender) {
      const mmd = plan.files.get(file.replace(/\.svg$/, '.mmd'))!;
      try {
        writeFileSync(file, svgWithHash(await renderer!.render(mmd), mmd));
        written.push(file);
      } catch (err) {
        plan.errors.push(
          `${relative(ROOT, file)}: mermaid could not render it: ${err instanceof Error ? err.message : String(err)}`,
        );
        console.error(`✗ ${plan.errors[plan.errors.length - 1]}`);
      }
    }
  } catch (err) {
    plan.errors.push(err instanceof Error ? err.message : String(err));
    console.error(`✗ ${plan.errors[plan.errors.length - 1]}`);
  } finally {
    await renderer?.close();
  }
  for (const f of orphans(plan)) {
    rmSync(f);
    console.log(`removed ${relative(ROOT, f)} (no machine or model spec any more)`);
  }
  for (const f of written) console.log(`wrote ${relative(ROOT, f)}`);
  console.log(
    `viz: ${plan.diagrams.size} machine(s), ${plan.svgs.size} diagram(s), ${written.length} file(s) written${plan.errors.length ? `, ${plan.errors.length} error(s)` : ''}`,
  );
  process.exitCode = plan.errors.length ? 1 : 0;
}
