/**
 * The rights edit modal (spec 2 §2 "Rights edit modal", §4 save with partial failure, "Save buttons are disabled
 * while the form is invalid or a save is pending"; §3 the save command).
 *
 * editing ⇄ lookingUp;  editing → saving → saved | conflict | editing;  conflict → editing;
 * editing → confirmingRemoveAll → removingAll → saving;  editing → closed
 * The dialog has two parts, each its own child: the person (machines/rightsPerson.machine.ts, actor id `person`:
 * identity, and for a new user the lookup by personal code) and the roles per application
 * (machines/rightsRoles.machine.ts, actor id `roles`). The dialog hands each edit to its part, keeps what the parts
 * report (the view and the save read it here), and does its own job:
 * - Save is refused while invalid or while the person is looked up. The answer ends in `saved` with the applications
 *   whose save failed (the rights list names them in a warning and reloads: the rest landed). A failed call keeps
 *   everything typed.
 * - Remove all rights (hidden for main administrators) first asks; once confirmed it clears every role and saves.
 * - When the typed code belongs to one of the customer's users, their roles fill the application sections.
 * - Two administrators may edit one person's rights at once. The save sends the version of the person's rights the
 *   dialog was opened with (the rights list's row) as If-Match (RFC 9110 §13.1.1); a 412 means someone else saved
 *   them meanwhile and nothing changed. Then `conflict` keeps every choice made, loads the person's rights again and
 *   merges them role row by role row (one row per application) against the rights the dialog was based on
 *   (domain/form-merge.ts): rows only the other administrator changed take their values (and are named), rows
 *   only this one changed keep theirs, rows both changed offer both values (`rights.choose`), this administrator's
 *   showing until they choose. Saving again sends the new version, so a right the other one removed stays removed
 *   unless this administrator chooses to give it again.
 * The save itself (the command of spec 2 §3 and its answer) is the invoked machines/rightsSave.machine.ts.
 *
 * Pure: the children's effects (the lookup, the save request) are their actors, provided by
 * src/features/represented-settings/wire.ts.
 */
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { mergeForm, type BothChanged } from '../domain/form-merge';
import { notProvided } from '../domain/not-provided';
import { identityIssues, roleIssues, type RoleFormValue } from '../domain/represented-settings';
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
  type UserRoles,
} from './rightsRoles.machine';
import { rightsSaveMachine, type RightsSaveOutput } from './rightsSave.machine';
import type { ToastRequest } from './toasts.machine';
import { reporter } from '../domain/report';

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

/** What a refused save found: the rows the other administrator changed, and the rows both changed. */
export interface RightsConflict {
  /** applications only the other administrator changed: the dialog took their values */
  taken: string[];
  /** applications both changed, to different values: this administrator's value shows until they choose */
  both: Record<string, BothChanged>;
  /** the value chosen of a row both changed (none: their own) */
  chosen: Record<string, 'mine' | 'theirs'>;
}

/** The person's rights as stored now (loaded again after a refused save). */
export interface ReloadedRights {
  roles: UserRoles;
  /** their version (ETag); null: the backend keeps none, or the person has no row left */
  version: string | null;
}

export interface ReloadRightsInput {
  customerId: string;
  userId: string;
  /** the applications whose sections loaded */
  applications: string[];
}

/** The version of a person's rights, as the rights list's rows carry it (one for all applications); null: none. */
export function versionOf(user: KnownUser | null): string | null {
  for (const role of Object.values(user?.roles ?? {})) if (role?.version) return role.version;
  return null;
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
  /** the version (ETag) of the person's rights the dialog is based on, sent as If-Match; null: none known */
  version: string | null;
  /** the role rows as stored at `version`: what a merge compares both sides with */
  base: Record<string, RoleFormValue>;
  /** after a refused save: what the other administrator changed (shown until the dialog closes) */
  conflict: RightsConflict | null;
}

