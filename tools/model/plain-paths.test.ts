import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { MachineModelSpec } from '../../tests/support/model/model-spec';
import pollSpec from './fixtures/poll.model';
import { coveringSet, generatePaths } from './lib';
import {
  joinText,
  messageWords,
  missingPlainText,
  plainPaths,
  renderPlainPathsMarkdown,
  testerPathProblems,
} from './plain-paths';

const spec = pollSpec as unknown as MachineModelSpec;

describe('plain test paths', () => {
  const generated = generatePaths(spec);
  const plain = plainPaths(spec, generated);

  it('are the covering set of the generated paths, with the same numbers', () => {
    expect(plain.paths.map((p) => p.index)).toEqual(coveringSet(generated).map((p) => p.index));
  });

  it('say what the person does, what answers and what they see then, from the descriptions', () => {
    const md = renderPlainPathsMarkdown(plain, 'Polls a status.');
    expect(md).toContain('# poll: test paths in plain words');
    expect(md).toContain('At the start: Nothing is being checked.');
    expect(md).toContain('1. **Do:** Starts the check\n   - **See:** The status service is asked.');
    expect(md).toContain(
      '**Answer:** The service cannot be reached\n   - **See:** The check failed; the person may try again.',
    );
    expect(md).toContain('**Wait:** Five seconds pass\n   - **See:** The status service is asked.');
    expect(md).not.toMatch(/poll\.start|checkStatus|xstate\./);
    expect(renderPlainPathsMarkdown(plainPaths(spec, generatePaths(spec)), 'Polls a status.')).toBe(md);
  });

  it('list the states each path passes through, for the flow book', () => {
    const failing = plain.paths.find((p) => p.steps.some((s) => s.text[0] === 'The service cannot be reached'))!;
    expect(failing.visits).toEqual(
      expect.arrayContaining(['poll.idle', 'poll.polling', 'poll.polling.checking', 'poll.failed']),
    );
    expect(failing.visits).not.toContain('poll.done');
  });

  it('have every step in words for the fixture, and name each transition or state that has none', () => {
    expect(missingPlainText(spec, generated)).toEqual([]);
    const bare = setup({}).createMachine({
      id: 'bare',
      initial: 'a',
      states: {
        a: { description: 'A shows.', on: { 'bare.go': 'b' } },
        b: { on: { 'bare.back': { target: 'a', description: 'Goes back' } } },
      },
    });
    const bareSpec = {
      name: 'bare',
      machine: bare,
      events: () => [{ type: 'bare.go' }, { type: 'bare.back' }],
    } as MachineModelSpec;
    expect(missingPlainText(bareSpec, generatePaths(bareSpec))).toEqual([
      'state bare.b has no description',
      'transition bare.a :: bare.go has no description',
    ]);
  });

  it('join the transitions of one step: the answer, then what it leads to', () => {
    expect(joinText(['The server answers', 'The person is signed in'])).toBe(
      'The server answers; then the person is signed in',
    );
    expect(joinText(['The server answers', 'Mobile-ID says yes'])).toBe('The server answers; then Mobile-ID says yes');
  });
});

describe('paths a tester can run', () => {
  const tester = { person: 'mari (password Maasikas1)', address: 'http://localhost:8080/ui/dashboard' };
  const withTester = { ...spec, tester } as MachineModelSpec;
  const generated = generatePaths(withTester);
  const plain = plainPaths(withTester, generated);
  const md = renderPlainPathsMarkdown(plain);
  const ids = ['poll.idle', 'poll.checking.waitingForAnswer'];

  it('start with who signs in and the address, and pass the check', () => {
    expect(md).toContain(
      '- **Who signs in:** mari (password Maasikas1)\n- **Open:** http://localhost:8080/ui/dashboard',
    );
    expect(testerPathProblems(plain, md, ids)).toEqual([]);
  });

  it('fail the check with no person, a message key, a code name, an arrow or a personal code', () => {
    const broken = md
      .replace('mari (password Maasikas1)', '(nobody named)')
      .replace('Starts the check', 'Starts the check: error.server, waitingForAnswer → 3, for EE48709050218');
    const problems = testerPathProblems(plain, broken, ids).join('\n');
    expect(problems).toMatch(/Path \d+[^\n]*: names nobody who signs in/);
    expect(problems).toContain('shows the message key error.server');
    expect(problems).toContain('names the code name waitingForAnswer');
    expect(problems).toContain('has code: →');
    expect(problems).toContain('names the personal code EE48709050218');
  });

  it('fail the check on a person who is not a demo person, a wrong password or an ending no demo person reaches', () => {
    const section = md.split(/^(?=## Path )/m)[1];
    const with_ = (person: string, data = '') =>
      testerPathProblems(plain, '# paths\n' + section.replace('mari (password Maasikas1)', person) + data, ids).join(
        '\n',
      );
    expect(with_('marta (password Maasikas1)')).toMatch(/does not start with a demo person's username/);
    expect(with_('mari (password Maasikas2)')).toMatch(/mari's password is Maasikas1, not Maasikas2/);
    expect(with_('mari')).toMatch(/mari is named without the password/);
    expect(with_('uku')).toMatch(/uku has no account in the demo data: say how/);
    expect(with_('uku, who has no password yet: the link is in the outbox')).toBe('');
    expect(with_('mari (password Maasikas1)', '- **Data:** no demo person reaches this ending\n')).toMatch(
      /says no demo person reaches it/,
    );
  });

  it('show a message by its English words', () => {
    expect(messageWords("then 'error.server' shows")).toMatch(/^then “[^”]+” shows$/);
  });
});
