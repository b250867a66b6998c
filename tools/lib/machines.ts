/**
 * Finds and loads `machines/<flow>.machine.ts` and `machines/<flow>.model.ts` for the viz and model tools.
 * A file that does not import (half-finished, syntax error, missing export) becomes an entry with an
 * `error` instead of crashing the tool, so one broken machine never hides the state of the others.
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import type { MachineModelSpec } from '../../tests/support/model/model-spec';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const MACHINES_DIR = join(ROOT, 'machines');
export const VIZ_DIR = join(ROOT, 'visualizations');

export interface MachineEntry {
  /** file stem: `represented-choice` for machines/represented-choice.machine.ts */
  flow: string;
  file: string;
  exportName: string;
  machine?: AnyStateMachine;
  /** one line for people: the machine's `description`, else the JSDoc above its export */
  description?: string;
  error?: string;
}

export interface SpecEntry {
  flow: string;
  file: string;
  spec?: MachineModelSpec;
  error?: string;
}

/** `represented-choice` → `representedChoiceMachine` (conventions: machines/<flow>.machine.ts exports <flow>Machine). */
function exportNameFor(flow: string): string {
  return flow.replace(/[-_.]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase()) + 'Machine';
}

function listFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort();
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    // the message, plus the first stack frame in the project's own code (not xstate, not these tools)
    const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
    const own = frames.find((l) => !/node_modules|node:internal|\/tools\/(lib|viz|model)\//.test(l));
    return [err.message, own?.trim()].filter(Boolean).join('\n    ');
  }
  return String(err);
}

function isStateMachine(value: unknown): value is AnyStateMachine {
  return (
    !!value &&
    typeof value === 'object' &&
    'root' in value &&
    'provide' in value &&
    typeof (value as { provide: unknown }).provide === 'function'
  );
}

/** The JSDoc block right above `export const <name>`, flattened to one paragraph. */
function leadingJsDoc(source: string, exportName: string): string | undefined {
  const re = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export\\s+(?:const|let|function)\\s+${exportName}\\b`);
  const m = re.exec(source);
  return m ? firstParagraph(m[1]) : undefined;
}

/** The file's opening JSDoc block, first paragraph, flattened. */
function fileJsDoc(source: string): string | undefined {
  const m = /^\s*\/\*\*((?:(?!\*\/)[\s\S])*)\*\//.exec(source);
  return m ? firstParagraph(m[1]) : undefined;
}

/** A JSDoc body without its leading stars: the first paragraph on one line, or undefined when empty. */
function firstParagraph(body: string): string | undefined {
  const text = body
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim())
    .join('\n')
    .trim()
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

/** The machine's `description`, else the JSDoc above its export, else the file's opening JSDoc. */
function describeMachine(machine: AnyStateMachine, source: string, exportName: string): string | undefined {
  const d = machine.root.description ?? (machine.config as { description?: string }).description;
  return (d ? d.replace(/\s+/g, ' ').trim() : undefined) || leadingJsDoc(source, exportName) || fileJsDoc(source);
}

export async function loadMachines(dir = MACHINES_DIR): Promise<MachineEntry[]> {
  const entries: MachineEntry[] = [];
  for (const name of listFiles(dir, '.machine.ts')) {
    const flow = name.slice(0, -'.machine.ts'.length);
    const file = join(dir, name);
    const exportName = exportNameFor(flow);
    const entry: MachineEntry = { flow, file, exportName };
    try {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const machine = mod[exportName];
      if (!isStateMachine(machine)) {
        const found = Object.keys(mod).filter((k) => isStateMachine(mod[k]));
        throw new Error(
          `expected a state machine exported as \`${exportName}\`` +
            (found.length ? ` (found: ${found.join(', ')})` : ' (no machine export found)'),
        );
      }
      entry.machine = machine;
      entry.description = describeMachine(machine, readFileSync(file, 'utf8'), exportName);
    } catch (err) {
      entry.error = errorText(err);
    }
    entries.push(entry);
  }
  return entries;
}

export async function loadModelSpecs(dir = MACHINES_DIR): Promise<SpecEntry[]> {
  const entries: SpecEntry[] = [];
  for (const name of listFiles(dir, '.model.ts')) {
    const flow = name.slice(0, -'.model.ts'.length);
    const file = join(dir, name);
    const entry: SpecEntry = { flow, file };
    try {
      const mod = (await import(pathToFileURL(file).href)) as { default?: MachineModelSpec };
      entry.spec = validateSpec(mod.default, flow);
    } catch (err) {
      entry.error = errorText(err);
    }
    entries.push(entry);
  }
  return entries;
}

/** Throws a readable error when a model spec is malformed. */
export function validateSpec(spec: unknown, flow: string): MachineModelSpec {
  if (!spec || typeof spec !== 'object') throw new Error('the file must `export default` a MachineModelSpec');
  const s = spec as MachineModelSpec;
  if (s.name !== flow)
    throw new Error(`spec.name is ${JSON.stringify(s.name)}, expected ${JSON.stringify(flow)} (the file stem)`);
  if (!isStateMachine(s.machine)) throw new Error('spec.machine is not a state machine (is the machine file broken?)');
  if (typeof s.events !== 'function') throw new Error('spec.events must be a function (snapshot) => EventObject[]');
  if (s.inputs !== undefined && (s.input !== undefined || !Object.keys(s.inputs).length))
    throw new Error('spec.inputs names one start or more, and replaces spec.input (give one or the other)');
  if (s.coverageTarget !== undefined && !(s.coverageTarget >= 0 && s.coverageTarget <= 1)) {
    throw new Error('spec.coverageTarget must be between 0 and 1');
  }
  for (const [key, reason] of Object.entries(s.uncovered ?? {})) {
    if (typeof reason !== 'string' || reason.trim().length < 3) {
      throw new Error(`spec.uncovered[${JSON.stringify(key)}] needs a reason (why it is left out)`);
    }
  }
  return s;
}
