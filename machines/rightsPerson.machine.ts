/**
 * The person who gets the rights (spec 2 §2 "Rights edit modal", §4 the edit flow for a new user, §5 domain to
 * languages, ZZ, the administrator box): the left-hand side of the rights dialog.
 *
 * editing ⇄ checkingCode → lookingUp → editing
 * - New user: once the personal code is valid for its country, the person is looked up among the customer's users
 *   (input.findUser): found → this becomes edit mode for that user (and `rights.knownUserFound` tells the dialog, so
 *   the application sections take their roles). Otherwise `lookupUser` asks the system (GET user/{gid}): found → the
 *   names fill in and lock; not found (or the lookup failed: `rights.lookupFailed`) → the names stay editable.
 * - A new country brings its domain and that domain's default language; ZZ maps to domain EE.
 * - Nobody clears their own administrator box.
 * Every change is reported (domain/report.ts) to the rights dialog, machines/rightsEdit.machine.ts, which
 * invokes it with actor id `person`, with whether the person is being looked up (Save waits meanwhile).
 *
 * Pure: the lookup is an actor (default throws); src/features/represented-settings/wire.ts provides it.
 */
import { assign, setup } from 'xstate';
import {
  defaultCountry,
  defaultLanguage,
  domainOfCountry,
  type EnterpriseUserRole,
  type RightsDomain,
  type UserLookup,
} from '../domain/represented-settings';
import { globalPersonId, isValidPersonalCode } from '../domain/fields';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';

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

/** What the dialog knows of the person. */
export interface PersonValue {
  mode: 'new' | 'edit';
  /** the edited person's global id (edit mode) */
  userId: string | null;
  /** the edited person is a main administrator as loaded: Remove all rights is hidden */
  wasAdmin: boolean;
  identity: Identity;
  namesLocked: boolean;
  /** the identity fields changed so far */
  touched: string[];
}

export type RightsPersonReport =
  | { type: 'rights.personChanged'; person: PersonValue; lookingUp: boolean }
  | { type: 'rights.knownUserFound'; user: KnownUser }
  /** messageKey: the server's own message for the failure (a 429's), else none */
  | { type: 'rights.lookupFailed'; messageKey?: string };

export type RightsPersonEvent =
  | { type: 'rights.identity'; patch: Partial<Omit<Identity, 'domain' | 'admin'>> }
  | { type: 'rights.domain'; domain: RightsDomain }
  | { type: 'rights.admin'; admin: boolean };

export interface RightsPersonInput {
  customerCountry: string | null;
  permissionNoCheckPersonalCode: boolean;
  /** the signed-in person: cannot clear their own administrator box */
  currentUserId: string;
  /** the person to edit; null for "Add new user" */
  user: KnownUser | null;
  /** the customer's users and administrators by global id */
  findUser: (userId: string) => KnownUser | null;
}

type RightsPersonContext = Omit<RightsPersonInput, 'user' | 'customerCountry'> & PersonValue;

/** Country and code of a global id (EE48709050218 → EE, 48709050218). */
const splitUserId = (userId: string) => ({ country: userId.slice(0, 2), personalCode: userId.slice(2) });

function editedPerson(user: KnownUser): Omit<PersonValue, 'touched'> {
  const { country, personalCode } = splitUserId(user.userId);
  const domain = domainOfCountry(country);
  return {
    mode: 'edit',
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
  };
}

/** The person as the dialog opens: the user to edit, or an empty new user in the customer's country. */
export function personOf(input: Pick<RightsPersonInput, 'user' | 'customerCountry'>): PersonValue {
  if (input.user) return { ...editedPerson(input.user), touched: [] };
  const country = defaultCountry(input.customerCountry);
  const identity = { country, personalCode: '', firstName: '', lastName: '', email: '', admin: false };
  return {
    mode: 'new',
    userId: null,
    wasAdmin: false,
    namesLocked: false,
    identity: { ...identity, domain: country, language: defaultLanguage(country) },
    touched: [],
  };
}

const typedUserId = (c: RightsPersonContext) => globalPersonId(c.identity.country, c.identity.personalCode);

const tell = reporter<RightsPersonContext, RightsPersonEvent, RightsPersonReport>();

/** The catalogue key a failed look-up's answer named (too many look-ups: `error.tooManyRequests`), if any. */
const messageOf = (error: unknown): { messageKey?: string } =>
  typeof error === 'object' && error !== null && 'messageKey' in error && typeof error.messageKey === 'string'
    ? { messageKey: error.messageKey }
    : {};

