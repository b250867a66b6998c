/**
 * One settings form (spec 2 §2, §4, §5; issue 9): the user-settings tabs edit, password and preferences each run
 * one actor of this machine, configured by their input (a validation rule) and their provided actors (load, save);
 * issue 10's customer data form can reuse it.
 *
 * loading → editing ⇄ validating → saving → saved | failed
 * - Save is refused while the form is invalid (validating goes back to editing with every error shown) or pending.
 * - A failed save keeps every typed value (failed is editable; saving again is allowed).
 * - Field errors the server answers (e.g. the username is taken: errorType UNIQUE) put the form back to editing
 *   with those errors; no success message.
 * - A save answered 401 (the session expired meanwhile): `signOnAgain` keeps the draft (sessionStorage in the
 *   portal) and sends the person through sign-on with this page as target; `loadForm` brings the draft back.
 * - "Save and use" (preferences): after the save, `useSaved` switches the represented party and leaves the page.
 *
 * Pure: effects are the actors below, whose defaults throw; src/features/user-settings/wire.ts provides them.
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ToastRequest } from './toasts.machine';

/** A message as the view formats it: `intl.formatMessage({ id: key }, values)`; `field` holds a label key. */
export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}
export type FormErrors = Record<string, FieldMessage>;
/** The values of a form: every field as typed (the tab's own type, e.g. EditForm). */
export type FormValues = object;

export interface SettingsFormInput {
  /** whose settings (fgid); '' for the signed-in person */
  subject: string;
  /** the tab's rules: field errors of the values, {} when valid */
  validate: (values: FormValues) => FormErrors;
}

export interface LoadedForm {
  values: FormValues;
  /** the values came from a draft kept over a sign-on (session expiry) */
  restored: boolean;
}
export interface SaveRequest {
  subject: string;
  values: FormValues;
}
export interface SaveOutcome {
  /** errors the server answered per field (nothing was saved) */
  fieldErrors?: FormErrors;
  /** the values as stored, when the answer carries them */
  values?: FormValues;
}

export interface SettingsFormContext {
  subject: string;
  validate: (values: FormValues) => FormErrors;
  values: FormValues;
  errors: FormErrors;
  /** errors from the last save answer, shown until the next edit */
  serverErrors: FormErrors;
  /** every error is shown (after a save attempt); before that only fields the person has touched */
  showAll: boolean;
  touched: string[];
  restored: boolean;
  /** the save was asked for with "Save and use" */
  andUse: boolean;
}

export type SettingsFormEvent =
  | { type: 'form.edit'; values: Record<string, unknown>; field?: string }
  | { type: 'form.save'; andUse?: boolean }
  | { type: 'form.retry' };

export type SettingsFormEmitted = { type: 'toast.show'; toast: ToastRequest };

const notProvided = <TOut, TIn>(name: string) =>
  fromPromise<TOut, TIn>(() => Promise.reject(new Error(`${name} not provided`)));

/** HTTP status of a failed call (the portal's ApiError has `status`); 0 when it is none. */
export function errorStatus(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number')
    return error.status;
  return 0;
}

const hasErrors = (e: FormErrors | undefined) => !!e && Object.keys(e).length > 0;
const serverError: ToastRequest = { toastType: 'error', messageKey: 'error.server' };
const savedToast: ToastRequest = { toastType: 'success', messageKey: 'success.save' };

