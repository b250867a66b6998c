/**
 * One settings form (spec 2 §2, §4, §5): the user-settings tabs edit, password and preferences and the business
 * customer's data each run one, configured by their input (a validation rule) and their actors (load, save).
 *
 * loading → editing ⇄ validating → saving → saved | failed
 * - Save is refused while the form is invalid (validating goes back to editing with every error shown) or pending.
 * - A failed save keeps every typed value (failed is editable; saving again is allowed).
 * - Field errors the server answers (a username taken: errorType UNIQUE) go back to editing, marked; no success.
 * - A save answered 401 (the session expired meanwhile): the form reports `form.sessionExpired` with what was
 *   typed (never a password); the portal keeps it and sends the person through sign-on with this page as target.
 *   When the form shows again the portal hands it back (`form.restoreDraft`), over the loaded values.
 * - A save answered 412 (someone else saved the record since the form loaded it; the form sent the version it was
 *   based on as If-Match, RFC 9110 §13.1.1): `conflict` keeps everything typed, loads the record again and merges
 *   field by field against the version the form was based on (domain/form-merge.ts): fields only the other
 *   person changed take their values and are named; fields only this person changed keep theirs; fields both changed
 *   offer both values (`form.choose`), the person's own showing until they choose. Saving again sends the new version.
 *   Fields that make one choice (`together`: the preferences' service and party) merge and are chosen as one.
 * - "Save and use" (preferences): after the save, a child (machines/preferenceUse.machine.ts) acts for the preferred
 *   party and finds the preferred service; the form passes the switch between it and the portal (`form.switchParty`
 *   up, `form.partySwitched` / `form.partySwitchFailed` down) and asks for the service it names.
 *
 * Pure: effects are the actors below, whose defaults throw; src/features/user-settings/wire.ts provides them.
 */
