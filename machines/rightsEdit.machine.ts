/**
 * The rights edit modal (spec 2 §2 "Rights edit modal", §4 save with partial failure, "Save buttons are disabled
 * while the form is invalid or a save is pending"; §3 the save command).
 *
 * editing ⇄ lookingUp;  editing → saving → saved | editing;  editing → confirmingRemoveAll → removingAll → saving;
 * editing → closed
 * The dialog has two parts, each its own child: the person (machines/rightsPerson.machine.ts, actor id `person`:
 * identity, and for a new user the lookup by personal code) and the roles per application
 * (machines/rightsRoles.machine.ts, actor id `roles`). The dialog hands each edit to its part, keeps what the parts
 * report (the view and the save read it here), and does its own job:
 * - Save is refused while invalid or while the person is looked up. The answer ends in `saved` with the applications
 *   whose save failed (the rights list names them in a warning and reloads: the rest landed). A failed call keeps
 *   everything typed.
 * - Remove all rights (hidden for main administrators) first asks; once confirmed it clears every role and saves.
 * - When the typed code belongs to one of the customer's users, their roles fill the application sections.
 * The save itself (the command of spec 2 §3 and its answer) is the invoked machines/rightsSave.machine.ts.
 *
 * Pure: the children's effects (the lookup, the save request) are their actors, provided by
 * src/features/represented-settings/wire.ts.
 */
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { identityIssues, roleIssues, type RoleFormValue } from './lib/represented-settings';
import {
  personOf,
  rightsPersonMachine,
  type KnownUser,
  type PersonValue,
  type RightsPersonEvent,
  type RightsPersonReport,
} from './rightsPerson.machine';
import {
  rightsRolesMachine,
  rolesOf,
  type AppSection,
  type RightsRolesEvent,
  type RightsRolesReport,
} from './rightsRoles.machine';
import { rightsSaveMachine, type RightsSaveOutput } from './rightsSave.machine';
import type { ToastRequest } from './toasts.machine';
import { reporter } from './lib/report';

export type { AppSection } from './rightsRoles.machine';
export type { KnownUser } from './rightsPerson.machine';

export interface RightsEditInput {
  customerId: string;
  customerCountry: string | null;
  permissionNoCheckPersonalCode: boolean;
  /** the signed-in person: cannot clear their own administrator box */
  currentUserId: string;
  /** the person to edit; null for "Add new user" */
  user: KnownUser | null;
  sections: AppSection[];
  /** the customer's users and administrators by global id */
  findUser: (userId: string) => KnownUser | null;
  today: Date;
}

/** The input, what the person part and the roles part last reported, and the dialog's own state. */
export interface RightsEditContext extends RightsEditInput, Omit<PersonValue, 'touched'> {
  roles: Record<string, RoleFormValue>;
  /** applications in which the person had a role when the dialog opened (only those get "no role → end yesterday") */
  hadRole: string[];
  /** fields changed so far, in the person part and in the roles part */
  personTouched: string[];
  rolesTouched: string[];
  /** every problem shown (after a save attempt); before, only touched fields */
  showAll: boolean;
  /** applications whose save failed (the answer of the last save) */
  failed: string[];
  /** the save was answered (the modal ends saved) */
  saved: boolean;
}

export type RightsEditEvent =
  | RightsPersonEvent
  | Exclude<RightsRolesEvent, { type: 'rights.clear' | 'rights.reset' }>
  | { type: 'rights.removeAll' }
  | { type: 'rights.removeAllConfirmed' }
  | { type: 'rights.removeAllCancelled' }
  | { type: 'rights.save' }
  | { type: 'rights.close' }
  | RightsPersonReport
  | RightsRolesReport;

export type RightsEditEmitted = { type: 'toast.show'; toast: ToastRequest };

/** The modal's end: saved (the list reloads), with the applications whose save failed (named in a warning). */
export interface RightsEditOutput {
  saved: boolean;
  failed: string[];
}

/** Per-field problems of the whole modal, keyed 'firstName', 'OSS.end', ... ({} when it may be saved). */
export function rightsEditIssues(c: RightsEditContext): Record<string, string> {
  const out: Record<string, string> = { ...identityIssues(c.identity, c.permissionNoCheckPersonalCode) };
  if (!c.identity.admin)
    for (const s of c.sections) {
      if (s.status !== 'ok') continue;
      for (const [k, v] of Object.entries(roleIssues(c.roles[s.application]))) out[`${s.application}.${k}`] = v;
    }
  return out;
}

