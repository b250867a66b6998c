import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { hasLoadError, rightsListMachine } from './rightsList.machine';
import { rightsLoadMachine, type ApplicationAnswer } from './rightsLoad.machine';
import {
  admins,
  applicationAnswers,
  JAAN,
  maasikas,
  MARI,
  TODAY,
} from '../tests/support/fixtures/represented-settings';
import { rightsEditMachine, type RightsEditActor } from './rightsEdit.machine';
import { rightsPersonMachine } from './rightsPerson.machine';
import { rightsSaveMachine, type SaveRightsInput } from './rightsSave.machine';
import { buildRows, filterRows, type UserLookup } from '../domain/represented-settings';
import type { ToastRequest } from './toasts.machine';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function start({
  failApp = null as string | null,
  failAdmins = false,
  save = (_: SaveRightsInput) => Promise.resolve([] as string[]),
  adminsAnswer = admins,
  gate = null as Deferred<void> | null,
} = {}) {
  let loads = 0;
  const emitted: ToastRequest[] = [];
  const actor = createActor(
    rightsListMachine.provide({
      actors: {
        rightsLoad: rightsLoadMachine.provide({
          actors: {
            loadCustomer: fromPromise(() => Promise.resolve(maasikas)),
            loadAdmins: fromPromise(() =>
              failAdmins ? Promise.reject(new Error('500')) : Promise.resolve(adminsAnswer),
            ),
            loadApplication: fromPromise<ApplicationAnswer, { customerId: string; application: string }>(
              async ({ input }) => {
                loads += 1;
                if (gate) await gate.promise;
                if (input.application === failApp) throw new Error('timeout');
                return applicationAnswers[input.application];
              },
            ),
          },
        }),
        rightsEdit: rightsEditMachine.provide({
          actors: {
            rightsPerson: rightsPersonMachine.provide({
              actors: { lookupUser: fromPromise<UserLookup | null, { userId: string }>(() => Promise.resolve(null)) },
            }),
            rightsSave: rightsSaveMachine.provide({ actors: { saveRights: fromPromise(({ input }) => save(input)) } }),
          },
        }),
      },
    }),
    { input: { customerId: maasikas.id, currentUserId: MARI, today: TODAY } },
  );
  actor.on('toast.show', (e) => emitted.push(e.toast));
  actor.start();
  return { actor, emitted, loads: () => loads };
}

describe('rightsList', () => {
  it('resolves only when every parallel load has ended; add waits until then', async () => {
    const gate = deferred<void>();
    const { actor } = start({ gate });
    actor.send({ type: 'rights.add' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().children.rightsEdit).toBeUndefined();
    gate.resolve();
    await waitFor(actor, (s) => s.matches({ ready: 'browsing' }));
    expect(hasLoadError(actor.getSnapshot())).toBe(false);
    const rows = buildRows(
      { OSS: actor.getSnapshot().context.apps.OSS!, PERIODICALS: actor.getSnapshot().context.apps.PERIODICALS! },
      actor.getSnapshot().context.admins,
      TODAY,
    );
    expect(filterRows(rows, '', 'active').map((r) => r.userId)).toEqual([JAAN]);
  });

  it('shows each answer of the load as it lands, before the slower ones', async () => {
    const gate = deferred<void>();
    const { actor } = start({ gate });
    await waitFor(actor, (s) => s.context.admins.length > 0 && s.context.customer !== null);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.apps).toEqual({ OSS: null, PERIODICALS: null, FINANCE: null });
    gate.resolve();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.apps.OSS).toMatchObject({ ok: true });
  });

  it('a failed application or administrators load still resolves, with the error shown', async () => {
    const app = start({ failApp: 'PERIODICALS' });
    await waitFor(app.actor, (s) => s.matches('ready'));
    expect(app.actor.getSnapshot().context.apps.PERIODICALS).toEqual({ ok: false });
    expect(hasLoadError(app.actor.getSnapshot())).toBe(true);
    const adm = start({ failAdmins: true });
    await waitFor(adm.actor, (s) => s.matches('ready'));
    expect(adm.actor.getSnapshot().context.adminsFailed).toBe(true);
    expect(hasLoadError(adm.actor.getSnapshot())).toBe(true);
  });

  it('search and filter reset to page 1; paging keeps them', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'rights.page', page: 3 });
    expect(actor.getSnapshot().context.page).toBe(3);
    actor.send({ type: 'rights.search', text: 'tamm' });
    expect(actor.getSnapshot().context).toMatchObject({ search: 'tamm', page: 1 });
    actor.send({ type: 'rights.page', page: 2 });
    actor.send({ type: 'rights.filter', filter: 'notActive' });
    expect(actor.getSnapshot().context).toMatchObject({ filter: 'notActive', page: 1, search: 'tamm' });
    actor.send({ type: 'rights.page', page: 0 });
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('opens the modal for a known user only, and a save reloads with the success toast', async () => {
    const saves: SaveRightsInput[] = [];
    const { actor, emitted, loads } = start({ save: (i) => (saves.push(i), Promise.resolve([])) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'rights.edit', userId: 'EE00000000000' });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    actor.send({ type: 'rights.edit', userId: JAAN });
    const child = actor.getSnapshot().children.rightsEdit as RightsEditActor;
    expect(child.getSnapshot().context.identity.lastName).toBe('Tamm');
    child.send({ type: 'rights.category', application: 'OSS', category: 'MANAGEMENT' });
    child.send({ type: 'rights.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'browsing' }) && loads() === 6);
    expect(saves[0].command.roles.OSS.roleId).toBe(101);
    expect(emitted.map((t) => t.messageKey)).toEqual(['success.save']);
  });

  it('a partial failure warns with the failed applications and still reloads', async () => {
    const { actor, emitted, loads } = start({ save: () => Promise.resolve(['PERIODICALS']) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'rights.add' });
    const child = actor.getSnapshot().children.rightsEdit as RightsEditActor;
    child.send({
      type: 'rights.identity',
      patch: { firstName: 'A', lastName: 'B', email: 'a@b.ee', personalCode: '50203040122' },
    });
    await waitFor(child, (s) => s.matches('editing'));
    child.send({ type: 'rights.category', application: 'PERIODICALS', category: 'PUBLISHING' });
    child.send({ type: 'rights.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'browsing' }) && loads() === 6);
    // 'Saving failed to: …' names the failed application in the person's language (spec 2 §8)
    expect(emitted).toEqual([
      {
        toastType: 'warning',
        messageKey: 'represented-settings.error.save-partially-failed',
        valueKeys: { applications: ['app.name.PERIODICS'] },
      },
    ]);
  });

  it('closing the modal goes back without reloading', async () => {
    const { actor, loads } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'rights.add' });
    (actor.getSnapshot().children.rightsEdit as RightsEditActor).send({ type: 'rights.close' });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(loads()).toBe(3);
    actor.send({ type: 'rights.reload' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });
});
