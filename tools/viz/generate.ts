/**
 * `npm run viz`: for every machines/<flow>.machine.ts the main diagram visualizations/<flow>.mmd + .svg, one
 * <flow>.<statePath>.mmd + .svg per group drawn closed in it (these are the product-owner views, labelled with the
 * machine's descriptions), and <flow>.detail.mmd + .svg (the engineer view: events, guards, actors, actions); then
 * visualizations/README.md, visualizations/paths/<flow>.md and <flow>.plain.md (the same path lists
 * `npm run test:model` writes), and the flow book visualizations/index.html. SVGs are re-rendered (in
 * /usr/bin/chromium, laid out by ELK) only when their embedded source hash differs; `--force` re-renders all.
 *
 * With the root machine (portal) in the folder, also visualizations/system.mmd + .svg: the flow book's system page,
 * the actors and what passes between them, read from the machines' source by links.ts.
 *
 * `npm run viz:check` (`--check`): computes everything in memory (no path replay) and names every stale file, then
 * shows every SVG in Chromium and counts the edge labels drawn over another label or a state box; exits 1 on
 * either. `--machines <dir>` / `--out <dir>` point at other folders (tool tests).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { ROOT, VIZ_DIR } from '../lib/machines';
import { bookContent, bookProblems, findStale, orphans, planViz } from './lib';
import { countCrossings } from './crossings';
import { screenProblems } from './screens';
import { embeddedHash, startMermaidRenderer, svgWithHash, type MermaidRenderer } from './render';

/** the smallest diagram text the flow book may show at a diagram's opening scale (1280 × 800), in CSS px */
const MIN_TEXT = 12;

const args = process.argv.slice(2);
const check = args.includes('--check');
const force = args.includes('--force');
const opt = (name: string) => (args.includes(name) ? resolve(args[args.indexOf(name) + 1]) : undefined);
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const plan = await planViz({ machinesDir: opt('--machines'), outDir: opt('--out') });
for (const e of bookProblems(plan)) plan.errors.push(`the flow book: ${e}`);
// the portal's book only: a tool test's folder has no screens
if (check && plan.outDir === VIZ_DIR) for (const e of screenProblems(plan.outDir)) plan.errors.push(`screens: ${e}`);
for (const e of plan.errors) console.error(`✗ ${e}`);

if (check) {
  const stale = findStale(plan);
  if (stale.length) {
    console.error(
      `✗ visualizations are stale:\n${stale.map((s) => `    - ${s}`).join('\n')}\n  run: npm run viz && npm run test:model`,
    );
  }
  const planned = seconds();
  // overlaps: every SVG on disk, shown in one Chromium page one after the other
  const measuring = Date.now();
  const files = [...plan.svgs.keys()].filter((f) => existsSync(f));
  let overlapping = 0;
  const perDiagram: string[] = [];
  let renderer: MermaidRenderer | undefined;
  const small: string[] = [];
  let measuredRoutes = 0;
  /** diagram → how many times its arrows cross (reported, not a failure: ELK avoids them where it can) */
  const crossings = new Map<string, number>();
  try {
    renderer = await startMermaidRenderer({ mermaid: false });
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      crossings.set(basename(file, '.svg'), countCrossings(text));
      const found = await renderer.overlaps(text);
      if (!found.length) continue;
      overlapping += found.length;
      perDiagram.push(
        `    - ${basename(file)}: ${found.length}\n` +
          found
            .map((o) => `        "${o.label}" overlaps ${o.other.startsWith('state ') ? o.other : `"${o.other}"`}`)
            .join('\n'),
      );
    }
    // the book at 1280 × 800: every diagram's text at least MIN_TEXT px at its opening scale
    if (existsSync(plan.bookFile)) {
      const routes = [
        ...(plan.system ? [`#/${plan.system.name}`] : []),
        ...[...plan.diagrams].flatMap(([flow, list]) =>
          list
            .filter((d) => d.kind !== 'detail')
            .map((d) => (d.kind === 'main' ? `#/${flow}` : `#/${flow}/${encodeURIComponent(d.name)}`)),
        ),
      ];
      const sizes = await renderer.bookTextSizes(readFileSync(plan.bookFile, 'utf8'), routes);
      measuredRoutes = sizes.length;
      for (const s of sizes) {
        if (s.px === Infinity) small.push(`${s.route}: no diagram text shows`);
        else if (s.px < MIN_TEXT)
          small.push(`${s.route}: "${s.text}" is ${s.px.toFixed(1)} px at the opening scale ${s.scale}`);
      }
    }
  } catch (err) {
    plan.errors.push(`cannot measure the diagrams: ${err instanceof Error ? err.message : String(err)}`);
    console.error(`✗ ${plan.errors[plan.errors.length - 1]}`);
  } finally {
    await renderer?.close();
  }
  if (overlapping) {
    console.error(
      `✗ ${overlapping} overlapping label(s) in ${perDiagram.length} of ${files.length} diagram(s):\n${perDiagram.join('\n')}`,
    );
  }
  if (small.length)
    console.error(
      `✗ diagram text under ${MIN_TEXT} px in the flow book at 1280 × 800:\n${small.map((s) => `    - ${s}`).join('\n')}`,
    );
  const crossed = [...crossings].filter(([name, n]) => n > 0 && !name.endsWith('.detail'));
  console.log(
    `crossing arrows in the product-owner diagrams: ${crossed.reduce((sum, [, n]) => sum + n, 0)} in all` +
      (crossed.length
        ? `; ${crossed
            .sort((a, b) => b[1] - a[1])
            .map(([name, n]) => `${name} ${n}`)
            .join(', ')}`
        : ''),
  );
  const pathLists = [...plan.files.keys()].filter((f) => f.includes('/paths/')).length;
  console.log(
    `viz:check: ${plan.svgs.size} diagram(s), ${pathLists} path list(s) and the flow book ` +
      `${stale.length ? `(${stale.length} stale file(s))` : 'are current'}; ${overlapping} overlapping label(s) ` +
      `in ${files.length} SVG(s); ${small.length} of ${measuredRoutes} book diagram(s) with text under ${MIN_TEXT} px ` +
      `(${seconds()}: plan and paths ${planned}` +
      `${plan.linksMs === undefined ? '' : `, of which reading the system's links ${(plan.linksMs / 1000).toFixed(1)} s`}` +
      `, measuring ` +
      `${((Date.now() - measuring) / 1000).toFixed(1)} s)`,
  );
  process.exitCode = stale.length || plan.errors.length || overlapping || small.length ? 1 : 0;
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
        writeFileSync(file, svgWithHash(await renderer!.render(mmd, basename(file, '.svg')), mmd));
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
  const book = bookContent(plan);
  if (book === undefined) plan.errors.push('the flow book needs every diagram rendered first');
  else if (!existsSync(plan.bookFile) || readFileSync(plan.bookFile, 'utf8') !== book) {
    writeFileSync(plan.bookFile, book);
    written.push(plan.bookFile);
  }
  for (const f of written) console.log(`wrote ${relative(ROOT, f)}`);
  console.log(
    `viz: ${plan.diagrams.size} machine(s), ${plan.svgs.size} diagram(s), ${written.length} file(s) written` +
      `${plan.errors.length ? `, ${plan.errors.length} error(s)` : ''} (${seconds()})`,
  );
  process.exitCode = plan.errors.length ? 1 : 0;
}