const rightsPersonSetup = setup({
  types: {
    context: {} as RightsPersonContext,
    input: {} as RightsPersonInput,
    events: {} as RightsPersonEvent,
    emitted: {} as RightsPersonReport,
  },
  actors: {
    /** GET user/{gid}: the person as the system knows them; null when unknown (404) */
    lookupUser: notProvided<UserLookup | null, { userId: string }>('lookupUser'),
  },
  guards: {
    isNew: ({ context }) => context.mode === 'new',
    /** the code is complete and valid for its country (new user): time to look the person up */
    isCodeComplete: ({ context }) =>
      isValidPersonalCode(context.identity.country, context.identity.personalCode) &&
      (context.identity.country !== 'ZZ' || context.permissionNoCheckPersonalCode),
    isCustomersUser: ({ context }) => context.findUser(typedUserId(context)) !== null,
    isFound: (_, p: { found: UserLookup | null }) => p.found !== null,
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
    switchToEdit: assign(({ context }) => {
      const user = context.findUser(typedUserId(context));
      return user ? editedPerson(user) : {};
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
    report: tell(({ context }, p: { lookingUp: boolean }) => {
      const { mode, userId, wasAdmin, identity, namesLocked, touched } = context;
      return {
        type: 'rights.personChanged',
        person: { mode, userId, wasAdmin, identity, namesLocked, touched },
        lookingUp: p.lookingUp,
      };
    }),
    // before switchToEdit: the typed code is the one isCustomersUser found
    reportKnownUser: tell(({ context }) => ({
      type: 'rights.knownUserFound',
      user: context.findUser(typedUserId(context))!,
    })),
    reportLookupFailed: tell((_, p: { messageKey?: string }) => ({ type: 'rights.lookupFailed', ...p })),
  },
});

const reported = (lookingUp: boolean) => ({ type: 'report', params: { lookingUp } }) as const;

/** Changes of the domain and the administrator box, the same while editing and while the person is looked up. */
const otherEdits = (lookingUp: boolean) =>
  ({
    'rights.domain': {
      actions: ['setDomain', reported(lookingUp)],
      description: "Chooses the user's domain: the language changes to that domain's default",
    },
    'rights.admin': {
      guard: 'mayToggleAdmin',
      actions: ['setAdmin', reported(lookingUp)],
      description: 'Ticks or clears the administrator box, if the user is not the person themselves',
    },
  }) as const;

export const rightsPersonMachine = rightsPersonSetup.createMachine({
  id: 'rightsPerson',
  description:
    "The user part of the rights dialog: the administrator types a new user's personal code (the portal looks the person up) or sees the edited user, and fills in names, e-mail, domain and language.",
  context: ({ input }) => ({
    permissionNoCheckPersonalCode: input.permissionNoCheckPersonalCode,
    currentUserId: input.currentUserId,
    findUser: input.findUser,
    ...personOf(input),
  }),
  initial: 'editing',
  states: {
    editing: {
      description: "The user's country, personal code, names, e-mail, domain, language and administrator box.",
      on: {
        'rights.identity': [
          {
            guard: 'isNew',
            target: 'checkingCode',
            actions: 'setIdentity',
            description: 'Changes the country, personal code, name or e-mail of a new user',
          },
          {
            actions: ['setIdentity', reported(false)],
            description: 'Changes the name or e-mail of an existing user',
          },
        ],
        ...otherEdits(false),
      },
    },
    /** a new person's identity changed: is the code complete, and is the person one of the customer's users? */
    checkingCode: {
      description: 'The portal checks the typed personal code.',
      always: [
        {
          guard: 'isCustomersUser',
          target: 'editing',
          actions: ['reportKnownUser', 'switchToEdit', reported(false)],
          description: "The code belongs to one of the customer's users: the dialog switches to editing that user",
        },
        {
          guard: 'isCodeComplete',
          target: 'lookingUp',
          actions: reported(true),
          description: 'The code is complete and valid for the country',
        },
        { target: 'editing', actions: reported(false), description: 'The code is not complete yet' },
      ],
    },
    lookingUp: {
      tags: ['lookingUp'],
      description: 'The portal looks the person up by personal code; the rest of the form stays editable.',
      invoke: {
        id: 'lookupUser',
        src: 'lookupUser',
        input: ({ context }) => ({ userId: typedUserId(context) }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ found: event.output }) },
            target: 'editing',
            actions: [{ type: 'lockNames', params: ({ event }) => ({ found: event.output }) }, reported(false)],
            description: 'The system knows the person: their names fill in and cannot be changed',
          },
          {
            target: 'editing',
            actions: ['unlockNames', reported(false)],
            description: 'The system does not know the person: the names may be typed',
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            'unlockNames',
            reported(false),
            { type: 'reportLookupFailed', params: ({ event }) => messageOf(event.error) },
          ],
          description:
            "The look-up fails: the server's own message (too many look-ups) or the server error shows, and the names may be typed",
        },
      },
      on: {
        // typing on restarts the check with the new code
        'rights.identity': {
          target: 'checkingCode',
          actions: ['unlockNames', 'setIdentity'],
          description: 'Changes the identity again while the person is looked up: the code is checked again',
        },
        ...otherEdits(true),
      },
    },
  },
});
