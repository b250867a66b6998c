/**
 * The rights edit modal (spec 2 §2 "Rights edit modal", §4 role selection, the edit flow for a new user, save with
 * partial failure; §5 "Rights modal", domain to languages, ZZ, role offering, main admin).
 *
 * editing ⇄ checkingCode → lookingUp → editing;  editing → saving → saved | editing;  editing → closed
 * - New user: once the personal code is valid for its country, the person is looked up among the customer's users
 *   (input.findUser): found → the modal switches to edit mode for that user. Otherwise `lookupUser` asks the system
 *   (GET user/{gid}): found → the names fill in and lock; not found (or the lookup failed) → the names stay editable.
 * - A category picks its first role; no role for an application the person had ends that right yesterday.
 * - Remove all rights (hidden for main administrators) clears every role and saves at once.
 * - Save is refused while invalid or pending. The answer ends in `saved` with the applications whose save failed
 *   (the rights list names them in a warning and reloads: the rest landed). A failed call keeps everything typed.
 * - Applications whose users could not be loaded, or with no package, are left out of the save command.
 *
 * Pure: effects are the actors below (defaults throw); src/features/represented-settings/wire.ts provides them.
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  categoryOfRole,
  defaultCountry,
  defaultLanguage,
  domainOfCountry,
  identityIssues,
  isoDay,
  pickCategory,
  roleCommandOf,
  roleIssues,
  wireToIso,
  type EnterpriseUserRole,
  type OfferedCategory,
  type RightsDomain,
  type RoleCommand,
  type RoleFormValue,
  type SaveCommand,
  type UserLookup,
  type Validity,
} from './lib/represented-settings';
import { globalPersonId, isValidPersonalCode, normalisePersonalCode } from './lib/fields';
import { isRoleEnded } from './lib/rights/validity';
import type { ToastRequest } from './toasts.machine';

/** A person the customer already knows (a row of the rights list or a head administrator). */
export interface KnownUser {
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  roles: Partial<Record<string, EnterpriseUserRole>>;
  /** a main administrator of the customer (active AXAPTA role) */
  admin: boolean;
}

/** One application's section: offered roles, or why there is nothing to choose (spec 2 §2). */
export interface AppSection {
  application: string;
  status: 'ok' | 'failed' | 'noPackage';
  categories: OfferedCategory[];
}

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

export interface Identity {
  country: string;
  personalCode: string;
  firstName: string;
  lastName: string;
  email: string;
  domain: RightsDomain;
  language: string;
  admin: boolean;
}

export interface RightsEditContext extends Omit<RightsEditInput, 'user'> {
  mode: 'new' | 'edit';
  /** the edited person's global id (edit mode) */
  userId: string | null;
  /** the edited person is a main administrator as loaded: Remove all rights is hidden */
  wasAdmin: boolean;
  identity: Identity;
  namesLocked: boolean;
  roles: Record<string, RoleFormValue>;
  /** applications in which the person had a role when the modal opened (only those get "no role → end yesterday") */
  hadRole: string[];
  /** every problem shown (after a save attempt); before, only touched fields */
  showAll: boolean;
  /** applications whose save failed (the answer of the last save) */
  failed: string[];
  /** the save was answered (the modal ends saved) */
  saved: boolean;
  touched: string[];
}

export type RightsEditEvent =
  | { type: 'rights.identity'; patch: Partial<Omit<Identity, 'domain' | 'admin'>> }
  | { type: 'rights.domain'; domain: RightsDomain }
  | { type: 'rights.admin'; admin: boolean }
  | { type: 'rights.category'; application: string; category: string | null }
  | { type: 'rights.role'; application: string; roleId: number }
  | { type: 'rights.validity'; application: string; validity: Validity }
  | { type: 'rights.dates'; application: string; begin?: string; end?: string }
  | { type: 'rights.removeAll' }
  | { type: 'rights.save' }
  | { type: 'rights.close' };

export type RightsEditEmitted = { type: 'toast.show'; toast: ToastRequest };

/** The modal's end: saved (the list reloads), with the applications whose save failed (named in a warning). */
export interface RightsEditOutput {
  saved: boolean;
  failed: string[];
}

export interface SaveRightsInput {
  mode: 'new' | 'edit';
  command: SaveCommand;
}

const notProvided = <TOut, TIn>(name: string) =>
  fromPromise<TOut, TIn>(() => Promise.reject(new Error(`${name} not provided`)));

const noRole = (today: Date): RoleFormValue => ({
  categoryId: null,
  roleId: null,
  validity: 'UNLIMITED',
  begin: isoDay(today),
  end: '',
});

