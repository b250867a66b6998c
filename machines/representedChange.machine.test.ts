import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UserContext } from '../domain/contract';
import { mariAsMaasikas } from '../tests/support/fixtures/shell';
import { transitionCoverage } from '../tests/support/model/transition-coverage';
import { representedChangeMachine, type RepresentedChangeEmitted } from './representedChange.machine';
import model from './representedChange.model';

function start(answer: UserContext | { status: number }) {
  const asked: string[] = [];
  const actor = createActor(
    representedChangeMachine.provide({
      actors: {
        changeRepresented: fromPromise<UserContext, { gid: string }>(({ input }) => {
          asked.push(input.gid);
          return 'status' in answer
            ? Promise.reject(Object.assign(new Error('HTTP'), answer))
            : Promise.resolve(answer);
        }),
      },
    }),
  ).start();
  const emitted: RepresentedChangeEmitted[] = [];
  const warnings: RepresentedChangeEmitted[] = [];
  actor.on('*', (e) => (e.type === 'warning' ? warnings : emitted).push(e));
  return { actor, asked, emitted, warnings };
}

describe('representedChange machine (spec 1 §4 changing the represented party)', () => {
  it('changes, hands the context on, goes home and fires REPRESENTEE-CHANGE RC', async () => {
    const ctx = mariAsMaasikas();
    const { actor, asked, emitted } = start(ctx);
    actor.send({ type: 'represented.change', gid: 'EPEE11000015' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(asked).toEqual(['EPEE11000015']);
    expect(emitted).toEqual([
      { type: 'context.replaced', context: ctx, cause: 'RC' },
      { type: 'navigation.requested', target: { kind: 'home' } },
      { type: 'REPRESENTEE-CHANGE', cause: 'RC' },
      { type: 'represented.changed', gid: 'EPEE11000015', context: ctx },
    ]);
  });

  it('stays put on an external component and when the caller awaits the result', async () => {
    for (const flags of [{ externalComponent: true }, { awaitsResult: true }]) {
      const { actor, emitted } = start(mariAsMaasikas());
      actor.send({ type: 'represented.change', gid: 'EPEE11000015', ...flags });
      await waitFor(actor, (s) => s.matches('idle'));
      expect(emitted.some((e) => e.type === 'navigation.requested')).toBe(false);
      expect(emitted.map((e) => e.type)).toContain('REPRESENTEE-CHANGE');
    }
  });

  it('on failure logs the status and rejects without a message, and nothing else happens', async () => {
    const { actor, emitted, warnings } = start({ status: 403 });
    actor.send({ type: 'represented.change', gid: 'EPEE11000026' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(warnings).toEqual([{ type: 'warning', code: 'changeRepresented.failed', detail: 403 }]);
    expect(emitted).toEqual([{ type: 'represented.changeFailed', gid: 'EPEE11000026', status: 403 }]);
  });

  it('ignores a second change while one runs', async () => {
    const { actor, asked } = start(mariAsMaasikas());
    actor.send({ type: 'represented.change', gid: 'EPEE11000015' });
    actor.send({ type: 'represented.change', gid: 'EPEE11000026' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(asked).toEqual(['EPEE11000015']);
  });

  it('model: generated shortest paths reach every transition', () => {
    const report = transitionCoverage(model);
    expect(report.missing).toEqual([]);
    expect(report.covered).toBe(report.total);
  });
});
