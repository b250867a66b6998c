import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CredentialsAnswer, ResetPasswordUser } from '../domain/account/schemas';
import type { CredentialsForm } from '../domain/account/forms';
import type { NavTarget } from '../domain/rights';
import { resetPasswordMachine } from './resetPassword.machine';

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
        saveCredentials: fromPromise(({ input }: { input: { key: string; form: CredentialsForm } }) => {
          saves.push(input);
          const a = answers.shift() ?? { errorType: null };
          return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
        }),
      },
    }),
    { input: { key: 'abcdefghijklmnopqrstuvwxyz012345' } },
  );
  const nav: NavTarget[] = [];
  const toasts: string[] = [];
  actor.on('navigation.requested', (e) => nav.push(e.target));
  actor.on('toast.show', (e) => toasts.push(e.toast.messageKey));
  actor.start();
  return { actor, nav, toasts, saves };
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

  it('ignores an invalid form, flags a taken username, and goes home with success.save once saved', async () => {
    const { actor, nav, toasts, saves } = start(mari, [{ errorType: 'UNIQUE' }, { errorType: null }]);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'reset.submit', form: { ...form, password: 'short' } });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'reset.submit', form });
    await waitFor(actor, (s) => s.matches('editing') && s.context.usernameNotUnique);
    expect(nav).toEqual([]);
    actor.send({ type: 'reset.usernameEdited' });
    expect(actor.getSnapshot().context.usernameNotUnique).toBe(false);
    actor.send({ type: 'reset.submit', form: { ...form, username: 'mari.teine' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saves.map((s) => s.form.username)).toEqual(['mari.uus', 'mari.teine']);
    expect(toasts).toEqual(['success.save']);
    expect(nav).toEqual([{ kind: 'home' }]);
  });

  it('goes home when the key was used meanwhile, and stays with error.server on a failed save', async () => {
    const failed = start(mari, [new Error('500')]);
    await waitFor(failed.actor, (s) => s.matches('editing'));
    failed.actor.send({ type: 'reset.submit', form });
    await waitFor(failed.actor, (s) => s.matches('editing') && failed.toasts.length > 0);
    expect(failed.toasts).toEqual(['error.server']);

    const used = start(mari, [{ errorType: 'KEY' }]);
    await waitFor(used.actor, (s) => s.matches('editing'));
    used.actor.send({ type: 'reset.submit', form });
    await waitFor(used.actor, (s) => s.status === 'done');
    expect(used.nav).toEqual([{ kind: 'home' }]);
  });
});