export const settingsFormMachine = setup({
  types: {
    context: {} as SettingsFormContext,
    input: {} as SettingsFormInput,
    events: {} as SettingsFormEvent,
    emitted: {} as SettingsFormEmitted,
  },
  actors: {
    /** GET the form's data (and a kept draft, when there is one) */
    loadForm: notProvided<LoadedForm, { subject: string }>('loadForm'),
    /** POST the form */
    saveForm: notProvided<SaveOutcome, SaveRequest>('saveForm'),
    /** "Save and use": switch the represented party, go to the service URL (or the TARGET cookie's address) */
    useSaved: notProvided<void, SaveRequest>('useSaved'),
    /** the session expired: keep the draft and go through sign-on back to this page (never resolves in the portal) */
    signOnAgain: notProvided<void, SaveRequest>('signOnAgain'),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(context.errors),
    hasFieldErrors: (_, p: { outcome: SaveOutcome }) => hasErrors(p.outcome.fieldErrors),
    wantsUse: ({ context }) => context.andUse,
    isSessionExpired: (_, p: { error: unknown }) => errorStatus(p.error) === 401,
  },
  actions: {
    takeLoaded: assign(({ context }, p: { loaded: LoadedForm }) => ({
      values: p.loaded.values,
      errors: context.validate(p.loaded.values),
      restored: p.loaded.restored,
      // a restored draft shows its problems at once: the person had typed all of it
      showAll: p.loaded.restored,
      touched: [],
      serverErrors: {},
    })),
    applyEdit: assign(({ context, event }) => {
      if (event.type !== 'form.edit') return {};
      const values = { ...context.values, ...event.values };
      const field = event.field ?? Object.keys(event.values)[0];
      return {
        values,
        errors: context.validate(values),
        serverErrors: {},
        touched: field && !context.touched.includes(field) ? [...context.touched, field] : context.touched,
      };
    }),
    askSave: assign(({ event }) => ({ andUse: event.type === 'form.save' && !!event.andUse, showAll: true })),
    takeSaved: assign((_, p: { outcome: SaveOutcome }) => (p.outcome.values ? { values: p.outcome.values } : {})),
    takeFieldErrors: assign((_, p: { outcome: SaveOutcome }) => ({ serverErrors: p.outcome.fieldErrors ?? {} })),
    forgetRestored: assign({ restored: false }),
    toastSaved: emit({ type: 'toast.show' as const, toast: savedToast }),
    toastServerError: emit({ type: 'toast.show' as const, toast: serverError }),
  },
}).createMachine({
  id: 'settingsForm',
  context: ({ input }) => ({
    subject: input.subject,
    validate: input.validate,
    values: {},
    errors: {},
    serverErrors: {},
    showAll: false,
    touched: [],
    restored: false,
    andUse: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ subject: context.subject }),
        onDone: {
          target: 'editing',
          actions: { type: 'takeLoaded', params: ({ event }) => ({ loaded: event.output }) },
        },
        onError: { target: 'loadFailed', actions: 'toastServerError' },
      },
    },
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    editing: {
      tags: ['editable'],
      on: {
        'form.edit': { actions: 'applyEdit' },
        'form.save': { target: 'validating', actions: 'askSave' },
      },
    },
    validating: {
      always: [{ guard: 'isValid', target: 'saving' }, { target: 'editing' }],
    },
    saving: {
      tags: ['busy', 'saving'],
      invoke: {
        id: 'saveForm',
        src: 'saveForm',
        input: ({ context }) => ({ subject: context.subject, values: context.values }),
        onDone: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: { type: 'takeFieldErrors', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: 'wantsUse',
            target: 'using',
            actions: [{ type: 'takeSaved', params: ({ event }) => ({ outcome: event.output }) }, 'forgetRestored'],
          },
          {
            target: 'saved',
            actions: [
              { type: 'takeSaved', params: ({ event }) => ({ outcome: event.output }) },
              'forgetRestored',
              'toastSaved',
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'signingOnAgain',
          },
          { target: 'failed', actions: 'toastServerError' },
        ],
      },
    },
    saved: {
      tags: ['editable'],
      on: {
        'form.edit': { target: 'editing', actions: 'applyEdit' },
        'form.save': { target: 'validating', actions: 'askSave' },
      },
    },
    /** the save failed: every typed value is kept, the person may change them and save again */
    failed: {
      tags: ['editable'],
      on: {
        'form.edit': { target: 'editing', actions: 'applyEdit' },
        'form.save': { target: 'validating', actions: 'askSave' },
      },
    },
    using: {
      tags: ['busy', 'saving'],
      invoke: {
        id: 'useSaved',
        src: 'useSaved',
        input: ({ context }) => ({ subject: context.subject, values: context.values }),
        onDone: 'left',
        onError: { target: 'failed', actions: 'toastServerError' },
      },
    },
    /** "Save and use" left for the service (the page is going away) */
    left: { type: 'final' },
    signingOnAgain: {
      tags: ['busy'],
      invoke: {
        id: 'signOnAgain',
        src: 'signOnAgain',
        input: ({ context }) => ({ subject: context.subject, values: context.values }),
        onDone: 'left',
        onError: { target: 'failed', actions: 'toastServerError' },
      },
    },
  },
});

export type SettingsFormActor = ActorRefFrom<typeof settingsFormMachine>;
export type SettingsFormSnapshot = SnapshotFrom<typeof settingsFormMachine>;

/** Errors the view shows: the server's, then the rule's for touched fields (all of them after a save attempt). */
export function visibleErrors(s: SettingsFormSnapshot): FormErrors {
  const c = s.context;
  const shown: FormErrors = {};
  for (const [k, v] of Object.entries(c.errors)) if (c.showAll || c.touched.includes(k)) shown[k] = v;
  return { ...shown, ...c.serverErrors };
}

/** Save is enabled only for a valid form with no save pending (spec 2 §4). */
export const canSave = (s: SettingsFormSnapshot): boolean =>
  s.hasTag('editable') && !hasErrors(s.context.errors) && !hasErrors(s.context.serverErrors);
