import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  canSave,
  settingsFormMachine,
  visibleErrors,
  type FormErrors,
  type FormValues,
  type LoadedForm,
  type SaveOutcome,
  type SaveRequest,
  type SettingsFormEmitted,
} from './settingsForm.machine';

interface Contact {
  firstName: string;
  mobile: string;
}
const validate = (v: FormValues): FormErrors => {
  const c = v as Contact;
  const e: FormErrors = {};
  if (c.firstName.length === 0) e.firstName = { key: 'validation.required' };
  if (c.firstName.length > 25) e.firstName = { key: 'validation.maxLength', values: { max: 25 } };
  return e;
};

function start(
  opts: {
    load?: () => Promise<LoadedForm>;
    save?: (r: SaveRequest) => Promise<SaveOutcome>;
    use?: () => Promise<void>;
  } = {},
) {
  const saves: SaveRequest[] = [];
  const signOns: SaveRequest[] = [];
  const uses: SaveRequest[] = [];
  const actor = createActor(
    settingsFormMachine.provide({
      actors: {
        loadForm: fromPromise(
          opts.load ?? (() => Promise.resolve({ values: { firstName: 'Mari', mobile: '+3725550' }, restored: false })),
        ),
        saveForm: fromPromise(({ input }: { input: SaveRequest }) => {
          saves.push(input);
          return opts.save ? opts.save(input) : Promise.resolve({});
        }),
        useSaved: fromPromise(({ input }: { input: SaveRequest }) => {
          uses.push(input);
          return opts.use ? opts.use() : Promise.resolve();
        }),
        signOnAgain: fromPromise(({ input }: { input: SaveRequest }) => {
          signOns.push(input);
          return new Promise<void>(() => {});
        }),
      },
    }),
    { input: { subject: 'EE48709050218', validate } },
  );
  const emitted: SettingsFormEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, saves, signOns, uses, emitted };
}
const editing = (a: ReturnType<typeof start>['actor']) => waitFor(a, (s) => s.matches('editing'), { timeout: 1000 });

describe('settings form', () => {
  it('loads, edits and saves, then says Save successful', async () => {
    const { actor, saves, emitted } = start();
    await editing(actor);
    actor.send({ type: 'form.edit', values: { mobile: '+37255512345' } });
    expect(canSave(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.save' });
    expect(canSave(actor.getSnapshot())).toBe(false); // pending
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saves[0]?.values).toEqual({ firstName: 'Mari', mobile: '+37255512345' });
    expect(emitted).toContainEqual({ type: 'toast.show', toast: { toastType: 'success', messageKey: 'success.save' } });
  });

  it('refuses to save an invalid form and shows the message of the touched field', async () => {
    const { actor, saves } = start();
    await editing(actor);
    actor.send({ type: 'form.edit', values: { firstName: 'A'.repeat(26) } });
    expect(canSave(actor.getSnapshot())).toBe(false);
    expect(visibleErrors(actor.getSnapshot()).firstName?.key).toBe('validation.maxLength');
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(saves).toHaveLength(0);
  });

  it('keeps every typed value after a failed save and can save again', async () => {
    let fail = true;
    const { actor, saves, emitted } = start({
      save: () => (fail ? Promise.reject(Object.assign(new Error('500'), { status: 500 })) : Promise.resolve({})),
    });
    await editing(actor);
    actor.send({ type: 'form.edit', values: { mobile: '+37255599999' } });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.values).toEqual({ firstName: 'Mari', mobile: '+37255599999' });
    expect(emitted.at(-1)).toEqual({ type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.server' } });
    fail = false;
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saves).toHaveLength(2);
  });

  it('shows the server field errors (username taken) without a success message', async () => {
    const { actor, emitted } = start({
      save: () => Promise.resolve({ fieldErrors: { username: { key: 'validation.username.unique' } } }),
    });
    await editing(actor);
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.serverErrors).length > 0);
    expect(visibleErrors(actor.getSnapshot()).username?.key).toBe('validation.username.unique');
    expect(canSave(actor.getSnapshot())).toBe(false);
    expect(emitted).toHaveLength(0);
    actor.send({ type: 'form.edit', values: { username: 'other' } });
    expect(canSave(actor.getSnapshot())).toBe(true);
  });

  it('a save answered 401 keeps the draft and signs on again', async () => {
    const { actor, signOns } = start({
      save: () => Promise.reject(Object.assign(new Error('401'), { status: 401 })),
    });
    await editing(actor);
    actor.send({ type: 'form.edit', values: { mobile: '+37255577777' } });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('signingOnAgain'));
    expect(signOns[0]?.values).toEqual({ firstName: 'Mari', mobile: '+37255577777' });
  });

  it('a restored draft is editable at once, with its errors shown', async () => {
    const { actor } = start({ load: () => Promise.resolve({ values: { firstName: '', mobile: '' }, restored: true }) });
    await editing(actor);
    expect(actor.getSnapshot().context.restored).toBe(true);
    expect(visibleErrors(actor.getSnapshot()).firstName?.key).toBe('validation.required');
  });

  it('"save and use" runs useSaved after the save, without the success toast', async () => {
    const { actor, uses, emitted } = start();
    await editing(actor);
    actor.send({ type: 'form.save', andUse: true });
    await waitFor(actor, (s) => s.status === 'done');
    expect(uses).toHaveLength(1);
    expect(emitted).toHaveLength(0);
  });

  it('a failed load shows error.server and can be retried', async () => {
    let n = 0;
    const { actor } = start({
      load: () =>
        n++ === 0 ? Promise.reject(new Error('500')) : Promise.resolve({ values: { firstName: 'M' }, restored: false }),
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'form.retry' });
    await editing(actor);
    expect(actor.getSnapshot().context.values).toEqual({ firstName: 'M' });
  });
});
