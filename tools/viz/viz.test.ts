import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/machines';
import { pollMachine } from '../model/fixtures/poll.machine';
import { setup } from 'xstate';
import { bookContent, findStale, planViz, renderReadme } from './lib';
import { machineDiagrams, toMermaid, toMermaidDetail } from './mermaid';
import { embeddedHash, sha256, svgWithHash } from './render';

const FIXTURES = join(ROOT, 'tools/model/fixtures');
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const tmp = mkdtempSync(join(ROOT, '.tmp', 'viz-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('toMermaid', () => {
  it('reads like prose for product owners: the descriptions of states and arrows, no event, action or actor names', () => {
    const mmd = toMermaid(pollMachine);
    expect(mmd).toContain('stateDiagram-v2');
    // laid out by ELK, which leaves room for every label
    expect(mmd).toMatch(/^---\ntitle: poll\nconfig:\n {2}layout: elk\n---\n/);
    expect(mmd).toContain('  [*] --> s_poll_idle');
    expect(mmd).toContain('state "idle" as s_poll_idle\n  s_poll_idle : Nothing is being checked.\n');
    expect(mmd).toContain('s_poll_idle --> s_poll_polling : Starts the check\n');
    expect(mmd).toContain('s_poll_polling_checking --> s_poll_done : The service says the<br/>work is done\n');
    expect(mmd).toContain(
      's_poll_polling_checking --> s_poll_polling_waiting : The service says it<br/>is not done yet',
    );
    expect(mmd).toContain('s_poll_polling_waiting --> s_poll_polling_checking : Five seconds pass');
    expect(mmd).toContain('s_poll_failed --> s_poll_polling : Tries again, if a<br/>retry is left\n');
    expect(mmd).toContain('state "timed out" as s_poll_timedOut');
    expect(mmd).toContain('s_poll_done --> [*]');
    expect(mmd).not.toMatch(/resetAttempts|countAttempt|countRetry|checkStatus|poll\.start|isComplete|POLL_INTERVAL/);
    expect(toMermaid(pollMachine)).toBe(mmd);
  });

  it('falls back to the event and guard names where a description is missing, and folds bookkeeping', () => {
    const m = setup({ guards: { isUrgent: () => true } }).createMachine({
      id: 'm',
      initial: 'a',
      on: { 'm.note': { actions: [], meta: { bookkeeping: true }, description: 'Remembers a note' } },
      states: {
        a: {
          on: {
            'm.next': 'b',
            'm.jump': { target: 'b', guard: 'isUrgent', description: 'Jumps ahead, if urgent' },
            'm.track': { actions: [], meta: { bookkeeping: true }, description: 'Tracks the mouse' },
            'm.tell': { actions: [], description: 'Says hello: nothing else changes' },
          },
        },
        b: { on: { 'm.back': { target: 'a', meta: { bookkeeping: true } } } },
      },
    });
    const mmd = toMermaid(m);
    expect(mmd).toContain('  s_m_a --> s_m_b : m.next<br/>Jumps ahead, if<br/>urgent\n');
    // a bookkeeping arrow that moves on is still drawn, without words; one that stays is left out
    expect(mmd).toContain('  s_m_b --> s_m_a\n');
    expect(mmd).not.toMatch(/Tracks the mouse|Remembers a note|m\.track|m\.note/);
    expect(mmd).toContain('s_m_a : ↺ Says hello#58; nothing else');
    // the engineer view keeps them all
    const detail = toMermaidDetail(m);
    expect(detail).toContain('m.track');
    expect(detail).toContain('m.note');
  });

  it('draws what a group does in any of its steps from an "in any of these steps" box inside it (ELK cannot draw an arrow from a group into itself)', () => {
    const m = setup({}).createMachine({
      id: 'g',
      initial: 'in',
      states: {
        in: {
          initial: 'x',
          on: {
            'g.reset': { target: '.x', description: 'Starts over' },
            'g.tick': { actions: [], description: 'A tick' },
          },
          states: { x: { on: { 'g.go': 'y' } }, y: {} },
        },
      },
    });
    const mmd = toMermaid(m);
    expect(mmd).toMatch(/state s_g_in \{[^}]*state "in any of these steps" as any_s_g_in\n\s+any_s_g_in : ↺ A tick\n/);
    expect(mmd).toContain('  any_s_g_in --> s_g_in_x : Starts over\n');
    expect(mmd).not.toMatch(/^ +s_g_in --> s_g_in(\s|$)/m);
    const diagram = machineDiagrams(m, 'g')[0];
    expect(diagram.boxes).toMatchObject({ s_g_in: { state: 'g.in' }, s_g_in_x: { state: 'g.in.x' } });
  });

  it('keeps the actions in the detail diagram', () => {
    const mmd = toMermaidDetail(pollMachine);
    expect(mmd).toContain('s_poll_idle --> s_poll_polling : poll.start / resetAttempts');
    expect(mmd).toContain('s_poll_polling_checking --> s_poll_done : done#58; checkStatus [isComplete]');
    expect(mmd).toContain('s_poll_polling --> s_poll_timedOut : after GIVE_UP (30 s)');
    expect(mmd).toContain('s_poll_failed --> s_poll_polling : poll.retry [canRetry] / countRetry');
    expect(mmd).toContain('s_poll_polling_checking : invoke checkStatus');
  });

  it('merges arrows with the same source and target into one, one trigger per line; stays-in-place events go in the box', () => {
    const m = setup({ guards: { isUrgent: () => true } }).createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { on: { 'm.next': 'b', 'm.skip': 'b', 'm.jump': { target: 'b', guard: 'isUrgent' }, 'm.touch': {} } },
        b: { on: { 'm.back': 'a' }, after: { 1000: 'a' } },
      },
    });
    const mmd = toMermaid(m);
    expect(mmd).toContain('  s_m_a --> s_m_b : m.next<br/>m.skip<br/>m.jump [isUrgent]\n');
    expect(mmd).toContain('  s_m_b --> s_m_a : m.back<br/>after 1000ms\n');
    expect(mmd.match(/s_m_a --> s_m_b/g)).toHaveLength(1);
    expect(mmd).toContain('s_m_a : ↺ m.touch');
  });
});

