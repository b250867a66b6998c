/**
 * What visualizations/ should contain, computed in memory, and the comparison with what is on disk.
 * Used by `npm run viz` (write) and `npm run viz:check` (compare, exit 1 when stale).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadMachines, loadModelSpecs, MACHINES_DIR, ROOT, VIZ_DIR, type MachineEntry } from '../lib/machines';
import { generatePaths, renderPathsMarkdown } from '../model/lib';
import { plainPaths, renderPlainPathsMarkdown, testerPathProblems, type PlainPaths } from '../model/plain-paths';
import { bookData, departureProblems, missingHandOffs, readDepartures, renderBook, type BookInput } from './book';
import { unplaced } from './journeys';
import { SCREENS_README } from './screens';
import { readLinks, type MachineLinks } from './links';
import { machineDiagrams, type Diagram } from './mermaid';
import { embeddedHash, sha256 } from './render';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { SYSTEM_HOW_TO_READ_LINES, SYSTEM_NAME, SYSTEM_ROOT, systemDiagram, type SystemDiagram } from './system';

export interface VizPlan {
  machines: MachineEntry[];
  /**
   * file path (absolute) → expected content, for every text file viz owns: <flow>.mmd (main diagram),
   * <flow>.<statePath>.mmd (one per state drawn closed), <flow>.detail.mmd, README.md, paths/<flow>.md
   */
  files: Map<string, string>;
  /** every <stem>.svg (absolute) → the sha256 its embedded comment must carry (the hash of its .mmd) */
  svgs: Map<string, string>;
  /** flow → its diagrams (main first, then the closed states' diagrams, then detail) */
  diagrams: Map<string, Diagram[]>;
  /** flow → its test paths in plain words (the flow book shows them beside the diagrams) */
  plain: Map<string, PlainPaths>;
  /** visualizations/index.html, the flow book (built from the SVG files on disk, see bookContent) */
  bookFile: string;
  /** flows whose machine or spec does not load: their files are left alone */
  broken: Set<string>;
  errors: string[];
  outDir: string;
  /** the system page's diagram (when the folder has the root machine) */
  system?: SystemDiagram;
  /** how long reading what passes between the actors took (ms) */
  linksMs?: number;
  /** what each machine starts (read from the source with the system page): the book's hand-offs */
  links?: Map<string, MachineLinks>;
}

/**
 * The flows whose See lines must change with every act of the person (the customer-add journey, which a tester follows
 * against `npm start` screen by screen): there a See line that stays the same after a Do fails the check.
 */
const SCREEN_FLOWS = new Set([
  'customerAdd',
  'companyLookup',
  'customerConfirmation',
  'customerCreation',
  'signing',
  'idCardSigning',
]);

export interface PlanOptions {
  machinesDir?: string;
  outDir?: string;
}

