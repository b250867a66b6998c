/**
 * The rights list of a business customer (spec 2 §2 "/settings/rights", §4 the rights list filter and the rights
 * model load, §8, §9 page size 20).
 *
 * loading (the rights model load, machines/rightsLoad.machine.ts, as a child) → ready.browsing ⇄ ready.editing (the
 * rights edit modal, machines/rightsEdit.machine.ts, as a child)
 * - Each answer of the load shows as it lands; the list is ready when every parallel load has ended, with or without
 *   errors: a failed application shows the disrupted placeholder in its column, a failed customer or administrators
 *   load the error; no users and no administrators the no-rights notice.
 * - "Add new user" and the row edit open the modal only once loaded. A save in the modal reloads the list.
 * - Search (resets to page 1), the active / not-active filter (resets to page 1) and paging are kept here; the rows
 *   themselves are derived from the loaded answers by memoised pure selectors (domain/represented-settings/
 *   list.ts), so a keystroke costs one pass over precomputed keys, not a request.
 *
 * Pure: effects are the actors below (defaults throw); src/features/represented-settings/wire.ts provides them.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  offeredCategories,
  RESULT_NO_PACKAGE,
  RIGHTS_APPLICATIONS,
  type Admin,
  type AppLoad,
  type RepresentedCustomer,
  type RightsFilter,
  type RoleTree,
} from '../domain/represented-settings';
import {
  rightsEditMachine,
  type AppSection,
  type KnownUser,
  type RightsEditInput,
  type RightsEditOutput,
} from './rightsEdit.machine';
import { rightsLoadMachine, type ApplicationAnswer, type RightsLoadReport } from './rightsLoad.machine';
import type { ToastRequest } from './toasts.machine';
import { reporter } from '../domain/report';
import { serviceForApplication } from '../domain/rights';

export interface RightsListInput {
  customerId: string;
  /** the signed-in person's global id */
  currentUserId: string;
  today: Date;
}

export interface RightsListContext extends RightsListInput {
  customer: RepresentedCustomer | null;
  customerFailed: boolean;
  admins: Admin[];
  adminsFailed: boolean;
  /** per supported application: its users and role tree, { ok: false } when that load failed, null while loading */
  apps: Record<string, AppLoad | null>;
  trees: Record<string, RoleTree | null>;
  search: string;
  filter: RightsFilter;
  /** 1-based */
  page: number;
  /** the person the modal edits; null: a new user */
  editUserId: string | null;
}

export type RightsListEmitted = { type: 'toast.show'; toast: ToastRequest };

export type RightsListEvent =
  | { type: 'rights.search'; text: string }
  | { type: 'rights.filter'; filter: RightsFilter }
  | { type: 'rights.page'; page: number }
  | { type: 'rights.add' }
  | { type: 'rights.edit'; userId: string }
  | { type: 'rights.reload' }
  /** reported by the rights dialog (rightsEdit) */
  | { type: 'toast.show'; toast: ToastRequest }
  | RightsLoadReport;

/** Every person the customer knows, by global id: users of every loaded application and head administrators. */
export function knownUsers(c: Pick<RightsListContext, 'apps' | 'admins'>): Map<string, KnownUser> {
  const out = new Map<string, KnownUser>();
  const adminIds = new Set(c.admins.map((a) => a.userId));
  for (const a of c.admins)
    out.set(a.userId, {
      userId: a.userId,
      firstName: a.firstName ?? '',
      lastName: a.lastName ?? '',
      email: a.email ?? null,
      roles: {},
      admin: true,
    });
  for (const [app, load] of Object.entries(c.apps)) {
    if (!load?.ok) continue;
    for (const item of load.answer.list) {
      let u = out.get(item.userId);
      if (!u) {
        u = {
          userId: item.userId,
          firstName: item.firstName ?? '',
          lastName: item.lastName ?? '',
          email: item.email,
          roles: {},
          admin: adminIds.has(item.userId),
        };
        out.set(item.userId, u);
      }
      if (!u.email && item.email) u.email = item.email;
      u.roles[app] = item;
    }
  }
  return out;
}

/**
 * The modal's application sections: offered roles by packet and company, or why there are none. Invoicing
 * management is one of them: its roles only for a customer with the finance package, else the note of spec 2 §8
 * ("Subscribe first to billing services and then set the permissions").
 */
