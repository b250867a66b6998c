import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stripMachineDescriptions } from './strip-descriptions';

const machine = `
import { setup } from 'xstate';
const helper = { description: 'not in a machine: stays' };
export const m = setup({ actions: { a: () => {} } }).createMachine({
  id: 'm',
  description: 'The machine' + ' in two parts',
  initial: 'idle',
  states: {
    idle: {
      description: \`Waiting\`,
      on: { 'x.go': { target: 'busy', description: 'Goes', actions: 'a' } },
    },
    busy: { description: someText, entry: [{ type: 'a', params: { n: 1 } }] },
  },
});
`;

describe('stripMachineDescriptions (production build only)', () => {
  const out = stripMachineDescriptions(machine, 'm.machine.ts') ?? '';

  it('removes the plain-text descriptions of the machine config, and nothing else', () => {
    expect(out).not.toContain('The machine');
    expect(out).not.toContain('Waiting');
    expect(out).not.toContain("'Goes'");
    expect(out.replace(/\s+/g, '')).toContain("{target:'busy',actions:'a'}");
    // not plain text, or outside createMachine: left as written
    expect(out).toContain('description: someText');
    expect(out).toContain("description: 'not in a machine: stays'");
  });

  it('leaves a module that is still valid and the same machine otherwise', () => {
    expect(stripMachineDescriptions(out, 'm.machine.ts')).toBeNull();
    expect(out.replace(/\s+/g, '')).toBe(
      machine
        .replace("description: 'The machine' + ' in two parts',", '')
        .replace('description: `Waiting`,', '')
        .replace("description: 'Goes', ", '')
        .replace(/\s+/g, ''),
    );
  });

  it('empties the first screen machines of their descriptions', () => {
    for (const name of ['session', 'navigation', 'modal', 'sidePanel', 'representedChoice', 'toasts']) {
      const code = readFileSync(new URL(`../../machines/${name}.machine.ts`, import.meta.url), 'utf8');
      expect(stripMachineDescriptions(code, `${name}.machine.ts`), name).not.toMatch(/description:/);
    }
  });
});