export async function planViz({ machinesDir = MACHINES_DIR, outDir = VIZ_DIR }: PlanOptions = {}): Promise<VizPlan> {
  const machines = await loadMachines(machinesDir);
  const specs = await loadModelSpecs(machinesDir);
  const files = new Map<string, string>();
  const svgs = new Map<string, string>();
  const broken = new Set<string>();
  const errors: string[] = [];
  const diagrams = new Map<string, Diagram[]>();
  const plain = new Map<string, PlainPaths>();

  for (const m of machines) {
    if (!m.machine) {
      broken.add(m.flow);
      errors.push(`${relative(ROOT, m.file)}: cannot load the machine:\n    ${m.error}`);
      continue;
    }
    try {
      const list = machineDiagrams(m.machine, m.flow);
      for (const d of list) {
        files.set(join(outDir, `${d.name}.mmd`), d.mmd);
        svgs.set(join(outDir, `${d.name}.svg`), sha256(d.mmd));
      }
      diagrams.set(m.flow, list);
    } catch (err) {
      broken.add(m.flow);
      errors.push(
        `${relative(ROOT, m.file)}: cannot draw the machine: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  for (const s of specs) {
    const rel = relative(ROOT, s.file);
    if (!s.spec) {
      broken.add(s.flow);
      errors.push(`${rel}: cannot load the model spec:\n    ${s.error}`);
      continue;
    }
    try {
      const generated = generatePaths(s.spec);
      const description = machines.find((m) => m.flow === s.flow)?.description;
      files.set(
        join(outDir, 'paths', `${s.flow}.md`),
        renderPathsMarkdown({ spec: s.spec, generated, specFile: rel, description }),
      );
      const p = plainPaths(s.spec, generated);
      plain.set(s.flow, p);
      const md = renderPlainPathsMarkdown(p, description);
      files.set(join(outDir, 'paths', `${s.flow}.plain.md`), md);
      // a tester runs these against the portal `npm start` serves; the tool tests' folders have no portal to run
      if (machines.some((m) => m.flow === SYSTEM_ROOT))
        errors.push(
          ...testerPathProblems(p, md, stateIds(s.spec.machine), { screens: SCREEN_FLOWS.has(s.flow) }).map(
            (e) => `${rel}: ${e}`,
          ),
        );
    } catch (err) {
      broken.add(s.flow);
      errors.push(`${rel}: path generation failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  // the system page: only for a folder with the portal's root machine (the tool tests' folders have none)
  let system: SystemDiagram | undefined;
  let linksMs: number | undefined;
  let links: Map<string, MachineLinks> | undefined;
  const root = machines.find((m) => m.flow === SYSTEM_ROOT);
  if (machines.some((m) => m.flow === SYSTEM_NAME)) {
    errors.push(
      `machines/${SYSTEM_NAME}.machine.ts: the flow book's system page has that name; name the machine otherwise`,
    );
  } else if (root?.machine) {
    const started = Date.now();
    try {
      const read = readLinks(machines);
      errors.push(...read.errors);
      links = read.links;
      for (const f of unplaced(machines.map((m) => m.flow)))
        errors.push(`machines/${f}.machine.ts: the flow book has no journey for it: add it to tools/viz/journeys.ts`);
      const loaded = new Map(machines.filter((m) => m.machine).map((m) => [m.flow, m.machine!]));
      system = systemDiagram(read.links, loaded);
      files.set(join(outDir, `${SYSTEM_NAME}.mmd`), system.mmd);
      svgs.set(join(outDir, `${SYSTEM_NAME}.svg`), sha256(system.mmd));
    } catch (err) {
      broken.add(SYSTEM_NAME);
      errors.push(`the system page: ${err instanceof Error ? err.message : String(err)}`);
    }
    linksMs = Date.now() - started;
  } else if (root) broken.add(SYSTEM_NAME);

  files.set(
    join(outDir, 'README.md'),
    renderReadme(machines, new Set(specs.map((s) => s.flow)), diagrams, system !== undefined),
  );
  return {
    machines,
    files,
    svgs,
    diagrams,
    plain,
    bookFile: join(outDir, 'index.html'),
    broken,
    errors,
    outDir,
    system,
    linksMs,
    links,
  };
}

/** The flow book as it should be for the SVG files now on disk, or undefined while one is missing. */
export function bookContent(plan: VizPlan): string | undefined {
  return renderBook(bookInput(plan));
}

/** What the book gets wrong whatever is on disk: a hand-off not linked both ways. */
export function bookProblems(plan: VizPlan): string[] {
  const input = bookInput(plan);
  return [...missingHandOffs(bookData(input), plan.links), ...departureProblems(input)];
}

/** docs/spec-departures.md (beside the portal's machines only: the tool tests' folders have none) */
const DEPARTURES_FILE = join(ROOT, 'docs', 'spec-departures.md');

function bookInput(plan: VizPlan): BookInput {
  return {
    outDir: plan.outDir,
    system: plan.system && {
      diagram: plan.system,
      descriptions: Object.fromEntries(plan.machines.map((m) => [m.flow, m.description ?? ''])),
    },
    flows: plan.machines
      .filter((m) => m.machine && plan.diagrams.has(m.flow))
      .map((m) => ({
        flow: m.flow,
        machine: m.machine!,
        description: m.description,
        diagrams: plan.diagrams.get(m.flow)!,
        plain: plan.plain.get(m.flow),
      })),
    links: plan.links,
    departures:
      plan.links && existsSync(DEPARTURES_FILE) ? readDepartures(readFileSync(DEPARTURES_FILE, 'utf8')) : undefined,
  };
}

export function renderReadme(
  machines: MachineEntry[],
  withSpec: Set<string>,
  diagrams: Map<string, Diagram[]> = new Map(),
  system = false,
): string {
  const anchor = (flow: string) => flow.toLowerCase().replace(/[^a-z0-9-]/g, '');
  const oneLine = (m: MachineEntry) =>
    m.error
      ? '(the machine file does not load right now)'
      : (m.description ?? '(no description: add a JSDoc above the machine)');
  const lines = [
    '# Machine diagrams',
    '',
    'Generated by `npm run viz` from `machines/*.machine.ts`; do not edit. `npm run viz:check` (part of `npm test`) fails when a',
    'diagram, this page, a path list or the flow book is stale, or when a label is drawn over another label or a box;',
    'then run `npm run viz && npm run test:model`.',
    '',
    '**The flow book:** open [index.html](index.html) in a browser (from the file system: no server, no network). It',
    'lists the flows; each diagram sits beside its test paths in plain words, a group opens with a click, and a click on',
    'a step lists the paths through it. In `npm run dev`, <http://localhost:8080/ui/dev/flows> shows the same book',
    'attached to the portal running in another tab: it highlights where each flow is and lists the last transitions.',
    '',
    ...SCREENS_README,
    '',
    '## How to read a diagram',
    '',
    'Each machine has two views. The diagrams below are the **product-owner view**: every box and arrow is labelled with',
    "the machine's own descriptions (a step: what the person sees; an arrow: what the person does or what answers, with",
    'its condition in words). Internal bookkeeping (remembering a value, taking over a route) is left out. The',
    '**engineer view** (`<machine>.detail.svg`) shows the same machine with event, guard, actor and action names.',
    '',
    '- A **box** is a step the flow can be in: its name on top, what the person sees below. A large frame around boxes',
    '  is a group of steps; the **filled dot** inside a frame (or at the top) shows where it starts, a **ringed dot**',
    '  where it ends.',
    '- An **arrow** is a way to move on; its label says what makes it happen. When several things lead the same way,',
    "  they are listed one after the other (`… 3 more`: the group's own diagram shows them all). An arrow without",
    '  words is internal bookkeeping that moves the flow on its own.',
    '- `↺ …` inside a box: the step handles this and stays where it is (e.g. a form field changes).',
    '- A grey dotted box **in any of these steps** inside a group: what the group does whichever of its steps it is in.',
    '- A **yellow box** with `▸ 4 steps, see <file>.svg` is a group drawn closed to keep the picture small; its own',
    '  diagram (linked below each machine) shows the inside. There, grey dashed boxes show the way out',
    '  (`→ closed`: leaves the group to `closed`) and the way in (`from reviewing`: comes from the step `reviewing`).',
    '- In the engineer view: `customerAdd.open` is an event, `[isSuccess]` a guard, `after FIRST_CHECK (10 s)` a timer,',
    '  `done: loadCustomer` / `error: loadCustomer` the answer of the service the step invokes, `always [cond]` a',
    '  decision taken at once, `event / action, action` and `entry / action` what the machine does on the way.',
    '- The **test paths** list, per machine, a short set of walks that together take every arrow (written by',
    '  `npm run test:model`, which replays many more): `paths/<machine>.plain.md` in plain words for testers',
    '  (Do / Answer / Wait, then See), `paths/<machine>.md` with events and data for engineers.',
    '',
  ];
  if (!machines.length) {
    lines.push('No machines yet.', '');
    return lines.join('\n');
  }
  if (system)
    lines.push(
      '## The system',
      '',
      ...SYSTEM_HOW_TO_READ_LINES.map((l) => `- ${l}`),
      '',
      `![The portal's actors and what passes between them](${SYSTEM_NAME}.svg)`,
      '',
      `Mermaid source: [${SYSTEM_NAME}.mmd](${SYSTEM_NAME}.mmd)`,
      '',
    );
  lines.push('## Machines', '', '| Machine | What it does |', '|---|---|');
  for (const m of machines) lines.push(`| [${m.flow}](#${anchor(m.flow)}) | ${oneLine(m).replace(/\|/g, '\\|')} |`);
  lines.push('');
  for (const m of machines) {
    lines.push(`## ${m.flow}`, '', oneLine(m), '', `![${m.flow} state diagram](${m.flow}.svg)`, '');
    const list = diagrams.get(m.flow) ?? [];
    const regions = list.filter((d) => d.kind === 'region');
    if (regions.length) {
      lines.push('Groups drawn closed above, each in its own diagram:', '');
      for (const d of regions) {
        const depth = regions.filter((o) => d.region!.startsWith(`${o.region}.`)).length;
        lines.push(`${'  '.repeat(depth)}- [${d.title}](${d.name}.svg) (${d.size} states in all)`);
      }
      lines.push('');
    }
    const links = [`Mermaid source: [${m.flow}.mmd](${m.flow}.mmd)`];
    if (list.some((d) => d.kind === 'detail'))
      links.push(`engineer view: [${m.flow}.detail.svg](${m.flow}.detail.svg)`);
    links.push(`machine: [machines/${m.flow}.machine.ts](../machines/${m.flow}.machine.ts)`);
    links.push(
      withSpec.has(m.flow)
        ? `test paths: [in plain words](paths/${m.flow}.plain.md), [for engineers](paths/${m.flow}.md)`
        : 'test paths: none yet (no model spec)',
    );
    lines.push(links.join(' · '), '');
  }
  return lines.join('\n');
}

/** Files under outDir that viz owns but no machine/spec produces any more (never those of broken flows). */
export function orphans(plan: VizPlan): string[] {
  const out: string[] = [];
  const owned = (dir: string, exts: string[]) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => exts.some((e) => f.endsWith(e)))
          .map((f) => join(dir, f))
      : [];
  // <flow>.mmd, <flow>.<statePath>.svg, <flow>.detail.svg, paths/<flow>.md all belong to <flow>
  const ofBroken = (f: string) => {
    const stem = f
      .split('/')
      .pop()!
      .replace(/\.(mmd|svg|md)$/, '');
    return [...plan.broken].some((flow) => stem === flow || stem.startsWith(`${flow}.`));
  };
  for (const f of [...owned(plan.outDir, ['.mmd', '.svg']), ...owned(join(plan.outDir, 'paths'), ['.md'])]) {
    if (plan.files.has(f) || plan.svgs.has(f) || ofBroken(f)) continue;
    out.push(f);
  }
  return out.sort();
}

/** Every stale file, with why. Empty = visualizations/ is current. */
export function findStale(plan: VizPlan): string[] {
  const stale: string[] = [];
  const rel = (f: string) => relative(ROOT, f);
  for (const [file, content] of plan.files) {
    if (!existsSync(file)) stale.push(`${rel(file)} is missing`);
    else if (readFileSync(file, 'utf8') !== content) stale.push(`${rel(file)} is out of date`);
  }
  for (const [file, hash] of plan.svgs) {
    if (!existsSync(file)) stale.push(`${rel(file)} is missing`);
    else if (embeddedHash(readFileSync(file, 'utf8')) !== hash)
      stale.push(`${rel(file)} was rendered from another version of the diagram`);
  }
  for (const f of orphans(plan)) stale.push(`${rel(f)} belongs to no machine or model spec any more`);
  const book = bookContent(plan);
  if (!existsSync(plan.bookFile)) stale.push(`${rel(plan.bookFile)} is missing`);
  else if (book !== undefined && readFileSync(plan.bookFile, 'utf8') !== book)
    stale.push(`${rel(plan.bookFile)} is out of date`);
  return stale;
}

/** Every state node id of the machine, nested ones included: `signing.mobileId.polling`. */
function stateIds(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (n: AnyStateNode) => {
    out.push(n.id);
    Object.values(n.states ?? {}).forEach((c) => walk(c as AnyStateNode));
  };
  walk(machine.root);
  return out;
}
