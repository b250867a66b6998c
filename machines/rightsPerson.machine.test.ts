import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { knownUsers } from './rightsList.machine';
import { rightsPersonMachine, type KnownUser, type RightsPersonReport } from './rightsPerson.machine';
import {
  admins,
  applicationAnswers,
  JAAN,
  KNOWN_CODE,
  MARI,
  NEW_CODE,
} from '../tests/support/fixtures/represented-settings';
import type { UserLookup } from '../domain/represented-settings';

const users = knownUsers({
  apps: {
    OSS: { ok: true, answer: applicationAnswers.OSS.answer },
    PERIODICALS: { ok: true, answer: applicationAnswers.PERIODICALS.answer },
  },
  admins,
});

function start(
  user: KnownUser | null,
  lookup: (userId: string) => Promise<UserLookup | null> = () => Promise.resolve(null),
) {
  const reports: RightsPersonReport[] = [];
  const actor = createActor(
    rightsPersonMachine.provide({ actors: { lookupUser: fromPromise(({ input }) => lookup(input.userId)) } }),
    {
      input: {
        customerCountry: 'EE',
        permissionNoCheckPersonalCode: false,
        currentUserId: MARI,
        user,
        findUser: (id) => users.get(id) ?? null,
      },
    },
  );
  // run on its own, the part has no parent: what it reports is emitted as well
  actor.on('*', (e) => reports.push(e));
  actor.start();
  return { actor, reports };
}
const last = (reports: RightsPersonReport[]) => reports[reports.length - 1];

describe('rightsPerson', () => {
  it('reports each change of a new user, and that the lookup runs once the code is complete', async () => {
    const { actor, reports } = start(null, (id) =>
      Promise.resolve(id === `EE${KNOWN_CODE}` ? { id, userId: id, firstName: 'Jaak', lastName: 'Jõeorg' } : null),
    );
    actor.send({ type: 'rights.identity', patch: { firstName: 'Uus' } });
    expect(last(reports)).toMatchObject({ type: 'rights.personChanged', lookingUp: false, person: { mode: 'new' } });
    actor.send({ type: 'rights.identity', patch: { personalCode: KNOWN_CODE } });
    expect(actor.getSnapshot().hasTag('lookingUp')).toBe(true);
    expect(last(reports)).toMatchObject({ lookingUp: true, person: { identity: { personalCode: KNOWN_CODE } } });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(last(reports)).toMatchObject({
      lookingUp: false,
      person: {
        namesLocked: true,
        identity: { firstName: 'Jaak', lastName: 'Jõeorg' },
        touched: ['firstName', 'personalCode'],
      },
    });
  });

  it("a code of one of the customer's users switches to editing that user and says so", () => {
    const { actor, reports } = start(null);
    actor.send({ type: 'rights.identity', patch: { personalCode: JAAN.slice(2) } });
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'edit', userId: JAAN, namesLocked: true });
    expect(reports.map((r) => r.type)).toEqual(['rights.knownUserFound', 'rights.personChanged']);
    expect(reports[0]).toEqual({ type: 'rights.knownUserFound', user: users.get(JAAN) });
  });

  it('a failed lookup leaves the names editable and reports the failure', async () => {
    const { actor, reports } = start(null, () => Promise.reject(new Error('502')));
    actor.send({ type: 'rights.identity', patch: { personalCode: NEW_CODE } });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(reports.slice(-2).map((r) => r.type)).toEqual(['rights.personChanged', 'rights.lookupFailed']);
    expect(last(reports)).toEqual({ type: 'rights.lookupFailed' });
    expect(actor.getSnapshot().context.namesLocked).toBe(false);
  });

  it("a look-up the server refuses with a message of its own (too many look-ups) reports that message's key", async () => {
    const refused = Object.assign(new Error('429 TOO_MANY_REQUESTS'), {
      status: 429,
      messageKey: 'error.tooManyRequests',
    });
    const { actor, reports } = start(null, () => Promise.reject(refused));
    actor.send({ type: 'rights.identity', patch: { personalCode: NEW_CODE } });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(last(reports)).toEqual({ type: 'rights.lookupFailed', messageKey: 'error.tooManyRequests' });
  });

  it('an edited user keeps country and code; nobody clears their own administrator box', () => {
    const { actor } = start(users.get(MARI)!);
    actor.send({ type: 'rights.identity', patch: { country: 'LV', personalCode: '1', email: 'mari@x.ee' } });
    expect(actor.getSnapshot().context.identity).toMatchObject({ country: 'EE', email: 'mari@x.ee' });
    actor.send({ type: 'rights.admin', admin: false });
    expect(actor.getSnapshot().context.identity.admin).toBe(true);
    const other = start(users.get(JAAN)!);
    other.actor.send({ type: 'rights.admin', admin: true });
    expect(last(other.reports)).toMatchObject({ person: { identity: { admin: true } } });
  });
});