export function appSections(c: Pick<RightsListContext, 'apps' | 'trees' | 'customer'>): AppSection[] {
  return RIGHTS_APPLICATIONS.map((application) => {
    const load = c.apps[application];
    if (!load?.ok) return { application, status: 'failed' as const, categories: [] };
    if (load.answer.result === RESULT_NO_PACKAGE) return { application, status: 'noPackage' as const, categories: [] };
    return {
      application,
      status: 'ok' as const,
      categories: offeredCategories(c.trees[application], load.answer.packetId, c.customer?.epCompanyId ?? null),
    };
  });
}

/** The rights edit modal's input for the person being edited (or a new one). */
export function editInputOf(c: RightsListContext): RightsEditInput {
  const users = knownUsers(c);
  return {
    customerId: c.customerId,
    customerCountry: c.customer?.country ?? null,
    permissionNoCheckPersonalCode: c.customer?.permissionNoCheckPersonalCode ?? false,
    currentUserId: c.currentUserId,
    user: c.editUserId ? (users.get(c.editUserId) ?? null) : null,
    sections: appSections(c),
    findUser: (userId) => users.get(userId) ?? null,
    today: c.today,
  };
}

const emptyApps = () => Object.fromEntries(RIGHTS_APPLICATIONS.map((a) => [a, null]));

const tell = reporter<RightsListContext, RightsListEvent, RightsListEmitted>();

const rightsListSetup = setup({
  types: {
    context: {} as RightsListContext,
    input: {} as RightsListInput,
    events: {} as RightsListEvent,
    emitted: {} as RightsListEmitted,
  },
  actors: {
    rightsLoad: rightsLoadMachine,
    rightsEdit: rightsEditMachine,
  },
  guards: {
    isSaved: (_, p: { output: RightsEditOutput }) => p.output.saved,
    hasFailures: (_, p: { output: RightsEditOutput }) => p.output.failed.length > 0,
    isKnownUser: ({ context, event }) => event.type === 'rights.edit' && knownUsers(context).has(event.userId),
  },
  actions: {
    /** a reload keeps the rows on screen until the new answers replace them */
    startLoad: assign({ customerFailed: false, adminsFailed: false }),
    takeCustomer: assign((_, p: { customer: RepresentedCustomer }) => ({ customer: p.customer })),
    customerFailed: assign({ customerFailed: true }),
    takeAdmins: assign((_, p: { admins: Admin[] }) => ({ admins: p.admins, adminsFailed: false })),
    adminsFailed: assign({ admins: [], adminsFailed: true }),
    takeApplication: assign(({ context }, p: { application: string; loaded: ApplicationAnswer }) => ({
      apps: { ...context.apps, [p.application]: { ok: true as const, answer: p.loaded.answer } },
      trees: { ...context.trees, [p.application]: p.loaded.tree },
    })),
    applicationFailed: assign(({ context }, p: { application: string }) => ({
      apps: { ...context.apps, [p.application]: { ok: false as const } },
    })),
    setSearch: assign(({ event }) => (event.type === 'rights.search' ? { search: event.text, page: 1 } : {})),
    setFilter: assign(({ event }) => (event.type === 'rights.filter' ? { filter: event.filter, page: 1 } : {})),
    setPage: assign(({ event }) => (event.type === 'rights.page' ? { page: Math.max(1, event.page) } : {})),
    toastSaved: tell(() => ({ type: 'toast.show', toast: { toastType: 'success', messageKey: 'success.save' } })),
    /** some applications' saves failed: 'Saving failed to: …' names them (spec 2 §8) */
    warnPartialFailure: tell((_, p: { output: RightsEditOutput }) => ({
      type: 'toast.show',
      toast: {
        toastType: 'warning',
        messageKey: 'represented-settings.error.save-partially-failed',
        valueKeys: {
          applications: p.output.failed.map((application) => `app.name.${serviceForApplication(application)}`),
        },
      },
    })),
    /** the rights dialog's own message: the portal shows it */
    passOnToast: tell((_, p: { toast: ToastRequest }) => ({ type: 'toast.show', toast: p.toast })),
    editNew: assign({ editUserId: null }),
    editUser: assign(({ event }) => (event.type === 'rights.edit' ? { editUserId: event.userId } : {})),
  },
});

