import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  rightsEditMachine,
  canSaveRights,
  isAdminBoxDisabled,
  visibleIssues,
  type KnownUser,
  type ReloadedRights,
  type RightsEditInput,
} from './rightsEdit.machine';
import { rightsPersonMachine } from './rightsPerson.machine';
import { rightsSaveMachine, saveCommandOf, type SaveRightsInput } from './rightsSave.machine';
import { appSections, knownUsers } from './rightsList.machine';
import {
  admins,
  applicationAnswers,
  JAAN,
  KNOWN_CODE,
  maasikas,
  MARI,
  NEW_CODE,
  TODAY,
} from '../tests/support/fixtures/represented-settings';
import type { UserLookup } from '../domain/represented-settings';

const ctx = {
  apps: {
    OSS: { ok: true as const, answer: applicationAnswers.OSS.answer },
    PERIODICALS: { ok: true as const, answer: applicationAnswers.PERIODICALS.answer },
  },
  trees: { OSS: applicationAnswers.OSS.tree, PERIODICALS: applicationAnswers.PERIODICALS.tree },
  admins,
  customer: maasikas,
};
const users = knownUsers(ctx);

function input(user: KnownUser | null, extra: Partial<RightsEditInput> = {}): RightsEditInput {
  return {
    customerId: maasikas.id,
    customerCountry: 'EE',
    permissionNoCheckPersonalCode: false,
    currentUserId: MARI,
    user,
    sections: appSections(ctx),
    findUser: (id) => users.get(id) ?? null,
    today: TODAY,
    ...extra,
  };
}

function start(
  user: KnownUser | null,
  {
    lookup = () => Promise.resolve(null),
    save = () => Promise.resolve([]),
    reload = () => Promise.reject(new Error('not expected')),
  }: {
    lookup?: (userId: string) => Promise<UserLookup | null>;
    save?: (i: SaveRightsInput) => Promise<string[]>;
    reload?: () => Promise<ReloadedRights>;
  } = {},
  extra: Partial<RightsEditInput> = {},
) {
  const saves: SaveRightsInput[] = [];
  const toasts: string[] = [];
  const actor = createActor(
    rightsEditMachine.provide({
      actors: {
        rightsPerson: rightsPersonMachine.provide({
          actors: { lookupUser: fromPromise(({ input }) => lookup(input.userId)) },
        }),
        reloadRights: fromPromise(() => reload()),
        rightsSave: rightsSaveMachine.provide({
          actors: {
            saveRights: fromPromise(({ input }) => {
              saves.push(input);
              return save(input);
            }),
          },
        }),
      },
    }),
    { input: input(user, extra) },
  );
  actor.on('toast.show', (e) => toasts.push(e.toast.messageKey));
  actor.start();
  return { actor, saves, toasts };
}

const fillNewPerson = (actor: ReturnType<typeof start>['actor']) => {
  actor.send({ type: 'rights.identity', patch: { firstName: 'Uus', lastName: 'Kasutaja', email: 'uus@example.ee' } });
  actor.send({ type: 'rights.identity', patch: { personalCode: NEW_CODE } });
};