import { assign, enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { notProvided } from '../domain/not-provided';
import type { FieldErrors } from '../domain/fields';
import { draftOf, withDraft } from '../domain/drafts';
import { groupOf, mergeForm, type BothChanged, type FieldGroups } from '../domain/form-merge';
import type { NavTarget } from '../domain/rights';
import { report, reporter } from '../domain/report';
import type { Warning } from '../domain/shell-events';
import { preferenceUseMachine, type PartySwitchAnswer, type PreferenceUseEmitted } from './preferenceUse.machine';
import type { ToastRequest } from './toasts.machine';
import { failureStatus } from './representedChange.machine';

/** A form's messages by field (domain/fields: one message type for every form). */
export type FormErrors = FieldErrors;
/** The values of a form: every field as typed (the tab's own type, e.g. EditForm). */
export type FormValues = object;

export interface SettingsFormInput {
  /** whose settings (fgid); '' for the signed-in person */
  subject: string;
  /** the tab's rules: field errors of the values, {} when valid */
  validate: (values: FormValues) => FormErrors;
  /** what a draft of this form is kept under over a sign-on (the tab and the subject) */
  draftKey?: string | null;
  /** "Save and use": the party the saved values ask to act for (none: stay) */
  partyToUse?: (values: FormValues) => string | null;
  /** fields that make one choice together, merged and chosen as one after a conflict (domain/form-merge.ts) */
  together?: FieldGroups;
  /**
   * the values, when the flow the form is part of has them already (the terms of use, reset password, customer
   * add): the form starts editing them and never loads
   */
  initial?: LoadedForm;
  /** a draft the flow was handed before the form started (laid over `initial`, as over loaded values) */
  draft?: Record<string, unknown> | null;
  /** fields computed from the others, after every change (`field`: the one the person changed) */
  derive?: (values: FormValues, field?: string) => FormValues;
  /** a save that lands ends the form with its outcome (its output): the flow it is part of decides what follows */
  endsOnSave?: boolean;
  /** the message of a failed save (error.server as an error when not given) */
  failureToast?: ToastRequest;
  /** a failed save is also logged under this code, with the answer's status (spec 2 §8: the account flows) */
  logAs?: string;
  /** every edit is reported to the flow the form is part of (`form.changed`: the values and whether they are valid) */
  reportsEdits?: boolean;
}

export interface LoadedForm {
  values: FormValues;
  /** the record's version (its ETag), when the backend keeps one */
  version?: string | null;
}
export interface LoadRequest {
  subject: string;
  /** load from the server, not from what the page already holds (after a save was refused as stale) */
  fresh?: boolean;
}
export interface SaveRequest {
  subject: string;
  values: FormValues;
  /** the version the values are based on, sent as If-Match; null: none known (saved whatever the version) */
  version: string | null;
}
export interface SaveOutcome {
  /** errors the server answered per field (nothing was saved) */
  fieldErrors?: FormErrors;
  /** the values as stored, when the answer carries them */
  values?: FormValues;
  /** the record's version after the save (its new ETag) */
  version?: string | null;
  /** what the server answered, for the flow the form is part of (a form that ends on save hands it on) */
  answer?: unknown;
}

/** What a form that ends on save hands its flow: the values sent and the server's answer. */
export interface SubmittedForm {
  values: FormValues;
  answer: unknown;
}

/** What a refused save found changed meanwhile, shown until the next save lands. */
export interface FormConflict {
  /** fields only the other person changed: the form took their values */
  taken: string[];
  /** fields both changed, to different values: both are offered */
  both: Record<string, BothChanged>;
  /** the person's choice per field of `both` (their own until they choose) */
  chosen: Record<string, 'mine' | 'theirs'>;
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
  draftKey: string | null;
  partyToUse: (values: FormValues) => string | null;
  together: FieldGroups;
  /** a draft handed back before the form had loaded: laid over the loaded values */
  pendingDraft: Record<string, unknown> | null;
  /** the values as loaded or last saved: what the person's edits are based on */
  base: FormValues;
  /** the version `base` is (its ETag), sent as If-Match with the save; null: none known */
  version: string | null;
  /** what the last refused save found changed meanwhile; null when there was none */
  conflict: FormConflict | null;
  initial: LoadedForm | null;
  derive: (values: FormValues, field?: string) => FormValues;
  endsOnSave: boolean;
  failureToast: ToastRequest;
  logAs: string | null;
  reportsEdits: boolean;
  /** the server's answer to the last save */
  answer: unknown;
}

export type SettingsFormEvent =
  /** `touch: false`: the field is marked touched only when the person leaves it (`form.touch`) */
  | { type: 'form.edit'; values: Record<string, unknown>; field?: string; touch?: boolean }
  /** the person leaves a field: its mistake shows from now on */
  | { type: 'form.touch'; field: string }
  /** the flow asks to show every mistake (the person tried to go on with the form incomplete) */
  | { type: 'form.reveal' }
  /** the flow starts the form afresh: nothing touched or shown; the values given, or the ones it has */
  | { type: 'form.reset'; values?: FormValues }
  | { type: 'form.save'; andUse?: boolean }
  | { type: 'form.retry' }
  /** after a conflict: the value to keep of a field both people changed */
  | { type: 'form.choose'; field: string; side: 'mine' | 'theirs' }
  /** the portal hands back what was typed before a sign-on */
  | { type: 'form.restoreDraft'; values: Record<string, unknown> }
  /** "Save and use": the portal's answer to the switch of party, and the child's reports */
  | PartySwitchAnswer
  | PreferenceUseEmitted;

export type SettingsFormEmitted =
  | { type: 'toast.show'; toast: ToastRequest }
  | { type: 'navigation.requested'; target: NavTarget }
  | { type: 'form.sessionExpired'; draftKey: string | null; values: Record<string, unknown> }
  | { type: 'form.switchParty'; gid: string }
  | { type: 'form.changed'; values: FormValues; valid: boolean }
  | Warning;

/** The call was answered 401 (the portal's ApiError has `status`): the session has ended. */
const hasStatus = (error: unknown, status: number) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === status;
const isUnauthorized = (error: unknown) => hasStatus(error, 401);

const hasErrors = (e: FormErrors | undefined) => !!e && Object.keys(e).length > 0;
const serverError: ToastRequest = { toastType: 'error', messageKey: 'error.server' };
const savedToast: ToastRequest = { toastType: 'success', messageKey: 'success.save' };

const tell = reporter<SettingsFormContext, SettingsFormEvent, SettingsFormEmitted>();

/** the values with the fields computed from them, and their errors */
const settle = (c: SettingsFormContext, values: FormValues, field?: string) => {
  const derived = c.derive(values, field);
  return { values: derived, errors: c.validate(derived) };
};
const unchanged = (values: FormValues) => values;

export const settingsFormMachine = setup({
  types: {
    context: {} as SettingsFormContext,
    input: {} as SettingsFormInput,
    events: {} as SettingsFormEvent,
    emitted: {} as SettingsFormEmitted,
    output: {} as SubmittedForm,
  },
  actors: {
    /** GET the form's data (and a kept draft, when there is one) */
    loadForm: notProvided<LoadedForm, LoadRequest>('loadForm'),
    /** POST the form */
    saveForm: notProvided<SaveOutcome, SaveRequest>('saveForm'),
    /** "Save and use": the preferred party, then the preferred service */
    preferenceUse: preferenceUseMachine,
  },
  guards: {
    isValid: ({ context }) => !hasErrors(context.errors),
    hasFieldErrors: (_, p: { outcome: SaveOutcome }) => hasErrors(p.outcome.fieldErrors),
    wantsUse: ({ context }) => context.andUse,
    isSessionExpired: (_, p: { error: unknown }) => isUnauthorized(p.error),
    /** 412 Precondition Failed: the version the save was based on is no longer the stored one */
    isStale: (_, p: { error: unknown }) => hasStatus(p.error, 412),
    hasInitial: ({ context }) => context.initial !== null,
    endsOnSave: ({ context }) => context.endsOnSave,
  },
  actions: {
    takeLoaded: assign(({ context }, p: { loaded: LoadedForm }) => {
      const restored = context.pendingDraft !== null;
      const values = restored ? withDraft(p.loaded.values, context.pendingDraft!) : p.loaded.values;
      // a restored draft shows its problems at once: the person had typed all of it
      return {
        ...settle(context, values),
        restored,
        showAll: restored,
        touched: [],
        serverErrors: {},
        base: p.loaded.values,
        version: p.loaded.version ?? null,
        conflict: null,
      };
    }),
    /** the record as stored now, merged with what the person typed against what they had loaded */
    mergeLoaded: assign(({ context }, p: { loaded: LoadedForm }) => {
      const merged = mergeForm(context.base, context.values, p.loaded.values, context.together);
      return {
        ...settle(context, merged.values),
        serverErrors: {},
        showAll: true,
        base: p.loaded.values,
        version: p.loaded.version ?? null,
        conflict: { taken: merged.taken, both: merged.both, chosen: {} },
      };
    }),
    /** a side chosen for a field is chosen for every field of its group too (they are one choice) */
    chooseValue: assign(({ context }, p: { field: string; side: 'mine' | 'theirs' }) => {
      const conflict = context.conflict;
      if (!conflict?.both[p.field]) return {};
      const fields = groupOf(p.field, context.together).filter((f) => conflict.both[f]);
      const values: Record<string, unknown> = { ...context.values };
      const chosen = { ...conflict.chosen };
      for (const f of fields) {
        values[f] = conflict.both[f][p.side];
        chosen[f] = p.side;
      }
      return { ...settle(context, values), serverErrors: {}, conflict: { ...conflict, chosen } };
    }),
    keepDraft: assign((_, p: { values: Record<string, unknown> }) => ({ pendingDraft: p.values })),
    restoreDraft: assign(({ context }, p: { values: Record<string, unknown> }) => {
      return { ...settle(context, withDraft(context.values, p.values)), restored: true, showAll: true };
    }),
    applyEdit: assign(({ context, event }) => {
      if (event.type !== 'form.edit') return {};
      const field = event.field ?? Object.keys(event.values)[0];
      // the server's objection to a field goes when the person changes that field (a taken username stays taken
      // while they change the password)
      const serverErrors: FormErrors = { ...context.serverErrors };
      for (const changed of Object.keys(event.values)) delete serverErrors[changed];
      const touch = event.touch !== false && field && !context.touched.includes(field);
      return {
        ...settle(context, { ...context.values, ...event.values }, field),
        serverErrors,
        touched: touch ? [...context.touched, field] : context.touched,
      };
    }),
    touch: assign(({ context }, p: { field: string }) =>
      context.touched.includes(p.field) ? {} : { touched: [...context.touched, p.field] },
    ),
    reveal: assign({ showAll: true }),
    reset: assign(({ context }, p: { values?: FormValues }) => ({
      ...settle(context, p.values ?? context.values),
      touched: [],
      showAll: false,
      serverErrors: {},
      conflict: null,
      ...(p.values ? { base: p.values } : {}),
    })),
    /** the flow the form is part of hears every edit, when it asked to */
    reportEdit: enqueueActions(({ context, enqueue, self }) => {
      if (!context.reportsEdits) return;
      // inline (no helper), so tools/viz/links.ts reads what this passes on
      const valid = Object.keys(context.errors).length === 0;
      report(enqueue, self, { type: 'form.changed', values: context.values, valid });
    }),
    askSave: assign(({ event }) => ({ andUse: event.type === 'form.save' && !!event.andUse, showAll: true })),
    /** a saved draft is no longer a draft: the notice goes */
    takeSaved: assign(({ context }, p: { outcome: SaveOutcome }) => ({
      restored: false,
      answer: p.outcome.answer ?? null,
      ...(p.outcome.values ? { values: p.outcome.values } : {}),
      base: p.outcome.values ?? context.values,
      version: p.outcome.version ?? null,
      conflict: null,
    })),
    takeFieldErrors: assign((_, p: { outcome: SaveOutcome }) => ({ serverErrors: p.outcome.fieldErrors ?? {} })),
    toastSaved: tell(() => ({ type: 'toast.show' as const, toast: savedToast })),
    toastServerError: tell(() => ({ type: 'toast.show' as const, toast: serverError })),
    toastSaveFailed: tell(({ context }) => ({ type: 'toast.show' as const, toast: context.failureToast })),
    /** a failed save is logged, when the flow asked for it */
    logSaveFailure: enqueueActions(({ context, enqueue, self }, p: { error: unknown }) => {
      if (!context.logAs) return;
      report(enqueue, self, { type: 'warning', code: context.logAs, detail: failureStatus(p.error) });
    }),
    reportSessionExpired: tell(({ context }) => ({
      type: 'form.sessionExpired',
      draftKey: context.draftKey,
      values: draftOf(context.values),
    })),
    passOnSwitch: tell((_, p: { gid: string }) => ({ type: 'form.switchParty', gid: p.gid })),
    tellUse: sendTo('preferenceUse', ({ event }) => event),
    startUse: sendTo('preferenceUse', ({ context: c }) => ({
      type: 'preferences.use' as const,
      subject: c.subject,
      values: c.values,
      party: c.partyToUse(c.values),
    })),
    goToService: tell((_, p: { target: NavTarget }) => ({ type: 'navigation.requested', target: p.target })),
  },
}).createMachine({
  id: 'settingsForm',
  description:
    'A settings form (contact details, password, preferences, business customer data): it loads, the person edits and saves, and a failed save keeps what they typed.',
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
    draftKey: input.draftKey ?? null,
    partyToUse: input.partyToUse ?? (() => null),
    together: input.together ?? [],
    pendingDraft: input.draft ?? null,
    base: {},
    version: null,
    conflict: null,
    initial: input.initial ?? null,
    derive: input.derive ?? unchanged,
    endsOnSave: input.endsOnSave ?? false,
    failureToast: input.failureToast ?? serverError,
    logAs: input.logAs ?? null,
    reportsEdits: input.reportsEdits ?? false,
    answer: null,
  }),
  invoke: { id: 'preferenceUse', src: 'preferenceUse' },
  output: ({ context }) => ({ values: context.values, answer: context.answer }),
  on: {
    'form.touch': {
      actions: { type: 'touch', params: ({ event }) => event },
      description: 'Leaves a field: a mistake in it is pointed out from now on',
    },
    'form.reveal': {
      actions: 'reveal',
      description: 'The flow the form is part of asks to point out every mistake (the person tried to go on)',
    },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'The form starts: it loads its values, unless the flow it is part of has them already.',
      always: [
        {
          guard: 'hasInitial',
          target: 'editing',
          actions: { type: 'takeLoaded', params: ({ context }) => ({ loaded: context.initial! }) },
          description: 'The flow hands the form its values (the terms of use, a new password, a new customer)',
        },
        { target: 'loading', description: 'The form loads its values' },
      ],
    },
    loading: {
      tags: ['busy'],
      description: 'The portal loads the current settings (or a draft kept from before a new sign-in); the form waits.',
      on: {
        'form.restoreDraft': {
          actions: { type: 'keepDraft', params: ({ event }) => event },
          description: 'The portal hands back what the person typed before signing in again, for the loaded values',
        },
      },
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ subject: context.subject }),
        onDone: {
          target: 'editing',
          actions: { type: 'takeLoaded', params: ({ event }) => ({ loaded: event.output }) },
          description: 'The server answers with the settings: the form shows them',
        },
        onError: {
          target: 'loadFailed',
          actions: 'toastServerError',
          description: 'The server does not answer: an error message shows',
        },
      },
    },
    loadFailed: {
      description: 'The settings could not be loaded; the person may try again.',
      on: { 'form.retry': { target: 'loading', description: 'Clicks Try again' } },
    },
    editing: {
      tags: ['editable'],
      description:
        'The form shows the settings; the person edits them. Save is enabled only while everything is filled in correctly.',
      on: {
        'form.edit': {
          actions: ['applyEdit', 'reportEdit'],
          description: 'Changes a field: a mistake in it is pointed out at once',
        },
        'form.reset': {
          actions: [{ type: 'reset', params: ({ event }) => event }, 'reportEdit'],
          description: 'The flow starts the form afresh (a customer was added): nothing is pointed out',
        },
        'form.save': { target: 'validating', actions: 'askSave', description: "Presses Save (or 'Save and use')" },
        'form.choose': {
          actions: { type: 'chooseValue', params: ({ event }) => event },
          description: 'After a refused save: picks their own or the other value of a field both changed',
        },
        'form.restoreDraft': {
          actions: { type: 'restoreDraft', params: ({ event }) => event },
          description: 'The portal hands back what the person typed before signing in again: the form shows it',
        },
      },
    },
    validating: {
      description: 'The portal checks every field before saving.',
      always: [
        { guard: 'isValid', target: 'saving', description: 'Every field is filled in correctly' },
        { target: 'editing', description: 'Some field is wrong: every mistake is pointed out' },
      ],
    },
    saving: {
      tags: ['busy', 'saving'],
      description: 'The portal saves the form; Save is disabled meanwhile.',
      invoke: {
        id: 'saveForm',
        src: 'saveForm',
        input: ({ context }) => ({ subject: context.subject, values: context.values, version: context.version }),
        onDone: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: { type: 'takeFieldErrors', params: ({ event }) => ({ outcome: event.output }) },
            description: 'The server rejects some fields (for example a taken username): they are marked',
          },
          {
            guard: 'endsOnSave',
            target: 'submitted',
            actions: { type: 'takeSaved', params: ({ event }) => ({ outcome: event.output }) },
            description: 'The server takes the form: the flow it is part of goes on',
          },
          {
            guard: 'wantsUse',
            target: 'using',
            actions: { type: 'takeSaved', params: ({ event }) => ({ outcome: event.output }) },
            description: "The server saves the form, and the person pressed 'Save and use'",
          },
          {
            target: 'saved',
            actions: [{ type: 'takeSaved', params: ({ event }) => ({ outcome: event.output }) }, 'toastSaved'],
            description: "The server saves the form: 'Saved' shows",
          },
        ],
        onError: [
          {
            guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'signingOnAgain',
            description: 'The server says the sign-in has expired',
          },
          {
            guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            description: 'The server says someone else saved this data since the form loaded it: nothing was saved',
          },
          {
            target: 'failed',
            actions: ['toastSaveFailed', { type: 'logSaveFailure', params: ({ event }) => ({ error: event.error }) }],
            description: 'The server does not answer: an error message shows',
          },
        ],
      },
    },
    conflict: {
      description:
        'Someone else saved the data since the form loaded it. Everything typed is kept; the form loads the data again and merges it field by field.',
      initial: 'reloading',
      states: {
        reloading: {
          tags: ['busy'],
          description: 'The portal loads the data as it is stored now; the form keeps what the person typed.',
          invoke: {
            id: 'reloadForm',
            src: 'loadForm',
            input: ({ context }) => ({ subject: context.subject, fresh: true }),
            onDone: {
              target: 'merged',
              actions: { type: 'mergeLoaded', params: ({ event }) => ({ loaded: event.output }) },
              description:
                "The data arrives: the other person's changes are taken, the person's own are kept, and fields both changed offer both values",
            },
            onError: {
              target: '#settingsForm.failed',
              actions: 'toastServerError',
              description: 'The server does not answer: an error message shows, and what was typed stays',
            },
          },
        },
        merged: {
          tags: ['editable'],
          description:
            'The form shows the merged values and says what the other person changed; for a field both changed the person picks a value, then saves again with the new version.',
          on: {
            'form.edit': { actions: ['applyEdit', 'reportEdit'], description: 'Changes a field' },
            'form.choose': {
              actions: { type: 'chooseValue', params: ({ event }) => event },
              description: 'Picks their own or the other value of a field both changed',
            },
            'form.save': { target: '#settingsForm.validating', actions: 'askSave', description: 'Presses Save again' },
          },
        },
      },
    },
    saved: {
      tags: ['editable'],
      description: 'The settings are saved; the form shows them and may be edited again.',
      on: {
        'form.edit': { target: 'editing', actions: ['applyEdit', 'reportEdit'], description: 'Changes a field again' },
        'form.save': { target: 'validating', actions: 'askSave', description: 'Presses Save again' },
      },
    },
    failed: {
      tags: ['editable'],
      description: 'Saving failed; everything the person typed is still in the form, ready to save again.',
      on: {
        'form.edit': { target: 'editing', actions: ['applyEdit', 'reportEdit'], description: 'Changes a field' },
        'form.save': { target: 'validating', actions: 'askSave', description: 'Presses Save again' },
      },
    },
    using: {
      tags: ['busy', 'saving'],
      description: 'The portal acts for the preferred party and opens the preferred service.',
      entry: 'startUse',
      on: {
        'form.switchParty': {
          actions: { type: 'passOnSwitch', params: ({ event }) => event },
          description: 'The preferences name a party: the portal is asked to act for it',
        },
        'form.partySwitched': { actions: 'tellUse', description: 'The portal acts for the preferred party now' },
        'form.partySwitchFailed': { actions: 'tellUse', description: 'The portal cannot act for the preferred party' },
        'preferences.opened': {
          target: 'left',
          actions: { type: 'goToService', params: ({ event }) => event },
          description: 'The preferred service opens',
        },
        'preferences.failed': {
          target: 'failed',
          actions: 'toastServerError',
          description: 'The party or the service cannot be reached: an error message shows and the form stays',
        },
      },
    },
    left: { type: 'final', description: 'The person has left the form for another page.' },
    submitted: {
      type: 'final',
      description: 'The server has taken the form; the flow it is part of goes on (terms of use, a new password).',
    },
    signingOnAgain: {
      tags: ['busy'],
      description: 'The portal keeps what the person typed and sends them to sign in again, then back to this form.',
      entry: 'reportSessionExpired',
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