export const rightsListMachine = rightsListSetup.createMachine({
  id: 'rightsList',
  description:
    "A business customer's administrator sees who may use the customer's services with which roles, finds and filters users, and opens a user's rights to edit them.",
  context: ({ input }) => ({
    ...input,
    customer: null,
    customerFailed: false,
    admins: [],
    adminsFailed: false,
    apps: emptyApps(),
    trees: emptyApps(),
    search: '',
    filter: 'active',
    page: 1,
    editUserId: null,
  }),
  on: {
    'rights.search': {
      actions: 'setSearch',
      description: 'Types a name or user id in the search box: the list shows the matches from page 1',
    },
    'rights.filter': {
      actions: 'setFilter',
      description: 'Chooses active or not active users: the list shows them from page 1',
    },
    'rights.page': { actions: 'setPage', description: 'Turns to another page of the users' },
    'toast.show': {
      actions: { type: 'passOnToast', params: ({ event }) => event },
      description: 'The rights dialog has a message for the person: the portal shows it',
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description:
        "The portal loads the customer, its head administrators and the users' roles in each application at once; 'Add new user' waits.",
      entry: 'startLoad',
      invoke: {
        id: 'rightsLoad',
        src: 'rightsLoad',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: { target: 'ready', description: 'Every load has ended, whether it worked or not' },
      },
      on: {
        'rights.customerLoaded': {
          actions: { type: 'takeCustomer', params: ({ event }) => ({ customer: event.customer }) },
          description: 'The customer arrives: its name and registry code show',
        },
        'rights.customerFailed': {
          actions: 'customerFailed',
          description: 'The customer could not be loaded: an error will show',
        },
        'rights.adminsLoaded': {
          actions: { type: 'takeAdmins', params: ({ event }) => ({ admins: event.admins }) },
          description: 'The head administrators arrive and show',
        },
        'rights.adminsFailed': {
          actions: 'adminsFailed',
          description: 'The head administrators could not be loaded: an error will show',
        },
        'rights.applicationLoaded': {
          actions: {
            type: 'takeApplication',
            params: ({ event }) => ({ application: event.application, loaded: event.loaded }),
          },
          description: "An application's users and roles arrive: its column fills in",
        },
        'rights.applicationFailed': {
          actions: { type: 'applicationFailed', params: ({ event }) => ({ application: event.application }) },
          description: "An application's users could not be loaded: its column will say the service is disrupted",
        },
      },
    },
    ready: {
      description:
        'The head administrators and the users with their roles per application are shown (or a notice when there are none, an error when a load failed).',
      initial: 'browsing',
      on: { 'rights.reload': { target: 'loading', description: 'The list is loaded again' } },
      states: {
        browsing: {
          description: 'The person looks through the users, 20 to a page.',
          on: {
            'rights.add': {
              target: 'editing',
              actions: 'editNew',
              description: "Clicks 'Add new user': an empty rights dialog opens",
            },
            'rights.edit': {
              guard: 'isKnownUser',
              target: 'editing',
              actions: 'editUser',
              description: "Clicks a user's edit button, if the user is in the list: their rights dialog opens",
            },
          },
        },
        editing: {
          tags: ['modalOpen'],
          description: 'The rights dialog is open over the list.',
          invoke: {
            id: 'rightsEdit',
            src: 'rightsEdit',
            input: ({ context }) => editInputOf(context),
            onDone: [
              {
                guard: { type: 'hasFailures', params: ({ event }) => ({ output: event.output }) },
                target: '#rightsList.loading',
                actions: { type: 'warnPartialFailure', params: ({ event }) => ({ output: event.output }) },
                description:
                  'The dialog saves only part of the rights: a warning names the applications that failed and the list reloads',
              },
              {
                guard: { type: 'isSaved', params: ({ event }) => ({ output: event.output }) },
                target: '#rightsList.loading',
                actions: 'toastSaved',
                description: "The dialog saves the rights: 'Saved' shows and the list reloads",
              },
              { target: 'browsing', description: 'The dialog closes without saving' },
            ],
          },
        },
      },
    },
  },
});

export type RightsListActor = ActorRefFrom<typeof rightsListMachine>;
export type RightsListSnapshot = SnapshotFrom<typeof rightsListMachine>;

/** Some load failed (spec 2 §4: the error is shown); which application columns are disrupted is in `apps`. */
export const hasLoadError = (s: RightsListSnapshot): boolean =>
  s.context.customerFailed || s.context.adminsFailed || Object.values(s.context.apps).some((a) => a !== null && !a.ok);