describe('machineDiagrams', () => {
  // small limits so the fixture's `polling` group is drawn closed
  const diagrams = machineDiagrams(pollMachine, 'poll', { maxStates: 5, alwaysOpen: 0 });
  const byName = new Map(diagrams.map((d) => [d.name, d]));

  it('draws a group that does not fit as one box, and gives it its own diagram', () => {
    expect(diagrams.map((d) => `${d.kind} ${d.name}`)).toEqual([
      'main poll',
      'region poll.polling',
      'detail poll.detail',
    ]);
    const main = byName.get('poll')!.mmd;
    expect(main).toContain('s_poll_polling : ▸ 2 steps, see');
    expect(main).toContain('s_poll_polling : poll.polling.svg');
    expect(main).not.toContain('s_poll_polling_checking');
    expect(byName.get('poll')!.boxes.s_poll_polling).toEqual({ state: 'poll.polling', sub: 'poll.polling' });
    // arrows from inside the closed box start at the box, merged per target
    expect(main).toContain('s_poll_polling --> s_poll_done : The service says the<br/>work is done');
    expect(main).toContain('s_poll_polling --> s_poll_failed : The service cannot be<br/>reached');
    expect(main).toContain('s_poll_polling --> s_poll_idle : Cancels the check');
    expect(main).toContain('s_poll_polling --> s_poll_timedOut : Half a minute passes<br/>without an answer');
    // the loop inside the box is not drawn on the outside
    expect(main).not.toContain('s_poll_polling --> s_poll_polling');
  });

  it('draws the arrows leaving a region to exit nodes named after their targets, and the ones coming in from entry nodes', () => {
    const region = byName.get('poll.polling')!;
    expect(region.title).toBe('polling');
    expect(region.size).toBe(2);
    const mmd = region.mmd;
    expect(mmd).toContain('state "→ done" as exit_s_poll_done');
    expect(mmd).toContain('state "→ failed" as exit_s_poll_failed');
    expect(mmd).toContain('state "→ timed out" as exit_s_poll_timedOut');
    expect(mmd).toContain('s_poll_polling_checking --> exit_s_poll_done : The service says the<br/>work is done');
    expect(mmd).toContain('s_poll_polling_checking --> exit_s_poll_failed : The service cannot be<br/>reached');
    expect(mmd).toContain('s_poll_polling_waiting --> s_poll_polling_checking : Five seconds pass');
    expect(mmd).toContain('s_poll_polling --> exit_s_poll_timedOut : Half a minute passes<br/>without an answer');
    expect(mmd).toContain('state "from idle" as entry_s_poll_idle');
    expect(mmd).toContain('entry_s_poll_idle --> s_poll_polling : Starts the check');
    expect(mmd).toContain('entry_s_poll_failed --> s_poll_polling : Tries again, if a<br/>retry is left');
    expect(mmd).not.toMatch(/^ +s_poll_idle /m); // the source outside is an entry node, not the state itself
  });

  it('keeps small machines as one diagram (plus the detail), deterministically', () => {
    const d = machineDiagrams(pollMachine, 'poll');
    expect(d.map((x) => x.name)).toEqual(['poll', 'poll.detail']);
    expect(machineDiagrams(pollMachine, 'poll')).toEqual(d);
  });

  it('lists the closed groups in the README with links, and a legend', () => {
    const readme = renderReadme(
      [{ flow: 'poll', file: 'poll.machine.ts', exportName: 'pollMachine', machine: pollMachine }],
      new Set(['poll']),
      new Map([['poll', diagrams]]),
    );
    expect(readme).toContain('![poll state diagram](poll.svg)');
    expect(readme).toContain('- [polling](poll.polling.svg) (2 states in all)');
    expect(readme).toContain('[poll.detail.svg](poll.detail.svg)');
    expect(readme).toContain('test paths: [in plain words](paths/poll.plain.md), [for engineers](paths/poll.md)');
    expect(readme).toContain('[index.html](index.html)');
    expect(readme).toMatch(/How to read a diagram[\s\S]*product-owner view[\s\S]*engineer view/);
  });
});