export type RightsEditEvent =
  | RightsPersonEvent
  | Exclude<RightsRolesEvent, { type: 'rights.clear' | 'rights.reset' }>
  | { type: 'rights.removeAll' }
  | { type: 'rights.removeAllConfirmed' }
  | { type: 'rights.removeAllCancelled' }
  | { type: 'rights.save' }
  /** after a conflict: keep this administrator's or the other's value of a row both changed */
  | { type: 'rights.choose'; application: string; side: 'mine' | 'theirs' }
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
    /** the person's rights in every loaded application, as stored now, with their version */
    reloadRights: notProvided<ReloadedRights, ReloadRightsInput>('reloadRights'),
  },
  guards: {
    isLookingUp: ({ event }) => event.type === 'rights.personChanged' && event.lookingUp,
    isValid: ({ context }) => Object.keys(rightsEditIssues(context)).length === 0,
    /** Remove all rights: not for a main administrator, not for a new person */
    mayRemoveAll: ({ context }) => context.mode === 'edit' && !context.wasAdmin,
    isSaved: (_, p: { output: RightsSaveOutput }) => p.output.saved,
    isStale: (_, p: { output: RightsSaveOutput }) => !p.output.saved && p.output.stale,
    /** a row both administrators changed, after a conflict */
    isOffered: ({ context, event }) =>
      event.type === 'rights.choose' && context.conflict?.both[event.application] !== undefined,
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
    /** the known user's rights are what the dialog is now based on */
    takeKnownUser: assign(({ context, event }) =>
      event.type === 'rights.knownUserFound'
        ? {
            version: versionOf(event.user),
            base: rolesOf(event.user.roles, context.sections, context.today).roles,
          }
        : {},
    ),
    /** the rights as stored now, merged row by row with this administrator's against what the dialog was based on */
    mergeReloaded: assign(({ context }, p: { reloaded: ReloadedRights }) => {
      const theirs = rolesOf(p.reloaded.roles, context.sections, context.today);
      const merged = mergeForm(context.base, context.roles, theirs.roles);
      return {
        roles: merged.values as Record<string, RoleFormValue>,
        hadRole: theirs.hadRole,
        base: theirs.roles,
        version: p.reloaded.version,
        conflict: { taken: merged.taken, both: merged.both, chosen: {} },
      };
    }),
    setMergedRoles: sendTo('roles', ({ context }) => ({
      type: 'rights.set' as const,
      roles: context.roles,
      hadRole: context.hadRole,
    })),
    chooseValue: assign(({ context, event }) => {
      if (event.type !== 'rights.choose' || !context.conflict) return {};
      const offered = context.conflict.both[event.application];
      return {
        roles: { ...context.roles, [event.application]: offered[event.side] as RoleFormValue },
        conflict: { ...context.conflict, chosen: { ...context.conflict.chosen, [event.application]: event.side } },
      };
    }),
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
    version: versionOf(input.user),
    base: rolesOf(input.user?.roles ?? {}, input.sections, input.today).roles,
    conflict: null,
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
      actions: ['takeKnownUser', 'fillRolesOfKnownUser'],
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
        'rights.choose': {
          guard: 'isOffered',
          actions: ['chooseValue', 'setMergedRoles'],
          description: "After a conflict: keeps their own or the other administrator's value of a role both changed",
        },
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
      description: 'The dialog asks “Remove all rights?” before anything is cleared; nothing is saved yet.',
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
            guard: { type: 'isStale', params: ({ event }) => ({ output: event.output }) },
            target: 'conflict',
            description: "The server says someone else saved the user's rights meanwhile: nothing was saved",
          },
          {
            target: 'editing',
            actions: 'toastServerError',
            description: 'The server does not answer: an error shows and everything typed stays',
          },
        ],
      },
    },
    conflict: {
      tags: ['busy', 'conflict'],
      description:
        "Someone else saved the user's rights since the dialog opened. Every choice made is kept; the portal loads the rights again and merges them role by role.",
      invoke: {
        id: 'reloadRights',
        src: 'reloadRights',
        input: ({ context }) => ({
          customerId: context.customerId,
          userId: context.userId ?? '',
          applications: context.sections.filter((s) => s.status === 'ok').map((s) => s.application),
        }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'mergeReloaded', params: ({ event }) => ({ reloaded: event.output }) }, 'setMergedRoles'],
          description:
            "The rights arrive: the other administrator's changes are taken and named, this one's are kept, and roles both changed offer both values; Save sends the new version",
        },
        onError: {
          target: 'editing',
          actions: 'toastServerError',
          description: 'The server does not answer: an error shows and every choice made stays',
        },
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
