import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CredentialsAnswer, ResetPasswordUser } from '../domain/account/schemas';
import type { CredentialsForm } from '../domain/account/forms';
import type { NavTarget } from '../domain/rights';
import { credentialsOutcome, resetPasswordMachine } from './resetPassword.machine';
import { settingsFormMachine, visibleErrors, type SaveRequest } from './settingsForm.machine';

const mari: ResetPasswordUser = {
  userId: 'EE48709050218',
  firstName: 'Mari',
  lastName: 'Maasikas',
  personalCode: '48709050218',
  username: 'mari',
  endUserAgreementVersion: '2025-1',
};
const form: CredentialsForm = { username: 'mari.uus', password: 'Uus12345pw', repeat: 'Uus12345pw' };

function start(user: ResetPasswordUser | null | Error, answers: (CredentialsAnswer | Error)[] = []) {
  const saves: { key: string; form: CredentialsForm }[] = [];
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        loadUser: fromPromise(() => (user instanceof Error ? Promise.reject(user) : Promise.resolve(user))),
        // the form's save as src/features/account/wire.ts provides it
        form: settingsFormMachine.provide({
          actors: {
            saveForm: fromPromise(({ input }: { input: SaveRequest }) => {
              saves.push({ key: input.subject, form: input.values as CredentialsForm });
              const a = answers.shift() ?? { errorType: null };
              return a instanceof Error ? Promise.reject(a) : Promise.resolve(credentialsOutcome(a));
            }),
          },
        }),
      },
    }),
    { input: { key: 'abcdefghijklmnopqrstuvwxyz012345' } },
  );
  const nav: NavTarget[] = [];
  const toasts: string[] = [];
  const warnings: string[] = [];
  actor.on('navigation.requested', (e) => nav.push(e.target));
  actor.on('toast.show', (e) => toasts.push(e.toast.messageKey));
  actor.on('warning', (e) => warnings.push(e.code));
  actor.start();
  /** what the view does: types into the form (the flow's child) and presses Save */
  const type = (values: Partial<CredentialsForm>) =>
    actor.getSnapshot().children.form!.send({ type: 'form.edit', values });
  const save = () => actor.getSnapshot().children.form!.send({ type: 'form.save' });
  const errors = () => visibleErrors(actor.getSnapshot().children.form!.getSnapshot());
  return { actor, nav, toasts, warnings, saves, type, save, errors };
}

describe('resetPassword machine', () => {
  it('goes home when the key resolves to no user (unknown, expired or used) or the load fails', async () => {
    for (const user of [null, new Error('500')]) {
      const { actor, nav } = start(user);
      await waitFor(actor, (s) => s.status === 'done');
      expect(nav).toEqual([{ kind: 'home' }]);
    }
  });

  it('sends a new account (terms not accepted) to the terms-of-use modal of the same key', async () => {
    const { actor, nav } = start({ ...mari, endUserAgreementVersion: null });
    await waitFor(actor, (s) => s.status === 'done');
    expect(nav).toEqual([{ kind: 'path', path: '/user-add/edit/abcdefghijklmnopqrstuvwxyz012345' }]);
  });

  it('refuses an invalid form, flags a taken username until it changes, and goes home with success.save once saved', async () => {
    const t = start(mari, [{ errorType: 'UNIQUE' }, { errorType: null }]);
    await waitFor(t.actor, (s) => s.matches('editing'));
    t.type({ ...form, password: 'short' });
    t.save();
    expect(t.saves).toEqual([]);
    expect(t.errors().password?.key).toBe('validation.password');
    t.type({ password: form.password });
    t.save();
    await waitFor(
      t.actor.getSnapshot().children.form!,
      (s) => visibleErrors(s).username?.key === 'validation.username.unique',
    );
    expect(t.nav).toEqual([]);
    // the taken username stays marked while the person changes another field
    t.type({ repeat: form.repeat });
    expect(t.errors().username?.key).toBe('validation.username.unique');
    t.type({ username: 'mari.teine' });
    expect(t.errors().username).toBeUndefined();
    t.save();
    await waitFor(t.actor, (s) => s.status === 'done');
    expect(t.saves.map((s) => s.form.username)).toEqual(['mari.uus', 'mari.teine']);
    expect(t.saves[0].key).toBe('abcdefghijklmnopqrstuvwxyz012345');
    expect(t.toasts).toEqual(['success.save']);
    expect(t.nav).toEqual([{ kind: 'home' }]);
  });

  it('goes home when the key was used meanwhile, and stays with error.server (logged) on a failed save', async () => {
    const failed = start(mari, [Object.assign(new Error('500'), { status: 500 })]);
    await waitFor(failed.actor, (s) => s.matches('editing'));
    failed.type(form);
    failed.save();
    await waitFor(failed.actor, () => failed.toasts.length > 0);
    expect(failed.toasts).toEqual(['error.server']);
    expect(failed.warnings).toEqual(['resetPassword.save']);
    expect(failed.actor.getSnapshot().children.form!.getSnapshot().context.values).toEqual(form);

    const used = start(mari, [{ errorType: 'KEY' }]);
    await waitFor(used.actor, (s) => s.matches('editing'));
    used.type(form);
    used.save();
    await waitFor(used.actor, (s) => s.status === 'done');
    expect(used.nav).toEqual([{ kind: 'home' }]);
    expect(used.toasts).toEqual([]);
  });
});