/** The person part's report in the dialog's own fields. */
const personFields = ({ touched, ...person }: PersonValue) => ({ ...person, personTouched: touched });

const serverError: ToastRequest = { toastType: 'error', messageKey: 'error.server' };
const tell = reporter<RightsEditContext, RightsEditEvent, RightsEditEmitted>();

const rightsEditSetup = setup({
  types: {
    context: {} as RightsEditContext,
    input: {} as RightsEditInput,
    events: {} as RightsEditEvent,
    emitted: {} as RightsEditEmitted,
    output: {} as RightsEditOutput,
  },
  actors: {
    rightsPerson: rightsPersonMachine,
    rightsRoles: rightsRolesMachine,
    rightsSave: rightsSaveMachine,
  },
  guards: {
    isLookingUp: ({ event }) => event.type === 'rights.personChanged' && event.lookingUp,
    isValid: ({ context }) => Object.keys(rightsEditIssues(context)).length === 0,
    /** Remove all rights: not for a main administrator, not for a new person */
    mayRemoveAll: ({ context }) => context.mode === 'edit' && !context.wasAdmin,
    isSaved: (_, p: { output: RightsSaveOutput }) => p.output.saved,
  },
  actions: {
    toPerson: sendTo('person', ({ event }) => event),
    toRoles: sendTo('roles', ({ event }) => event),
    takePerson: assign(({ event }) => (event.type === 'rights.personChanged' ? personFields(event.person) : {})),
    takeRoles: assign(({ event }) =>
      event.type === 'rights.rolesChanged'
        ? { roles: event.value.roles, hadRole: event.value.hadRole, rolesTouched: event.value.touched }
        : {},
    ),
    fillRolesOfKnownUser: sendTo('roles', ({ event }) => ({
      type: 'rights.reset' as const,
      roles: event.type === 'rights.knownUserFound' ? event.user.roles : {},
    })),
    clearRoles: sendTo('roles', { type: 'rights.clear' as const }),
    showAllProblems: assign({ showAll: true }),
    takeFailed: assign((_, p: { output: RightsSaveOutput }) => (p.output.saved ? p.output : {})),
    toastServerError: tell(() => ({ type: 'toast.show', toast: serverError })),
    /** the server's own message when it named one (too many look-ups), else the generic server error */
    toastLookupFailure: tell(({ event }) => ({
      type: 'toast.show',
      toast:
        event.type === 'rights.lookupFailed' && event.messageKey
          ? { ...serverError, messageKey: event.messageKey }
          : serverError,
    })),
  },
});

/** Edits the dialog hands to its parts, the same while editing and while the person is looked up. */
const FORM_EDITS = {
  'rights.identity': {
    actions: 'toPerson',
    description: "Changes the user's country, personal code, name, e-mail or language",
  },
  'rights.domain': { actions: 'toPerson', description: "Chooses the user's domain" },
  'rights.admin': { actions: 'toPerson', description: 'Ticks or clears the administrator box' },
  'rights.category': { actions: 'toRoles', description: 'Chooses a role category in an application' },
  'rights.role': { actions: 'toRoles', description: 'Chooses a role in an application' },
  'rights.validity': {
    actions: 'toRoles',
    description: "Chooses unlimited or limited validity for an application's role",
  },
  'rights.dates': { actions: 'toRoles', description: "Enters the from or to date of an application's role" },
  'rights.close': { target: '#rightsEdit.closed', description: 'Closes the dialog without saving' },
} as const;