describe('viz check', () => {
  const out = join(tmp, 'out');
  const writePlan = async () => {
    const plan = await planViz({ machinesDir: FIXTURES, outDir: out });
    for (const [file, content] of plan.files) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, content);
    }
    for (const [file] of plan.svgs)
      writeFileSync(file, svgWithHash('<svg></svg>', plan.files.get(file.replace(/\.svg$/, '.mmd'))!));
    writeFileSync(plan.bookFile, bookContent(plan)!);
    return plan;
  };

  it('is current right after generation, and names every stale file afterwards', async () => {
    const plan = await writePlan();
    expect(plan.errors).toEqual([]);
    expect(findStale(plan)).toEqual([]);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('![poll state diagram](poll.svg)');
    expect(embeddedHash(readFileSync(join(out, 'poll.svg'), 'utf8'))).toBe(
      sha256(plan.files.get(join(out, 'poll.mmd'))!),
    );

    writeFileSync(
      join(out, 'poll.mmd'),
      readFileSync(join(out, 'poll.mmd'), 'utf8').replace('Starts the check', 'Begins the check'),
    );
    writeFileSync(join(out, 'poll.svg'), svgWithHash('<svg></svg>', 'an older diagram'));
    writeFileSync(join(out, 'paths', 'poll.md'), '# hand-edited\n');
    writeFileSync(join(out, 'paths', 'poll.plain.md'), '# hand-edited\n');
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>an older flow book</title>\n');
    writeFileSync(
      join(out, 'poll.detail.mmd'),
      readFileSync(join(out, 'poll.detail.mmd'), 'utf8').replace('resetAttempts', 'reset'),
    );
    rmSync(join(out, 'poll.detail.svg'));
    writeFileSync(join(out, 'gone.mmd'), 'stateDiagram-v2\n');
    writeFileSync(join(out, 'poll.polling.svg'), svgWithHash('<svg></svg>', 'a group drawn closed before'));
    const stale = findStale(await planViz({ machinesDir: FIXTURES, outDir: out }));
    expect(stale).toEqual([
      expect.stringMatching(/poll\.mmd is out of date$/),
      expect.stringMatching(/poll\.detail\.mmd is out of date$/),
      expect.stringMatching(/paths\/poll\.md is out of date$/),
      expect.stringMatching(/paths\/poll\.plain\.md is out of date$/),
      expect.stringMatching(/poll\.svg was rendered from another version/),
      expect.stringMatching(/poll\.detail\.svg is missing$/),
      expect.stringMatching(/gone\.mmd belongs to no machine/),
      expect.stringMatching(/poll\.polling\.svg belongs to no machine/),
      expect.stringMatching(/index\.html is out of date$/),
    ]);
  });

  it('reports a machine file that does not load instead of crashing', async () => {
    const dir = join(tmp, 'machines');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(FIXTURES, 'poll.machine.ts'), join(dir, 'poll.machine.ts'));
    writeFileSync(
      join(dir, 'half.machine.ts'),
      "import { setup } from 'xstate';\nexport const halfMachine = setup({}).createMachine({ initial: 'a', states: { a: { on: { x: 'nowhere' } } } });\n",
    );
    writeFileSync(join(dir, 'named.machine.ts'), 'export const somethingElse = 1;\n');
    const plan = await planViz({ machinesDir: dir, outDir: join(tmp, 'out2') });
    expect(plan.errors.join('\n')).toMatch(/half\.machine\.ts: cannot load the machine/);
    expect(plan.errors.join('\n')).toMatch(
      /named\.machine\.ts: [\s\S]*expected a state machine exported as `namedMachine`/,
    );
    expect([...plan.svgs.keys()].map((f) => f.split('/').pop())).toEqual(['poll.svg', 'poll.detail.svg']);
    expect(plan.broken).toEqual(new Set(['half', 'named']));
    // the diagrams of a machine that does not load right now are left alone, sub-diagrams included
    mkdirSync(join(tmp, 'out2'), { recursive: true });
    writeFileSync(join(tmp, 'out2', 'half.svg'), '<svg></svg>');
    writeFileSync(join(tmp, 'out2', 'half.open.svg'), '<svg></svg>');
    expect(findStale(plan).filter((f) => f.includes('half'))).toEqual([]);
  });
});
