import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RepresentedDetails, UserContext } from '../domain/contract';
import { mariAsMaasikas, userContext } from '../tests/support/fixtures/shell';
import { representedDetailsMachine, type RepresentedDetailsEmitted } from './representedDetails.machine';

const DETAILS: RepresentedDetails = {
  regCode: '11000015',
  phone: '+372 600 0015',
  address: null,
  credit: true,
  customerType: 'BUSINESS',
  clientManagerName: 'Kati Kliendihaldur',
  clientManagerPhone: '+372 600 0001',
  clientManagerEmail: 'kati@post.example',
};

/** the machine with a fetch that answers `answer` (or never, with 'pending'), and what it asked and reported */
function start(userContext: UserContext, answer: RepresentedDetails | null | Error | 'pending' = DETAILS) {
  const asked: string[] = [];
  const actor = createActor(
    representedDetailsMachine.provide({
      actors: {
        fetchRepresentedDetails: fromPromise<RepresentedDetails | null, { gid: string }>(({ input }) => {
          asked.push(input.gid);
          if (answer === 'pending') return new Promise(() => {});
          return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
        }),
      },
    }),
    { input: { userContext } },
  );
  const reported: RepresentedDetailsEmitted[] = [];
  actor.on('*', (e) => reported.push(e));
  actor.start();
  return { actor, asked, reported };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('settled'));

describe('representedDetails machine (spec 1 §4 "Context changes")', () => {
  it("fetches a business party's missing details and reports the context with them merged in", async () => {
    const { actor, asked, reported } = start(mariAsMaasikas());
    await settled(actor);
    expect(asked).toEqual(['EPEE11000015']);
    expect(reported).toHaveLength(1);
    const replaced = reported[0] as Extract<RepresentedDetailsEmitted, { type: 'context.replaced' }>;
    expect(replaced.type).toBe('context.replaced');
    expect(replaced.context.epitPrincipal?.represented).toEqual({
      gid: 'EPEE11000015',
      name: 'Maasikas OÜ',
      isPerson: false,
      details: DETAILS,
    });
    // everything else of the context is as the session had it
    expect({ ...replaced.context, epitPrincipal: null }).toEqual({ ...mariAsMaasikas(), epitPrincipal: null });
  });

  it('asks nothing while AXAPTA is dead, for a person, without a party, or when the details are there', async () => {
    const mari = userContext();
    const withDetails = userContext({}, { represented: maasikasWith() });
    for (const ctx of [
      mariAsMaasikas({ deadApplications: ['AXAPTA'] }),
      userContext({}, { represented: { gid: 'EE48709050218', name: 'Mari Maasikas', isPerson: true, details: null } }),
      mari,
      withDetails,
    ]) {
      const { actor, asked, reported } = start(ctx);
      await settled(actor);
      expect(asked).toEqual([]);
      expect(reported).toEqual([]);
    }
  });

  it('after any change of the party looks again: a new party without details is fetched, the old answer dropped', () => {
    const { actor, asked, reported } = start(userContext(), 'pending');
    expect(actor.getSnapshot().matches('settled')).toBe(true);
    actor.send({ type: 'session.signedIn', userContext: mariAsMaasikas(), domain: 'EE' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const poldmari = userContext(
      {},
      { represented: { gid: 'EPEE11000026', name: 'Põldmari AS', isPerson: false, details: null } },
    );
    actor.send({ type: 'session.signedIn', userContext: poldmari, domain: 'EE' });
    expect(asked).toEqual(['EPEE11000015', 'EPEE11000026']);
    // a context that carries the details (the merged one, back from the session) asks nothing more
    actor.send({
      type: 'session.signedIn',
      userContext: userContext({}, { represented: maasikasWith() }),
      domain: 'EE',
    });
    expect(actor.getSnapshot().matches('settled')).toBe(true);
    expect(asked).toHaveLength(2);
    expect(reported).toEqual([]);
  });

  it('a failed fetch is only logged; no details, no change', async () => {
    const failed = start(mariAsMaasikas(), Object.assign(new Error('503'), { status: 503 }));
    await settled(failed.actor);
    expect(failed.reported.map((e) => e.type)).toEqual(['warning']);
    const none = start(mariAsMaasikas(), null);
    await settled(none.actor);
    expect(none.reported).toEqual([]);
  });
});

function maasikasWith() {
  return { gid: 'EPEE11000015', name: 'Maasikas OÜ', isPerson: false, details: DETAILS };
}
