import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/machines';
import { pollMachine } from '../model/fixtures/poll.machine';
import { findStale, planViz } from './lib';
import { toMermaid } from './mermaid';
import { embeddedHash, sha256, svgWithHash } from './render';

const FIXTURES = join(ROOT, 'tools/model/fixtures');
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const tmp = mkdtempSync(join(ROOT, '.tmp', 'viz-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('toMermaid', () => {
  it('reads like prose: events, guards, actions, timers, invoked services', () => {
    const mmd = toMermaid(pollMachine);
    expect(mmd).toContain('stateDiagram-v2');
    expect(mmd).toContain('  [*] --> s_poll_idle');
    expect(mmd).toContain('s_poll_idle --> s_poll_polling : poll.start / resetAttempts');
    expect(mmd).toContain('s_poll_polling_checking --> s_poll_done : done#58; checkStatus [isComplete]');
    expect(mmd).toContain('s_poll_polling_checking --> s_poll_polling_waiting : done#58; checkStatus / countAttempt');
    expect(mmd).toContain('s_poll_polling_checking --> s_poll_failed : error#58; checkStatus');
    expect(mmd).toContain('s_poll_polling_waiting --> s_poll_polling_checking : after POLL_INTERVAL (5 s)');
    expect(mmd).toContain('s_poll_polling --> s_poll_timedOut : after GIVE_UP (30 s)');
    expect(mmd).toContain('s_poll_polling_checking : invoke checkStatus');
    expect(mmd).toContain('s_poll_failed --> s_poll_polling : poll.retry [canRetry] / countRetry');
    expect(mmd).toContain('s_poll_done --> [*]');
    expect(toMermaid(pollMachine)).toBe(mmd);
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
    for (const [file] of plan.svgs) writeFileSync(file, svgWithHash('<svg></svg>', plan.files.get(file.replace(/\.svg$/, '.mmd'))!));
    return plan;
  };

  it('is current right after generation, and names every stale file afterwards', async () => {
    const plan = await writePlan();
    expect(plan.errors).toEqual([]);
    expect(findStale(plan)).toEqual([]);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('![poll state diagram](poll.svg)');
    expect(embeddedHash(readFileSync(join(out, 'poll.svg'), 'utf8'))).toBe(sha256(plan.files.get(join(out, 'poll.mmd'))!));

    writeFileSync(join(out, 'poll.mmd'), readFileSync(join(out, 'poll.mmd'), 'utf8').replace('poll.start', 'poll.begin'));
    writeFileSync(join(out, 'poll.svg'), svgWithHash('<svg></svg>', 'an older diagram'));
    writeFileSync(join(out, 'paths', 'poll.md'), '# hand-edited\n');
    writeFileSync(join(out, 'gone.mmd'), 'stateDiagram-v2\n');
    const stale = findStale(await planViz({ machinesDir: FIXTURES, outDir: out }));
    expect(stale).toEqual([
      expect.stringMatching(/poll\.mmd is out of date$/),
      expect.stringMatching(/paths\/poll\.md is out of date$/),
      expect.stringMatching(/poll\.svg was rendered from another version/),
      expect.stringMatching(/gone\.mmd belongs to no machine/),
    ]);
  });

  it('reports a machine file that does not load instead of crashing', async () => {
    const dir = join(tmp, 'machines');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(FIXTURES, 'poll.machine.ts'), join(dir, 'poll.machine.ts'));
    writeFileSync(join(dir, 'half.machine.ts'), "import { setup } from 'xstate';\nexport const halfMachine = setup({}).createMachine({ initial: 'a', states: { a: { on: { x: 'nowhere' } } } });\n");
    writeFileSync(join(dir, 'named.machine.ts'), 'export const somethingElse = 1;\n');
    const plan = await planViz({ machinesDir: dir, outDir: join(tmp, 'out2') });
    expect(plan.errors.join('\n')).toMatch(/half\.machine\.ts: cannot load the machine/);
    expect(plan.errors.join('\n')).toMatch(/named\.machine\.ts: [\s\S]*expected a state machine exported as `namedMachine`/);
    expect([...plan.svgs.keys()].map((f) => f.split('/').pop())).toEqual(['poll.svg']);
    expect(plan.broken).toEqual(new Set(['half', 'named']));
  });
});