/** The form value of a person's role in one application (an ended role counts as none: spec 2 §4). */
function roleValueOf(role: EnterpriseUserRole | undefined, section: AppSection, today: Date): RoleFormValue {
  if (!role || role.roleId === null || isRoleEnded(role, today)) return noRole(today);
  const end = wireToIso(role.end);
  return {
    categoryId: categoryOfRole(section.categories, role.roleId),
    roleId: role.roleId,
    validity: end ? 'LIMITED' : 'UNLIMITED',
    begin: wireToIso(role.begin) || isoDay(today),
    end,
  };
}

function rolesOf(user: KnownUser | null, sections: AppSection[], today: Date) {
  const roles: Record<string, RoleFormValue> = {};
  const hadRole: string[] = [];
  for (const s of sections) {
    roles[s.application] = roleValueOf(user?.roles[s.application], s, today);
    if (roles[s.application].roleId !== null) hadRole.push(s.application);
  }
  return { roles, hadRole };
}

/** Country and code of a global id (EE48709050218 → EE, 48709050218). */
const splitUserId = (userId: string) => ({ country: userId.slice(0, 2), personalCode: userId.slice(2) });

function editStateOf(user: KnownUser, ctx: Pick<RightsEditContext, 'sections' | 'today'>) {
  const { country, personalCode } = splitUserId(user.userId);
  const domain = domainOfCountry(country);
  return {
    mode: 'edit' as const,
    userId: user.userId,
    wasAdmin: user.admin,
    namesLocked: user.firstName !== '' && user.lastName !== '',
    identity: {
      country,
      personalCode,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email ?? '',
      domain,
      language: defaultLanguage(domain),
      admin: user.admin,
    },
    ...rolesOf(user, ctx.sections, ctx.today),
  };
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

/** The save command (spec 2 §3): roles only of loaded applications with a package, none for a main administrator. */
export function saveCommandOf(c: RightsEditContext): SaveCommand {
  const id = c.identity;
  const roles: Record<string, RoleCommand> = {};
  if (!id.admin)
    for (const s of c.sections) {
      if (s.status !== 'ok') continue;
      const r = c.roles[s.application];
      if (r.roleId === null && !c.hadRole.includes(s.application)) continue;
      roles[s.application] = roleCommandOf(r, c.today);
    }
  const country = id.country as SaveCommand['country'];
  return {
    userId: c.mode === 'edit' && c.userId ? c.userId : globalPersonId(id.country, id.personalCode),
    userCode: normalisePersonalCode(id.country, id.personalCode),
    country,
    domain: id.domain,
    ...(c.mode === 'new' ? { language: id.language as SaveCommand['language'] } : {}),
    firstName: id.firstName.trim(),
    lastName: id.lastName.trim(),
    customerId: c.customerId,
    admin: id.admin,
    email: id.email.trim(),
    roles,
  };
}

const serverError: ToastRequest = { toastType: 'error', messageKey: 'error.server' };

const rightsEditSetup = setup({
  types: {
    context: {} as RightsEditContext,
    input: {} as RightsEditInput,
    events: {} as RightsEditEvent,
    emitted: {} as RightsEditEmitted,
    output: {} as RightsEditOutput,
  },
  actors: {
    /** GET user/{gid}: the person as the system knows them; null when unknown (404) */
    lookupUser: notProvided<UserLookup | null, { userId: string }>('lookupUser'),
    /** POST user/role/add (new) or user/role/edit → the applications whose save failed */
    saveRights: notProvided<string[], SaveRightsInput>('saveRights'),
  },
  guards: {
    isNew: ({ context }) => context.mode === 'new',
    /** the code is complete and valid for its country (new user): time to look the person up */
    isCodeComplete: ({ context }) =>
      isValidPersonalCode(context.identity.country, context.identity.personalCode) &&
      (context.identity.country !== 'ZZ' || context.permissionNoCheckPersonalCode),
    isCustomersUser: ({ context }) =>
      context.findUser(globalPersonId(context.identity.country, context.identity.personalCode)) !== null,
    isFound: (_, p: { found: UserLookup | null }) => p.found !== null,
    isValid: ({ context }) => Object.keys(rightsEditIssues(context)).length === 0,
    /** Remove all rights: not for a main administrator, not for a new person */
    mayRemoveAll: ({ context }) => context.mode === 'edit' && !context.wasAdmin,
    /** nobody clears their own administrator box (spec 2 §5) */
    mayToggleAdmin: ({ context }) => context.userId !== context.currentUserId,
  },
  actions: {
    setIdentity: assign(({ context, event }) => {
      if (event.type !== 'rights.identity') return {};
      const patch = { ...event.patch };
      if (context.namesLocked) {
        delete patch.firstName;
        delete patch.lastName;
      }
      if (context.mode === 'edit') {
        delete patch.country;
        delete patch.personalCode;
      }
      const identity = { ...context.identity, ...patch };
      // ZZ maps to domain EE (spec 2 §5); a new country brings its domain and default language
      if (patch.country && patch.country !== context.identity.country) {
        identity.domain = domainOfCountry(patch.country);
        identity.language = defaultLanguage(identity.domain);
      }
      const touched = new Set([...context.touched, ...Object.keys(patch)]);
      return { identity, touched: [...touched] };
    }),
    setDomain: assign(({ context, event }) =>
      event.type === 'rights.domain'
        ? { identity: { ...context.identity, domain: event.domain, language: defaultLanguage(event.domain) } }
        : {},
    ),
    setAdmin: assign(({ context, event }) =>
      event.type === 'rights.admin' ? { identity: { ...context.identity, admin: event.admin } } : {},
    ),
    pickCategory: assign(({ context, event }) => {
      if (event.type !== 'rights.category') return {};
      const section = context.sections.find((s) => s.application === event.application);
      if (!section) return {};
      const r = context.roles[event.application];
      return {
        roles: { ...context.roles, [event.application]: { ...r, ...pickCategory(section.categories, event.category) } },
      };
    }),
    pickRole: assign(({ context, event }) => {
      if (event.type !== 'rights.role') return {};
      const section = context.sections.find((s) => s.application === event.application);
      const categoryId = section ? categoryOfRole(section.categories, event.roleId) : null;
      if (!categoryId) return {};
      const r = context.roles[event.application];
      return { roles: { ...context.roles, [event.application]: { ...r, roleId: event.roleId, categoryId } } };
    }),
    setValidity: assign(({ context, event }) => {
      if (event.type !== 'rights.validity' || !context.roles[event.application]) return {};
      const r = context.roles[event.application];
      return { roles: { ...context.roles, [event.application]: { ...r, validity: event.validity } } };
    }),
    setDates: assign(({ context, event }) => {
      if (event.type !== 'rights.dates' || !context.roles[event.application]) return {};
      const r = context.roles[event.application];
      const next = { ...r, begin: event.begin ?? r.begin, end: event.end ?? r.end };
      const touched = new Set(context.touched);
      if (event.begin !== undefined) touched.add(`${event.application}.begin`);
      if (event.end !== undefined) touched.add(`${event.application}.end`);
      return { roles: { ...context.roles, [event.application]: next }, touched: [...touched] };
    }),
    clearRoles: assign(({ context }) => ({
      roles: Object.fromEntries(Object.keys(context.roles).map((app) => [app, noRole(context.today)])),
    })),
    switchToEdit: assign(({ context }) => {
      const user = context.findUser(globalPersonId(context.identity.country, context.identity.personalCode));
      return user ? editStateOf(user, context) : {};
    }),
    lockNames: assign(({ context }, p: { found: UserLookup | null }) =>
      p.found
        ? {
            namesLocked: true,
            identity: { ...context.identity, firstName: p.found.firstName ?? '', lastName: p.found.lastName ?? '' },
          }
        : {},
    ),
    unlockNames: assign({ namesLocked: false }),
    showAllProblems: assign({ showAll: true }),
    takeFailed: assign((_, p: { failed: string[] }) => ({ failed: p.failed, saved: true })),
    toastServerError: emit({ type: 'toast.show' as const, toast: serverError }),
  },
});

/** Edits of the form besides the identity, the same while editing and while the person is looked up. */
const FORM_EDITS = {
  'rights.domain': {
    actions: 'setDomain',
    description: "Chooses the user's domain: the language changes to that domain's default",
  },
  'rights.admin': {
    guard: 'mayToggleAdmin',
    actions: 'setAdmin',
    description: 'Ticks or clears the administrator box, if the user is not the person themselves',
  },
  'rights.category': {
    actions: 'pickCategory',
    description: "Chooses a role category in an application: the category's first role is selected",
  },
  'rights.role': { actions: 'pickRole', description: 'Chooses a role in an application' },
  'rights.validity': {
    actions: 'setValidity',
    description: "Chooses unlimited or limited validity for an application's role",
  },
  'rights.dates': { actions: 'setDates', description: "Enters the from or to date of an application's role" },
} as const;

export const rightsEditMachine = rightsEditSetup.createMachine({
  id: 'rightsEdit',
  description:
    "The rights dialog: an administrator adds a user by personal code or edits a user's roles per application, then saves or removes all rights.",
  context: ({ input }) => {
    const { user, ...rest } = input;
    const base = {
      ...rest,
      showAll: false,
      failed: [] as string[],
      saved: false,
      touched: [] as string[],
    };
    if (user) return { ...base, ...editStateOf(user, input) };
    const country = defaultCountry(input.customerCountry);
    return {
      ...base,
      mode: 'new' as const,
      userId: null,
      wasAdmin: false,
      namesLocked: false,
      identity: {
        country,
        personalCode: '',
        firstName: '',
        lastName: '',
        email: '',
        domain: country,
        language: defaultLanguage(country),
        admin: false,
      },
      ...rolesOf(null, input.sections, input.today),
    };
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      description:
        "The user's identity on the left and one role section per application on the right; Save is enabled while everything is filled in correctly.",
      on: {
        'rights.identity': [
          {
            guard: 'isNew',
            target: 'checkingCode',
            actions: 'setIdentity',
            description: 'Changes the country, personal code, name or e-mail of a new user',
          },
          {
            actions: 'setIdentity',
            description: 'Changes the name or e-mail of an existing user',
          },
        ],
        ...FORM_EDITS,
        'rights.removeAll': {
          guard: 'mayRemoveAll',
          target: 'saving',
          actions: 'clearRoles',
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
        'rights.close': { target: 'closed', description: 'Closes the dialog without saving' },
      },
    },
    /** a new person's identity changed: is the code complete, and is the person one of the customer's users? */
    checkingCode: {
      description: 'The portal checks the typed personal code.',
      always: [
        {
          guard: 'isCustomersUser',
          target: 'editing',
          actions: 'switchToEdit',
          description: "The code belongs to one of the customer's users: the dialog switches to editing that user",
        },
        {
          guard: 'isCodeComplete',
          target: 'lookingUp',
          description: 'The code is complete and valid for the country',
        },
        { target: 'editing', description: 'The code is not complete yet' },
      ],
    },
    lookingUp: {
      tags: ['editable', 'lookingUp'],
      description: 'The portal looks the person up by personal code; the rest of the form stays editable.',
      invoke: {
        id: 'lookupUser',
        src: 'lookupUser',
        input: ({ context }) => ({ userId: globalPersonId(context.identity.country, context.identity.personalCode) }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ found: event.output }) },
            target: 'editing',
            actions: { type: 'lockNames', params: ({ event }) => ({ found: event.output }) },
            description: 'The system knows the person: their names fill in and cannot be changed',
          },
          {
            target: 'editing',
            actions: 'unlockNames',
            description: 'The system does not know the person: the names may be typed',
          },
        ],
        onError: {
          target: 'editing',
          actions: ['unlockNames', 'toastServerError'],
          description: 'The server does not answer: an error shows and the names may be typed',
        },
      },
      on: {
        // the rest of the form stays editable while the person is looked up
        ...FORM_EDITS,
        // typing on restarts the check with the new code
        'rights.identity': {
          target: 'checkingCode',
          actions: ['unlockNames', 'setIdentity'],
          description: 'Changes the identity again while the person is looked up: the code is checked again',
        },
        'rights.close': { target: 'closed', description: 'Closes the dialog without saving' },
      },
    },
    saving: {
      tags: ['busy'],
      description: 'The portal saves the rights; the buttons are disabled.',
      invoke: {
        id: 'saveRights',
        src: 'saveRights',
        input: ({ context }) => ({ mode: context.mode, command: saveCommandOf(context) }),
        onDone: {
          target: 'saved',
          actions: { type: 'takeFailed', params: ({ event }) => ({ failed: event.output }) },
          description: 'The server saves the rights (perhaps not for every application)',
        },
        onError: {
          target: 'editing',
          actions: 'toastServerError',
          description: 'The server does not answer: an error shows and everything typed stays',
        },
      },
    },
    saved: {
      type: 'final',
      description: "The rights are saved and the dialog closes; they take effect at the user's next login.",
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
  return Object.fromEntries(Object.entries(all).filter(([k]) => s.context.touched.includes(k)));
}
/** Save is enabled only when valid and nothing is pending (spec 2 §4). */
export const canSaveRights = (s: RightsEditSnapshot): boolean =>
  s.matches('editing') && Object.keys(rightsEditIssues(s.context)).length === 0;
/** The administrator box is disabled for oneself. */
export const isAdminBoxDisabled = (s: RightsEditSnapshot): boolean => s.context.userId === s.context.currentUserId;