describe('rightsEdit: a new user', () => {
  it('starts in new mode with the customer country, its domain and language, and cannot save empty', () => {
    const { actor } = start(null);
    const s = actor.getSnapshot();
    expect(s.context.mode).toBe('new');
    expect(s.context.identity).toMatchObject({ country: 'EE', domain: 'EE', language: 'ET', admin: false });
    expect(canSaveRights(s)).toBe(false);
    actor.send({ type: 'rights.save' });
    expect(visibleIssues(actor.getSnapshot())).toMatchObject({
      personalCode: 'validation.required',
      firstName: 'validation.required',
    });
  });

  it('switches to edit mode when the code is one of the customer users', () => {
    const { actor } = start(null);
    actor.send({ type: 'rights.identity', patch: { personalCode: JAAN.slice(2) } });
    const s = actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.mode).toBe('edit');
    expect(s.context.identity).toMatchObject({ firstName: 'Jaan', lastName: 'Tamm' });
    expect(s.context.roles.OSS).toMatchObject({ categoryId: 'OPERATIONS', roleId: 103, validity: 'UNLIMITED' });
  });

  it('asks the system for an unknown code: found → names fill in and lock; not found → editable', async () => {
    const found = start(null, {
      lookup: (id) =>
        Promise.resolve(id === `EE${KNOWN_CODE}` ? { id, userId: id, firstName: 'Jaak', lastName: 'Jõeorg' } : null),
    });
    found.actor.send({ type: 'rights.identity', patch: { personalCode: KNOWN_CODE } });
    expect(found.actor.getSnapshot().hasTag('lookingUp')).toBe(true);
    await waitFor(found.actor, (s) => s.matches('editing'));
    expect(found.actor.getSnapshot().context.namesLocked).toBe(true);
    expect(found.actor.getSnapshot().context.identity.firstName).toBe('Jaak');
    found.actor.send({ type: 'rights.identity', patch: { firstName: 'Other' } });
    expect(found.actor.getSnapshot().context.identity.firstName).toBe('Jaak');

    const unknown = start(null);
    unknown.actor.send({ type: 'rights.identity', patch: { personalCode: NEW_CODE } });
    await waitFor(unknown.actor, (s) => s.matches('editing'));
    expect(unknown.actor.getSnapshot().context.namesLocked).toBe(false);
  });

  it('a failed lookup tells error.server and leaves the names editable', async () => {
    const { actor, toasts } = start(null, { lookup: () => Promise.reject(new Error('down')) });
    actor.send({ type: 'rights.identity', patch: { personalCode: NEW_CODE } });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(toasts).toEqual(['error.server']);
    expect(actor.getSnapshot().context.namesLocked).toBe(false);
  });

  it("a look-up refused as too many tells the server's message, not error.server", async () => {
    const refused = Object.assign(new Error('429'), { status: 429, messageKey: 'error.tooManyRequests' });
    const { actor, toasts } = start(null, { lookup: () => Promise.reject(refused) });
    actor.send({ type: 'rights.identity', patch: { personalCode: NEW_CODE } });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(toasts).toEqual(['error.tooManyRequests']);
    expect(actor.getSnapshot().context.namesLocked).toBe(false);
  });

  it('does not look up an invalid code, and refuses it with the national-id message', () => {
    const { actor } = start(null);
    actor.send({ type: 'rights.identity', patch: { personalCode: '50203040123' } });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'rights.save' });
    expect(visibleIssues(actor.getSnapshot()).personalCode).toBe('validation.personalCode');
  });

  it('offers ZZ only with the permission; a new domain brings its default language', () => {
    const { actor } = start(null);
    actor.send({ type: 'rights.identity', patch: { country: 'LV' } });
    expect(actor.getSnapshot().context.identity).toMatchObject({ country: 'LV', domain: 'LV', language: 'LV' });
    actor.send({ type: 'rights.domain', domain: 'LT' });
    expect(actor.getSnapshot().context.identity).toMatchObject({ domain: 'LT', language: 'LT' });
    actor.send({ type: 'rights.identity', patch: { country: 'ZZ', personalCode: 'X-1' } });
    actor.send({ type: 'rights.save' });
    expect(visibleIssues(actor.getSnapshot()).personalCode).toBe('validation.personalCode');
    const allowed = start(null, {}, { permissionNoCheckPersonalCode: true });
    allowed.actor.send({ type: 'rights.identity', patch: { country: 'ZZ', personalCode: 'X-1' } });
    expect(allowed.actor.getSnapshot().context.identity.domain).toBe('EE');
    allowed.actor.send({ type: 'rights.save' });
    expect(visibleIssues(allowed.actor.getSnapshot()).personalCode).toBeUndefined();
  });

  it('saves OSS limited today → a month ahead and leaves PERIODICALS out (no role before): user/role/add', async () => {
    const { actor, saves } = start(null);
    fillNewPerson(actor);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'rights.category', application: 'OSS', category: 'OPERATIONS' });
    expect(actor.getSnapshot().context.roles.OSS.roleId).toBe(102);
    actor.send({ type: 'rights.validity', application: 'OSS', validity: 'LIMITED' });
    actor.send({ type: 'rights.dates', application: 'OSS', begin: '2026-11-23', end: '' });
    expect(canSaveRights(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'rights.dates', application: 'OSS', end: '2026-11-01' });
    actor.send({ type: 'rights.save' });
    expect(visibleIssues(actor.getSnapshot())['OSS.end']).toBe('validation.dateRange');
    actor.send({ type: 'rights.dates', application: 'OSS', end: '2026-12-23' });
    expect(canSaveRights(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'rights.save' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ saved: true, failed: [] });
    expect(saves).toEqual([
      {
        mode: 'new',
        ifMatch: null,
        command: {
          userId: `EE${NEW_CODE}`,
          userCode: NEW_CODE,
          country: 'EE',
          domain: 'EE',
          language: 'ET',
          firstName: 'Uus',
          lastName: 'Kasutaja',
          customerId: 'EPEE11000015',
          admin: false,
          email: 'uus@example.ee',
          roles: {
            OSS: { validity: 'LIMITED', categoryId: 'OPERATIONS', roleId: 102, begin: '23.11.2026', end: '23.12.2026' },
          },
        },
      },
    ]);
  });

  it('a failed save keeps everything typed and says error.server', async () => {
    const { actor, toasts } = start(null, { save: () => Promise.reject(new Error('500')) });
    fillNewPerson(actor);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'rights.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(canSaveRights(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(toasts).toEqual(['error.server']);
    expect(actor.getSnapshot().context.identity.firstName).toBe('Uus');
  });
});

