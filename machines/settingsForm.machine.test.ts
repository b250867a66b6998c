import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { NavTarget } from '../domain/rights';
import { preferenceUseMachine, type ServiceRequest } from './preferenceUse.machine';
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
  type SettingsFormInput,
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
const MARI = { firstName: 'Mari', mobile: '+3725550' };
const serverError = { type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.server' } };

function start(
  opts: {
    load?: () => Promise<LoadedForm>;
    save?: (r: SaveRequest) => Promise<SaveOutcome>;
    findService?: () => Promise<NavTarget>;
    party?: string | null;
  } = {},
) {
  const saves: SaveRequest[] = [];
  const searches: ServiceRequest[] = [];
  const actor = createActor(
    settingsFormMachine.provide({
      actors: {
        loadForm: fromPromise(opts.load ?? (() => Promise.resolve({ values: MARI }))),
        saveForm: fromPromise(({ input }: { input: SaveRequest }) => {
          saves.push(input);
          return opts.save ? opts.save(input) : Promise.resolve({});
        }),
        preferenceUse: preferenceUseMachine.provide({
          actors: {
            findService: fromPromise(({ input }: { input: ServiceRequest }) => {
              searches.push(input);
              return opts.findService ? opts.findService() : Promise.resolve({ kind: 'dashboard' } as const);
            }),
          },
        }),
      },
    }),
    {
      input: {
        subject: 'EE48709050218',
        validate,
        draftKey: 'edit:EE48709050218',
        partyToUse: () => opts.party ?? null,
      },
    },
  );
  const emitted: SettingsFormEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, saves, searches, emitted };
}
type Actor = ReturnType<typeof start>['actor'];
const editing = (a: Actor) => waitFor(a, (s) => s.matches('editing'), { timeout: 1000 });

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
    expect(emitted).toEqual([{ type: 'toast.show', toast: { toastType: 'success', messageKey: 'success.save' } }]);
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
    expect(emitted.at(-1)).toEqual(serverError);
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

  it('a save answered 401 reports the draft under its key, never a password, and waits for the sign-on', async () => {
    const { actor, emitted } = start({
      load: () => Promise.resolve({ values: { ...MARI, password: '', repeat: '' } }),
      save: () => Promise.reject(Object.assign(new Error('401'), { status: 401 })),
    });
    await editing(actor);
    actor.send({ type: 'form.edit', values: { mobile: '+37255577777', password: 'Secret123', repeat: 'Secret123' } });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('signingOnAgain'));
    expect(emitted).toEqual([
      {
        type: 'form.sessionExpired',
        draftKey: 'edit:EE48709050218',
        values: { firstName: 'Mari', mobile: '+37255577777' },
      },
    ]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('a draft handed back while loading goes over the loaded values, field by field where the kinds agree', async () => {
    let answer!: (l: LoadedForm) => void;
    const { actor } = start({ load: () => new Promise((resolve) => (answer = resolve)) });
    actor.send({ type: 'form.restoreDraft', values: { firstName: '', mobile: 42, gone: 'x' } });
    answer({ values: MARI });
    await editing(actor);
    const s = actor.getSnapshot();
    expect(s.context.values).toEqual({ firstName: '', mobile: '+3725550' });
    expect(s.context.restored).toBe(true);
    // the person had typed all of it: its mistakes show at once
    expect(visibleErrors(s).firstName?.key).toBe('validation.required');
  });

  it('a draft handed back while editing shows at once; a save ends the notice', async () => {
    const { actor } = start();
    await editing(actor);
    actor.send({ type: 'form.restoreDraft', values: { mobile: '+37255566666' } });
    expect(actor.getSnapshot().context).toMatchObject({ values: { mobile: '+37255566666' }, restored: true });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(actor.getSnapshot().context.restored).toBe(false);
  });

  it('"save and use" with a preferred party asks for it first, then opens the service it finds', async () => {
    const target: NavTarget = { kind: 'path', path: '/business/EE/et/LOGISTICS' };
    const { actor, searches, emitted } = start({ party: 'EE10000001', findService: () => Promise.resolve(target) });
    await editing(actor);
    actor.send({ type: 'form.save', andUse: true });
    await waitFor(actor, () => emitted.length > 0);
    expect(emitted).toEqual([{ type: 'form.switchParty', gid: 'EE10000001' }]);
    expect(searches).toHaveLength(0); // the service opens for the preferred party: not before the switch
    actor.send({ type: 'form.partySwitched', gid: 'EE10000002' }); // another switch (the header's) is not it
    expect(searches).toHaveLength(0);
    actor.send({ type: 'form.partySwitched', gid: 'EE10000001' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(searches).toEqual([{ subject: 'EE48709050218', values: MARI }]);
    expect(emitted.at(-1)).toEqual({ type: 'navigation.requested', target });
  });

  it('"save and use" without a party opens the service at once, with no success toast', async () => {
    const { actor, searches, emitted } = start();
    await editing(actor);
    actor.send({ type: 'form.save', andUse: true });
    await waitFor(actor, (s) => s.status === 'done');
    expect(searches).toHaveLength(1);
    expect(emitted).toEqual([{ type: 'navigation.requested', target: { kind: 'dashboard' } }]);
  });

  it('a failed switch or search keeps the form, says so, and "save and use" may be tried again', async () => {
    let found = false;
    const { actor, searches, emitted } = start({
      party: 'EE10000001',
      findService: () => (found ? Promise.resolve({ kind: 'dashboard' }) : Promise.reject(new Error('no URL'))),
    });
    await editing(actor);
    actor.send({ type: 'form.save', andUse: true });
    await waitFor(actor, () => emitted.length > 0);
    actor.send({ type: 'form.partySwitchFailed', gid: 'EE10000001' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(searches).toHaveLength(0);
    expect(emitted.at(-1)).toEqual(serverError);
    actor.send({ type: 'form.save', andUse: true });
    await waitFor(actor, () => emitted.length === 3);
    actor.send({ type: 'form.partySwitched', gid: 'EE10000001' });
    await waitFor(actor, (s) => s.matches('failed') && searches.length === 1);
    expect(emitted.at(-1)).toEqual(serverError);
    found = true;
    actor.send({ type: 'form.save', andUse: true });
    await waitFor(actor, () => emitted.length === 5);
    actor.send({ type: 'form.partySwitched', gid: 'EE10000001' });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('a failed load shows error.server and can be retried', async () => {
    let n = 0;
    const { actor } = start({
      load: () => (n++ === 0 ? Promise.reject(new Error('500')) : Promise.resolve({ values: { firstName: 'M' } })),
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'form.retry' });
    await editing(actor);
    expect(actor.getSnapshot().context.values).toEqual({ firstName: 'M' });
  });
});

describe('settings form: someone else saved meanwhile (412, the conflict state)', () => {
  const stale = () => Promise.reject(Object.assign(new Error('412'), { status: 412 }));
  const CUSTOMER = { name: 'Maasikas OÜ', phone: '+372 5555 0000', homepage: '', email: 'info@maasikas.ee' };

  function conflictForm(
    stored: () => LoadedForm,
    saveAnswers: (() => Promise<SaveOutcome>)[],
    together?: SettingsFormInput['together'],
  ) {
    const loads: { fresh?: boolean }[] = [];
    const saves: SaveRequest[] = [];
    const actor = createActor(
      settingsFormMachine.provide({
        actors: {
          loadForm: fromPromise(({ input }: { input: { subject: string; fresh?: boolean } }) => {
            loads.push({ fresh: input.fresh });
            return Promise.resolve(stored());
          }),
          saveForm: fromPromise(({ input }: { input: SaveRequest }) => {
            saves.push(input);
            return saveAnswers.shift()!();
          }),
        },
      }),
      { input: { subject: 'EPEE11000015', validate: () => ({}), together } },
    );
    const emitted: SettingsFormEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    return { actor, loads, saves, emitted };
  }

  it('keeps what was typed, takes what only the other person changed, names it, and saves again with the new version', async () => {
    let stored: LoadedForm = { values: CUSTOMER, version: '"1"' };
    const { actor, loads, saves, emitted } = conflictForm(
      () => stored,
      [
        stale,
        () =>
          Promise.resolve({
            values: { ...CUSTOMER, phone: '+372 5555 1234', homepage: 'https://m.ee' },
            version: '"3"',
          }),
      ],
    );
    await editing(actor);
    // mari saves the phone meanwhile
    stored = { values: { ...CUSTOMER, phone: '+372 5555 1234' }, version: '"2"' };
    actor.send({ type: 'form.edit', values: { homepage: 'https://m.ee' } });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches({ conflict: 'merged' }));
    const c = actor.getSnapshot().context;
    expect(saves[0]?.version).toBe('"1"');
    expect(loads).toEqual([{ fresh: undefined }, { fresh: true }]);
    expect(c.values).toEqual({ ...CUSTOMER, phone: '+372 5555 1234', homepage: 'https://m.ee' });
    expect(c.conflict).toEqual({ taken: ['phone'], both: {}, chosen: {} });
    expect(c.version).toBe('"2"');
    // no "Save successful" for a save that was refused
    expect(emitted).toEqual([]);
    expect(canSave(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saves[1]).toMatchObject({ version: '"2"', values: { phone: '+372 5555 1234', homepage: 'https://m.ee' } });
    expect(actor.getSnapshot().context).toMatchObject({ conflict: null, version: '"3"' });
    expect(emitted).toEqual([{ type: 'toast.show', toast: { toastType: 'success', messageKey: 'success.save' } }]);
  });

  it('offers both values of a field both changed, showing the own value until the person picks the other', async () => {
    let stored: LoadedForm = { values: CUSTOMER, version: '"1"' };
    const { actor, saves } = conflictForm(() => stored, [stale, () => Promise.resolve({ version: '"3"' })]);
    await editing(actor);
    stored = { values: { ...CUSTOMER, phone: '+372 5555 1234' }, version: '"2"' };
    actor.send({ type: 'form.edit', values: { phone: '+372 5555 9999' } });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches({ conflict: 'merged' }));
    expect(actor.getSnapshot().context.conflict?.both).toEqual({
      phone: { mine: '+372 5555 9999', theirs: '+372 5555 1234' },
    });
    expect(actor.getSnapshot().context.values).toMatchObject({ phone: '+372 5555 9999' });
    actor.send({ type: 'form.choose', field: 'phone', side: 'theirs' });
    expect(actor.getSnapshot().context.values).toMatchObject({ phone: '+372 5555 1234' });
    expect(actor.getSnapshot().context.conflict?.chosen).toEqual({ phone: 'theirs' });
    actor.send({ type: 'form.choose', field: 'phone', side: 'mine' });
    expect(actor.getSnapshot().context.values).toMatchObject({ phone: '+372 5555 9999' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saves[1]).toMatchObject({ version: '"2"', values: { phone: '+372 5555 9999' } });
  });

  it('merges fields that make one choice as one: both changed the preference, so each pair is offered whole', async () => {
    // jaan moves his start-up service to invoicing; staff meanwhile move his logistics party to Kase Trükk OÜ
    const base = { service: 'LOGISTICS', represented: 'EPEE11000015' };
    let stored: LoadedForm = { values: base, version: '"1"' };
    const { actor, saves } = conflictForm(
      () => stored,
      [stale, () => Promise.resolve({ version: '"3"' })],
      [['service', 'represented']],
    );
    await editing(actor);
    stored = { values: { ...base, represented: 'EPEE11000055' }, version: '"2"' };
    actor.send({ type: 'form.edit', values: { service: 'FINANCE' }, field: 'service' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches({ conflict: 'merged' }));
    const c = actor.getSnapshot().context;
    // field by field it would have been invoicing for Kase Trükk OÜ, a pair neither person chose
    expect(c.values).toEqual({ service: 'FINANCE', represented: 'EPEE11000015' });
    expect(c.conflict).toEqual({
      taken: [],
      both: {
        service: { mine: 'FINANCE', theirs: 'LOGISTICS' },
        represented: { mine: 'EPEE11000015', theirs: 'EPEE11000055' },
      },
      chosen: {},
    });
    actor.send({ type: 'form.choose', field: 'represented', side: 'theirs' });
    expect(actor.getSnapshot().context.values).toEqual({ service: 'LOGISTICS', represented: 'EPEE11000055' });
    expect(actor.getSnapshot().context.conflict?.chosen).toEqual({ service: 'theirs', represented: 'theirs' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(saves[1]).toMatchObject({ version: '"2"', values: { service: 'LOGISTICS', represented: 'EPEE11000055' } });
  });

  it('a reload that fails keeps everything typed and says so; saving again is allowed', async () => {
    let fail = false;
    const { actor, emitted } = conflictForm(() => {
      if (fail) throw new Error('down');
      return { values: CUSTOMER, version: '"1"' };
    }, [stale]);
    await editing(actor);
    fail = true;
    actor.send({ type: 'form.edit', values: { homepage: 'https://m.ee' } });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.values).toMatchObject({ homepage: 'https://m.ee' });
    expect(emitted).toEqual([serverError]);
  });
});
