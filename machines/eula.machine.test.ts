import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConfirmAnswer, EulaInfo } from '../domain/account/schemas';
import type { EulaForm } from '../domain/account/forms';
import type { NavTarget } from '../domain/rights';
import { confirmOutcome, confirmRefusal, eulaMachine, type EulaData } from './eula.machine';
import { settingsFormMachine, visibleErrors, type SaveRequest } from './settingsForm.machine';

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
        // the form's save as src/features/account/wire.ts provides it
        form: settingsFormMachine.provide({
          actors: {
            saveForm: fromPromise(({ input }: { input: SaveRequest }) => {
              calls.push(`confirm ${(input.values as EulaForm).username}`);
              const failure = failures.shift();
              if (failure) {
                const refused = confirmRefusal(failure);
                return refused ? Promise.resolve(refused) : Promise.reject(failure);
              }
              return Promise.resolve(
                confirmOutcome(answers.shift() ?? { errorType: null, hadPreference: false, preference: null }),
              );
            }),
          },
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
  const child = () => actor.getSnapshot().children.form!;
  /** what the view does: fills the form in (its values over the loaded ones) and presses Confirm */
  const confirm = (values: Partial<EulaForm>) => {
    child().send({ type: 'form.edit', values });
    child().send({ type: 'form.save' });
  };
  const errors = () => visibleErrors(child().getSnapshot());
  return { actor, nav, calls, child, confirm, errors };
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
    const t = start({ answers: [{ errorType: 'UNIQUE', hadPreference: false, preference: null }] });
    await waitFor(t.actor, (s) => s.hasTag('ready'));
    t.confirm({ ...form, accept: false });
    t.confirm({ ...form, represented: '' });
    expect(t.calls).toEqual([]);
    expect(t.errors().represented?.key).toBe('validation.required');
    t.confirm(form);
    await waitFor(t.child(), (s) => visibleErrors(s).username?.key === 'validation.username.unique');
    expect(t.calls).toEqual(['confirm uku']);
    expect(t.nav).toEqual([]);
  });

  it('a refused current password flags that field, keeps the form and warns of nothing else; editing it clears the flag', async () => {
    // failures as the portal's ApiError has them
    const wrong = Object.assign(new Error('400'), {
      status: 400,
      code: 'BAD_INPUT',
      fields: { 'userCredentials.currentPassword': 'is not yours' },
    });
    const wait = Object.assign(new Error('429'), { status: 429, code: 'TOO_MANY_ATTEMPTS' });
    const t = start({ failures: [wrong, wait] });
    const toasts: unknown[] = [];
    t.actor.on('toast.show', (e) => toasts.push(e));
    await waitFor(t.actor, (s) => s.hasTag('ready'));
    const proving = { ...form, askCurrentPassword: true, currentPassword: 'Arvan1Parool' };
    t.confirm({ ...proving, currentPassword: '' });
    expect(t.calls).toEqual([]);
    t.confirm(proving);
    await waitFor(t.child(), (s) => !!visibleErrors(s).currentPassword && s.matches('editing'));
    expect(t.errors().currentPassword?.key).toBe('user-settings.password.current.wrong');
    expect(t.child().getSnapshot().context.values).toMatchObject({
      ...proving,
      serviceUrl: expect.any(String) as string,
    });
    t.child().send({ type: 'form.edit', values: { currentPassword: 'Arvan1Parool' } });
    expect(t.errors().currentPassword).toBeUndefined();
    t.child().send({ type: 'form.save' });
    await waitFor(t.child(), (s) => !!visibleErrors(s).currentPassword && s.matches('editing'));
    expect(t.errors().currentPassword?.key).toBe('user-settings.password.current.wait');
    expect(toasts).toEqual([]);
    expect(t.nav).toEqual([]);
    expect(t.calls).toEqual(['confirm uku', 'confirm uku']);
  });

  it('saves, changes to the real represented party, then goes to the preference URL', async () => {
    const { actor, nav, calls, confirm } = start({ answers: [saved('EPEE11000015', '/ui/business/ee/et/LOGISTICS')] });
    await waitFor(actor, (s) => s.hasTag('ready'));
    confirm(form);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['confirm uku', 'change EPEE11000015']);
    expect(nav).toEqual([{ kind: 'path', path: '/business/ee/et/LOGISTICS' }]);
  });

  it('with an existing preference only redirects (no represented change)', async () => {
    const { actor, nav, calls, confirm } = start({
      answers: [saved('EPEE11000015', '/ui/business/ee/et/LOGISTICS', true)],
    });
    await waitFor(actor, (s) => s.hasTag('ready'));
    confirm(form);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['confirm uku']);
    expect(nav).toEqual([{ kind: 'path', path: '/business/ee/et/LOGISTICS' }]);
  });

  it('without a preference URL goes to the TARGET cookie URL, else home', async () => {
    const withTarget = start({ answers: [saved('NOPREFERENCE', 'NOPREFERENCE')], target: '/ui/dashboard' });
    await waitFor(withTarget.actor, (s) => s.hasTag('ready'));
    withTarget.confirm({ ...form, service: 'NOPREFERENCE', represented: 'NOPREFERENCE' });
    await waitFor(withTarget.actor, (s) => s.status === 'done');
    expect(withTarget.calls).toEqual(['confirm uku', 'target']);
    expect(withTarget.nav).toEqual([{ kind: 'path', path: '/dashboard' }]);

    const none = start({ answers: [saved('NOPREFERENCE', 'NOPREFERENCE')] });
    await waitFor(none.actor, (s) => s.hasTag('ready'));
    none.confirm(form);
    await waitFor(none.actor, (s) => s.status === 'done');
    expect(none.nav).toEqual([{ kind: 'home' }]);
  });
});
