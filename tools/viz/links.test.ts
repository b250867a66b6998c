import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadMachines, ROOT } from '../lib/machines';
import { readLinks } from './links';
import { systemDiagram } from './system';

mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const tmp = mkdtempSync(join(ROOT, '.tmp', 'links-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** a child that reports through domain/report.ts, as the portal's machines do (each case has a folder in tmp) */
const CHILD = `import { enqueueActions, setup } from 'xstate';
import { report } from '${relative(join(tmp, 'each-case'), join(ROOT, 'domain/report'))}';
export const childMachine = setup({
  types: { events: {} as { type: 'child.start' } | { type: 'child.ignored' } },
  actions: {
    finish: enqueueActions(({ enqueue, self }) => report(enqueue, self, { type: 'child.done', n: 1 })),
  },
}).createMachine({ id: 'child', on: { 'child.start': { actions: 'finish' } } });
`;

const parent = (target: string) => `import { sendTo, setup } from 'xstate';
import { childMachine } from './child.machine';
const pick = (): string => 'kid';
export const parentMachine = setup({
  types: { events: {} as { type: 'parent.go' } | { type: 'child.done'; n: number } },
  actors: { child: childMachine },
  actions: { log: () => {} },
}).createMachine({
  id: 'parent',
  invoke: { id: 'kid', src: 'child' },
  on: {
    'parent.go': { actions: sendTo(${target}, { type: 'child.start' }) },
    'child.done': { actions: 'log' },
  },
});
`;

async function read(name: string, target: string) {
  const dir = join(tmp, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'child.machine.ts'), CHILD);
  writeFileSync(join(dir, 'parent.machine.ts'), parent(target));
  const machines = await loadMachines(dir);
  return { ...readLinks(machines), machines, file: join(dir, 'parent.machine.ts') };
}

describe('readLinks', () => {
  it("finds a child's report to its parent, the parent's sendTo and its effect, and draws them", async () => {
    const { links, errors, machines } = await read('ok', "'kid'");
    expect(errors).toEqual([]);
    expect(links.get('child')!.reports).toEqual(['child.done']);
    const own = links.get('parent')!;
    expect(own.children).toEqual([{ id: 'kid', systemId: undefined, flow: 'child', spawned: false, state: 'parent' }]);
    expect(own.transitions.find((t) => t.event === 'parent.go')!.passes).toEqual([
      { to: 'kid', events: ['child.start'] },
    ]);
    expect(own.transitions.find((t) => t.event === 'child.done')!.passes).toEqual([{ effect: 'log' }]);

    const d = systemDiagram(links, new Map(machines.map((m) => [m.flow, m.machine!])), 'parent');
    expect(d.mmd).toContain('  a_parent -->|"→ child.start<br/>← child.done"| a_parent_kid\n');
    expect(d.mmd).toContain('  a_parent -.->|"⚙ log"| app_effects\n');
  });

  it('names the file and line of a send it cannot read, and leaves that machine out', async () => {
    const { links, errors, file } = await read('bad', 'pick()');
    const line =
      parent('pick()')
        .split('\n')
        .findIndex((l) => l.includes('sendTo(pick()')) + 1;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      `${relative(ROOT, file)}: cannot read what it passes on: ${relative(ROOT, file)}:${line}:`,
    );
    expect(errors[0]).toMatch(/pick\(\): string is not a string literal/);
    expect(links.has('parent')).toBe(false);
  });
});