export const rightsEditMachine = rightsEditSetup.createMachine({
  id: 'rightsEdit',
  description:
    "The rights dialog: an administrator adds a user by personal code or edits a user's roles per application, then saves or removes all rights.",
  context: ({ input }) => ({
    ...input,
    ...personFields(personOf(input)),
    ...rolesOf(input.user?.roles ?? {}, input.sections, input.today),
    rolesTouched: [],
    showAll: false,
    failed: [],
    saved: false,
  }),
  invoke: [
    {
      id: 'person',
      src: 'rightsPerson',
      input: ({ context }) => ({
        customerCountry: context.customerCountry,
        permissionNoCheckPersonalCode: context.permissionNoCheckPersonalCode,
        currentUserId: context.currentUserId,
        user: context.user,
        findUser: context.findUser,
      }),
    },
    {
      id: 'roles',
      src: 'rightsRoles',
      input: ({ context }) => ({
        sections: context.sections,
        roles: context.user?.roles ?? {},
        today: context.today,
      }),
    },
  ],
  on: {
    'rights.rolesChanged': { actions: 'takeRoles', description: 'The application sections change' },
    'rights.knownUserFound': {
      actions: 'fillRolesOfKnownUser',
      description: "The typed code belongs to one of the customer's users: their roles fill the sections",
    },
    'rights.lookupFailed': {
      actions: 'toastLookupFailure',
      description: 'The person could not be looked up: an error shows and the names may be typed',
    },
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      description:
        "The user's identity on the left and one role section per application on the right; Save is enabled while everything is filled in correctly.",
      on: {
        ...FORM_EDITS,
        'rights.personChanged': [
          {
            guard: 'isLookingUp',
            target: 'lookingUp',
            actions: 'takePerson',
            description: "A new user's personal code is complete: the person is looked up and Save waits",
          },
          { actions: 'takePerson', description: "The user's details change" },
        ],
        'rights.removeAll': {
          guard: 'mayRemoveAll',
          target: 'confirmingRemoveAll',
          description: "Clicks 'Remove all rights', if the user is an existing user and not a main administrator",
        },
        'rights.save': [
          {
            guard: 'isValid',
            target: 'saving',
            actions: 'showAllProblems',
            description: 'Clicks Save, if everything is filled in correctly',
          },
          {
            actions: 'showAllProblems',
            description: 'Clicks Save with something missing or wrong: every problem is pointed out',
          },
        ],
      },
    },
    lookingUp: {
      tags: ['editable', 'lookingUp'],
      description: 'The portal looks the person up by personal code; the rest of the form stays editable.',
      on: {
        ...FORM_EDITS,
        'rights.personChanged': [
          {
            guard: 'isLookingUp',
            actions: 'takePerson',
            description: 'The user changes while the person is looked up (a new code is looked up instead)',
          },
          {
            target: 'editing',
            actions: 'takePerson',
            description: 'The lookup ends: the names fill in, or may be typed',
          },
        ],
      },
    },
    confirmingRemoveAll: {
      tags: ['confirmingRemoveAll'],
      description: 'The portal asks whether every right of the user is to end; nothing is saved yet.',
      on: {
        'rights.removeAllConfirmed': {
          target: 'removingAll',
          actions: 'clearRoles',
          description: 'Confirms: every role is cleared and the rights are saved',
        },
        'rights.removeAllCancelled': { target: 'editing', description: 'Cancels: the roles stay as they were' },
      },
    },
    removingAll: {
      tags: ['busy'],
      description: 'Every role is cleared; the save follows at once.',
      on: {
        'rights.rolesChanged': {
          target: 'saving',
          actions: 'takeRoles',
          description: 'The application sections are empty: the rights are saved',
        },
      },
    },
    saving: {
      tags: ['busy'],
      description: 'The portal saves the rights; the buttons are disabled.',
      invoke: {
        id: 'rightsSave',
        src: 'rightsSave',
        input: ({ context }) => context,
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => ({ output: event.output }) },
            target: 'saved',
            actions: { type: 'takeFailed', params: ({ event }) => ({ output: event.output }) },
            description: 'The server saves the rights (perhaps not for every application)',
          },
          {
            target: 'editing',
            actions: 'toastServerError',
            description: 'The server does not answer: an error shows and everything typed stays',
          },
        ],
      },
    },
    saved: {
      type: 'final',
      description: "The rights are saved and the dialog closes; they hold from the user's next request.",
    },
    closed: { type: 'final', description: 'The dialog is closed without saving.' },
  },
  output: ({ context }) => ({ saved: context.saved, failed: context.failed }),
});

export type RightsEditActor = ActorRefFrom<typeof rightsEditMachine>;
export type RightsEditSnapshot = SnapshotFrom<typeof rightsEditMachine>;

/** Problems the view shows: all after a save attempt, before that only touched fields'. */
export function visibleIssues(s: RightsEditSnapshot): Record<string, string> {
  const all = rightsEditIssues(s.context);
  if (s.context.showAll) return all;
  const touched = new Set([...s.context.personTouched, ...s.context.rolesTouched]);
  return Object.fromEntries(Object.entries(all).filter(([k]) => touched.has(k)));
}
/** Save is enabled only when valid and nothing is pending (spec 2 §4). */
export const canSaveRights = (s: RightsEditSnapshot): boolean =>
  s.matches('editing') && Object.keys(rightsEditIssues(s.context)).length === 0;
/** The administrator box is disabled for oneself. */
export const isAdminBoxDisabled = (s: RightsEditSnapshot): boolean => s.context.userId === s.context.currentUserId;
