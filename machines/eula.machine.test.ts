import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConfirmAnswer, EulaInfo } from '../domain/account/schemas';
import type { EulaForm } from '../domain/account/forms';
import type { NavTarget } from '../domain/rights';
import { eulaMachine, type EulaData } from './eula.machine';

const uku: EulaInfo = {
  id: 'EE39912310010',
  firstName: 'Uku',
  lastName: 'Uus',
  trustfulAuthentication: false,
  language: 'EST',
  username: null,
  endUserAgreementVersion: null,
  passwordUsed: false,
  preference: null,
  packagePrivateUrls: {},
};
const form: EulaForm = {
  username: 'uku',
  password: 'Ukuparool1',
  repeat: 'Ukuparool1',
  firstName: '',
  lastName: '',
  askFirstName: false,
  askLastName: false,
  service: 'LOGISTICS',
  represented: 'EPEE11000015',
  serviceUrl: '/ui/business/ee/et/LOGISTICS',
  accept: true,
  askCurrentPassword: false,
  currentPassword: '',
};

function start(opts: {
  info?: EulaInfo | null;
  answers?: ConfirmAnswer[];
  target?: string | null;
  /** failures of the first confirms, in order */
  failures?: Error[];
}) {
  const calls: string[] = [];
  const answers = [...(opts.answers ?? [])];
  const failures = [...(opts.failures ?? [])];
  const actor = createActor(
    eulaMachine.provide({
      actors: {
        loadTerms: fromPromise((): Promise<EulaData> =>
          Promise.resolve({
            info: opts.info === undefined ? uku : opts.info,
            parties: [],
            packagePrivateUrls: {},
          }),
        ),
        confirm: fromPromise<ConfirmAnswer, { key: string | null; form: EulaForm; data: EulaData }>(({ input }) => {
          calls.push(`confirm ${input.form.username}`);
          const failure = failures.shift();
          if (failure) return Promise.reject(failure);
          return Promise.resolve(answers.shift() ?? { errorType: null, hadPreference: false, preference: null });
        }),
        changeRepresented: fromPromise<unknown, { gid: string }>(({ input }) => {
          calls.push(`change ${input.gid}`);
          return Promise.resolve({});
        }),
        takeTarget: fromPromise(() => {
          calls.push('target');
          return Promise.resolve(opts.target ?? null);
        }),
      },
    }),
    { input: { key: 'abcdefghijklmnopqrstuvwxyz012345' } },
  );
  const nav: NavTarget[] = [];
  actor.on('navigation.requested', (e) => nav.push(e.target));
  actor.start();
  return { actor, nav, calls };
}

const saved = (representedId: string, serviceUrl: string, hadPreference = false): ConfirmAnswer => ({
  errorType: null,
  hadPreference,
  preference: { representedId, serviceUrl },
});

describe('eula machine', () => {
  it('goes home when the key resolves to nobody', async () => {
    const { actor, nav } = start({ info: null });
    await waitFor(actor, (s) => s.status === 'done');
    expect(nav).toEqual([{ kind: 'home' }]);
  });

  it('confirms only an accepted, valid form; a clash flags the username and stops', async () => {
    const { actor, nav, calls } = start({ answers: [{ errorType: 'UNIQUE', hadPreference: false, preference: null }] });
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'eula.confirm', form: { ...form, accept: false } });
    actor.send({ type: 'eula.confirm', form: { ...form, represented: '' } });
    expect(calls).toEqual([]);
    actor.send({ type: 'eula.confirm', form });
    await waitFor(actor, (s) => s.matches('editing') && s.context.usernameNotUnique);
    expect(calls).toEqual(['confirm uku']);
    expect(nav).toEqual([]);
  });

  it('a refused current password flags that field, keeps the form and warns of nothing else; editing it clears the flag', async () => {
    // failures as the portal's ApiError has them
    const wrong = Object.assign(new Error('400'), {
      status: 400,
      code: 'BAD_INPUT',
      fields: { 'userCredentials.currentPassword': 'is not yours' },
    });
    const wait = Object.assign(new Error('429'), { status: 429, code: 'TOO_MANY_ATTEMPTS' });
    const { actor, nav, calls } = start({ failures: [wrong, wait] });
    const toasts: unknown[] = [];
    actor.on('toast.show', (e) => toasts.push(e));
    await waitFor(actor, (s) => s.hasTag('ready'));
    const proving = { ...form, askCurrentPassword: true, currentPassword: 'Arvan1Parool' };
    actor.send({ type: 'eula.confirm', form: { ...proving, currentPassword: '' } });
    expect(calls).toEqual([]);
    actor.send({ type: 'eula.confirm', form: proving });
    await waitFor(actor, (s) => s.matches('editing') && s.context.currentPasswordRefused !== null);
    expect(actor.getSnapshot().context.currentPasswordRefused).toBe('user-settings.password.current.wrong');
    expect(actor.getSnapshot().context.form).toEqual(proving);
    actor.send({ type: 'eula.currentPasswordEdited' });
    expect(actor.getSnapshot().context.currentPasswordRefused).toBeNull();
    actor.send({ type: 'eula.confirm', form: proving });
    await waitFor(actor, (s) => s.matches('editing') && s.context.currentPasswordRefused !== null);
    expect(actor.getSnapshot().context.currentPasswordRefused).toBe('user-settings.password.current.wait');
    expect(toasts).toEqual([]);
    expect(nav).toEqual([]);
    expect(calls).toEqual(['confirm uku', 'confirm uku']);
  });

  it('saves, changes to the real represented party, then goes to the preference URL', async () => {
    const { actor, nav, calls } = start({ answers: [saved('EPEE11000015', '/ui/business/ee/et/LOGISTICS')] });
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'eula.confirm', form });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['confirm uku', 'change EPEE11000015']);
    expect(nav).toEqual([{ kind: 'path', path: '/business/ee/et/LOGISTICS' }]);
  });

  it('with an existing preference only redirects (no represented change)', async () => {
    const { actor, nav, calls } = start({ answers: [saved('EPEE11000015', '/ui/business/ee/et/LOGISTICS', true)] });
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'eula.confirm', form });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['confirm uku']);
    expect(nav).toEqual([{ kind: 'path', path: '/business/ee/et/LOGISTICS' }]);
  });

  it('without a preference URL goes to the TARGET cookie URL, else home', async () => {
    const withTarget = start({ answers: [saved('NOPREFERENCE', 'NOPREFERENCE')], target: '/ui/dashboard' });
    await waitFor(withTarget.actor, (s) => s.hasTag('ready'));
    withTarget.actor.send({
      type: 'eula.confirm',
      form: { ...form, service: 'NOPREFERENCE', represented: 'NOPREFERENCE' },
    });
    await waitFor(withTarget.actor, (s) => s.status === 'done');
    expect(withTarget.calls).toEqual(['confirm uku', 'target']);
    expect(withTarget.nav).toEqual([{ kind: 'path', path: '/dashboard' }]);

    const none = start({ answers: [saved('NOPREFERENCE', 'NOPREFERENCE')] });
    await waitFor(none.actor, (s) => s.hasTag('ready'));
    none.actor.send({ type: 'eula.confirm', form });
    await waitFor(none.actor, (s) => s.status === 'done');
    expect(none.nav).toEqual([{ kind: 'home' }]);
  });
});