describe('rightsEdit: an existing user', () => {
  const jaan = users.get(JAAN)!;
  it('moves OSS to another category (its first role) and ends the periodicals role he did not have: not sent', async () => {
    const { actor, saves } = start(jaan);
    actor.send({ type: 'rights.category', application: 'OSS', category: 'MANAGEMENT' });
    expect(actor.getSnapshot().context.roles.OSS).toMatchObject({ categoryId: 'MANAGEMENT', roleId: 101 });
    actor.send({ type: 'rights.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saves[0].mode).toBe('edit');
    expect(saves[0].command.roles).toEqual({
      OSS: { validity: 'UNLIMITED', categoryId: 'MANAGEMENT', roleId: 101, begin: '01.01.2025', end: null },
    });
    expect(saves[0].command).not.toHaveProperty('language');
  });

  it('a partial failure ends saved with the failed applications', async () => {
    const { actor } = start(jaan, { save: () => Promise.resolve(['PERIODICALS']) });
    actor.send({ type: 'rights.category', application: 'PERIODICALS', category: 'PUBLISHING' });
    actor.send({ type: 'rights.save' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ saved: true, failed: ['PERIODICALS'] });
  });

  it('remove all rights asks first; once confirmed it clears every role and ends those he had yesterday', async () => {
    const { actor, saves } = start(jaan);
    actor.send({ type: 'rights.removeAll' });
    expect(actor.getSnapshot().hasTag('confirmingRemoveAll')).toBe(true);
    actor.send({ type: 'rights.removeAllCancelled' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.roles.OSS.roleId, 'cancel keeps his role').not.toBeNull();
    actor.send({ type: 'rights.removeAll' });
    await new Promise((r) => setTimeout(r, 0));
    expect(saves, 'nothing is saved before the answer').toHaveLength(0);
    actor.send({ type: 'rights.removeAllConfirmed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saves[0].command.roles).toEqual({
      OSS: { validity: 'LIMITED', categoryId: null, roleId: null, begin: null, end: '22.11.2026' },
    });
  });

  it('a main administrator: no remove all, no roles sent, and mari cannot clear her own box', async () => {
    const mari = users.get(MARI)!;
    const { actor, saves } = start(mari);
    expect(isAdminBoxDisabled(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'rights.removeAll' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'rights.admin', admin: false });
    expect(actor.getSnapshot().context.identity.admin).toBe(true);
    actor.send({ type: 'rights.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saves[0].command).toMatchObject({ admin: true, roles: {} });
  });

  it('kristi may make jaan a main administrator; closing ends unsaved', () => {
    const { actor } = start(jaan, {}, { currentUserId: 'EE49004170227' });
    actor.send({ type: 'rights.admin', admin: true });
    expect(saveCommandOf(actor.getSnapshot().context).admin).toBe(true);
    actor.send({ type: 'rights.close' });
    expect(actor.getSnapshot().output).toEqual({ saved: false, failed: [] });
  });
});

describe('rightsEdit: while the person is looked up', () => {
  it('keeps the rest of the form editable (a category picked during the lookup sticks)', async () => {
    let answer: (v: UserLookup | null) => void = () => {};
    const { actor } = start(null, { lookup: () => new Promise((r) => (answer = r)) });
    actor.send({ type: 'rights.identity', patch: { personalCode: NEW_CODE } });
    expect(actor.getSnapshot().hasTag('lookingUp')).toBe(true);
    actor.send({ type: 'rights.category', application: 'OSS', category: 'OPERATIONS' });
    expect(actor.getSnapshot().context.roles.OSS.roleId).toBe(102);
    answer(null);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.roles.OSS.roleId).toBe(102);
  });
});

describe('rightsEdit: another administrator saved the rights meanwhile (412)', () => {
  const versioned = (user: KnownUser, version: string): KnownUser => ({
    ...user,
    roles: Object.fromEntries(Object.entries(user.roles).map(([app, r]) => [app, r && { ...r, version }])),
  });
  const jaan = versioned(users.get(JAAN)!, '"4"');
  const refused = () => Promise.reject(Object.assign(new Error('412'), { status: 412 }));
  /** the first save is refused, the next ones land */
  const refuseOnce = () => {
    let n = 0;
    return () => (n++ === 0 ? refused() : Promise.resolve([]));
  };

  it('rows only the other changed take their values, rows only this one changed keep theirs; saved again with the new version', async () => {
    // the other administrator ended jaan's OSS role; this one gives him a periodicals role
    const theirs: ReloadedRights = {
      roles: { OSS: { ...jaan.roles.OSS!, roleId: null, version: '"5"' } },
      version: '"5"',
    };
    const { actor, saves } = start(jaan, { save: refuseOnce(), reload: () => Promise.resolve(theirs) });
    actor.send({ type: 'rights.category', application: 'PERIODICALS', category: 'PUBLISHING' });
    actor.send({ type: 'rights.save' });
    const merged = await waitFor(actor, (s) => s.matches('editing'));
    expect(saves[0].ifMatch).toBe('"4"');
    expect(merged.context.conflict).toEqual({ taken: ['OSS'], both: {}, chosen: {} });
    expect(merged.context.roles.OSS.roleId, 'the right the other removed does not come back').toBeNull();
    expect(merged.context.roles.PERIODICALS.roleId, 'nothing chosen is lost').toBe(111);
    actor.send({ type: 'rights.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saves[1].ifMatch).toBe('"5"');
    expect(Object.keys(saves[1].command.roles), 'OSS is no longer his: not sent at all').toEqual(['PERIODICALS']);
    expect(saves[1].command.roles.PERIODICALS).toMatchObject({ categoryId: 'PUBLISHING', roleId: 111 });
  });

  it('a row both changed offers both values, this one showing until the other is chosen', async () => {
    const theirs: ReloadedRights = {
      roles: { OSS: { ...jaan.roles.OSS!, roleId: 102, version: '"5"' } },
      version: '"5"',
    };
    const { actor, saves } = start(jaan, { save: refuseOnce(), reload: () => Promise.resolve(theirs) });
    actor.send({ type: 'rights.category', application: 'OSS', category: 'MANAGEMENT' });
    actor.send({ type: 'rights.save' });
    const merged = await waitFor(actor, (s) => s.matches('editing') && s.context.conflict !== null);
    expect(Object.keys(merged.context.conflict!.both)).toEqual(['OSS']);
    expect(merged.context.roles.OSS.roleId).toBe(101);
    actor.send({ type: 'rights.choose', application: 'OSS', side: 'theirs' });
    expect(actor.getSnapshot().context.roles.OSS.roleId).toBe(102);
    expect(actor.getSnapshot().context.conflict!.chosen).toEqual({ OSS: 'theirs' });
    actor.send({ type: 'rights.choose', application: 'PERIODICALS', side: 'theirs' });
    expect(actor.getSnapshot().context.roles.PERIODICALS.roleId, 'a row not offered is not chosen').toBeNull();
    actor.send({ type: 'rights.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saves[1].command.roles.OSS).toMatchObject({ roleId: 102 });
  });

  it('the reload fails: an error shows and every choice stays', async () => {
    const { actor, toasts } = start(jaan, { save: refused });
    actor.send({ type: 'rights.category', application: 'PERIODICALS', category: 'PUBLISHING' });
    actor.send({ type: 'rights.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    const back = await waitFor(actor, (s) => s.matches('editing'));
    expect(toasts).toEqual(['error.server']);
    expect(back.context.roles.PERIODICALS.roleId).toBe(111);
    expect(back.context.version).toBe('"4"');
  });
});
