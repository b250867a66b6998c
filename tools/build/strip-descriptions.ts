/**
 * Vite plugin: the machines' `description` texts stay out of the production bundle.
 *
 * Every machine describes its states and transitions in plain words: the flow book, the diagrams and the
 * model paths read them from the source (tools/viz, tools/model), and in development the flow book's live view reads
 * them from the running machines (src/features/flow-book, loaded only under `import.meta.env.DEV`). A production
 * page never reads them, yet they were about a third of the first screen's machine code. `vite build` removes each
 * `description: '<text>'` from the config object a `machines/*.machine.ts` hands to `createMachine`; the dev server
 * and the tests keep the machines as written. A description that is not a plain string (a variable, a call) stays.
 */
import type { Plugin } from 'vite';
import { parseSync, Visitor, type ESTree } from 'vite';

const MACHINE_FILE = /[\\/]machines[\\/][^\\/]+\.machine\.ts$/;

/** a text known at build time: a string, a template without `${}`, or such texts joined with + */
function isPlainText(node: ESTree.Expression): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return node.expressions.length === 0;
  if (node.type === 'BinaryExpression' && node.operator === '+')
    return isPlainText(node.left) && isPlainText(node.right);
  return false;
}

const isDescription = (p: ESTree.ObjectPropertyKind): p is ESTree.ObjectProperty =>
  p.type === 'Property' &&
  !p.computed &&
  !p.shorthand &&
  p.kind === 'init' &&
  ((p.key.type === 'Identifier' && p.key.name === 'description') ||
    (p.key.type === 'Literal' && p.key.value === 'description')) &&
  isPlainText(p.value);

const calls = (node: ESTree.CallExpression, name: string) =>
  (node.callee.type === 'Identifier' && node.callee.name === name) ||
  (node.callee.type === 'MemberExpression' &&
    !node.callee.computed &&
    node.callee.property.type === 'Identifier' &&
    node.callee.property.name === name);

/**
 * The module without the plain-text `description` properties inside `createMachine(…)` / `setup(…).createMachine(…)`
 * arguments (with the comma after each); null when there is nothing to remove.
 */
export function stripMachineDescriptions(code: string, filename = 'machine.ts'): string | null {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) return null;
  const cuts: [number, number][] = [];
  let depth = 0;
  new Visitor({
    CallExpression: (node) => void (calls(node, 'createMachine') && depth++),
    'CallExpression:exit': (node) => void (calls(node, 'createMachine') && depth--),
    ObjectExpression: (node) => {
      if (depth === 0) return;
      for (const p of node.properties) {
        if (!isDescription(p)) continue;
        // the property and the comma (and spaces) after it, when there is one
        const after = /^\s*,/.exec(code.slice(p.end));
        cuts.push([p.start, after ? p.end + after[0].length : p.end]);
      }
    },
  }).visit(program);
  if (cuts.length === 0) return null;
  let out = code;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}

export function stripMachineDescriptionsPlugin(): Plugin {
  return {
    name: 'epit-strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_FILE.test(id)) return null;
      const stripped = stripMachineDescriptions(code, id);
      return stripped === null ? null : { code: stripped, map: null };
    },
  };
}
