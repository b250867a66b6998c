/**
 * The customer and user search page (spec 1 §2 "Customer search page", §5 search terms, §7 customer-search/*,
 * §9 page size 20 and initial sort).
 *
 * Three independent parts, side by side: the customer search, the user search and the 'Add new customer' link.
 * Each action first asks whether the accounting system (AXAPTA) is alive; when it is not, the page shows
 * error.axapta.dead and does nothing else. A picked row is emitted as the page to open:
 * represented-settings-edit with jgid (customer) or user-settings-edit with fgid (user).
 *
 * Effects are actors (defaults throw); the server data of one search stays in context only as the rows of
 * that search, so paging and sorting need no further request.
 */
import { assign, setup, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import type { NavigationRequested } from '../domain/shell-events';
import {
  INITIAL_CUSTOMER_SORT,
  INITIAL_USER_SORT,
  clampPage,
  isSearchTermValid,
  nextSort,
  type CustomerRow,
  type CustomerSortKey,
  type Sort,
  type UserRow,
  type UserSortKey,
} from '../domain/customer-search/rules';
import type { ToastRequest } from './toasts.machine';

export interface SearchPart<Row, Key extends string> {
  term: string;
  /** the term the rows were found with (null: not searched yet) */
  searchedTerm: string | null;
  rows: Row[];
  page: number;
  sort: Sort<Key>;
}

export interface CustomerSearchContext {
  customers: SearchPart<CustomerRow, CustomerSortKey>;
  users: SearchPart<UserRow, UserSortKey>;
}

export type CustomerSearchEvent =
  | { type: 'customers.type'; term: string }
  | { type: 'customers.search' }
  | { type: 'customers.page'; page: number }
  | { type: 'customers.sort'; key: CustomerSortKey }
  | { type: 'customers.pick'; id: string }
  | { type: 'users.type'; term: string }
  | { type: 'users.search' }
  | { type: 'users.page'; page: number }
  | { type: 'users.sort'; key: UserSortKey }
  | { type: 'users.pick'; id: string }
  | { type: 'customerSearch.add' };

export type CustomerSearchEmitted =
  /** a picked customer opens its settings (represented-settings-edit), a picked user theirs (user-settings-edit) */
  | NavigationRequested
  /** the 'Add new customer' link: open the customer-add modal */
  | { type: 'customerAdd.requested' }
  | { type: 'toast.show'; toast: ToastRequest };

const emptyPart = <Row, Key extends string>(sort: Sort<Key>): SearchPart<Row, Key> => ({
  term: '',
  searchedTerm: null,
  rows: [],
  page: 0,
  sort,
});

/** the rows in the answer of a search request: the done event is not one of the machine's own events, hence the cast */
const foundRows = <Row>(event: unknown): Row[] => (event as DoneActorEvent<{ value: Row[] }>).output.value;

const deadToast: ToastRequest = { toastType: 'error', messageKey: 'error.axapta.dead' };
const serverErrorToast: ToastRequest = { toastType: 'error', messageKey: 'error.server' };

const tell = reporter<CustomerSearchContext, CustomerSearchEvent, CustomerSearchEmitted>();

const customerSearchSetup = setup({
  types: {
    context: {} as CustomerSearchContext,
    events: {} as CustomerSearchEvent,
    emitted: {} as CustomerSearchEmitted,
  },
  actors: {
    /** true when the accounting system (AXAPTA) is alive: GET context/checkDeadApplications, or the session's deadApplications */
    checkAccountingAlive: notProvided<boolean, void>('checkAccountingAlive'),
    /** POST customer-search/customer { value: term } → { value: CustomerSearchItem[] } */
    searchCustomers: notProvided<{ value: CustomerRow[] }, { value: string }>('searchCustomers'),
    /** POST customer-search/user { value: term } → { value: UserSearchItem[] } */
    searchUsers: notProvided<{ value: UserRow[] }, { value: string }>('searchUsers'),
  },
  guards: {
    isCustomerTermValid: ({ context }) => isSearchTermValid(context.customers.term),
    isUserTermValid: ({ context }) => isSearchTermValid(context.users.term),
    isAlive: (_, p: { alive: boolean }) => p.alive,
  },
  actions: {
    setCustomerTerm: assign(({ context, event }) =>
      event.type === 'customers.type' ? { customers: { ...context.customers, term: event.term } } : {},
    ),
    setUserTerm: assign(({ context, event }) =>
      event.type === 'users.type' ? { users: { ...context.users, term: event.term } } : {},
    ),
    /** the answer of searchCustomers (the done event that runs this) */
    showCustomers: assign(({ context, event }) => ({
      customers: {
        ...context.customers,
        rows: foundRows<CustomerRow>(event),
        searchedTerm: context.customers.term.trim(),
        page: 0,
        sort: INITIAL_CUSTOMER_SORT,
      },
    })),
    /** the answer of searchUsers (the done event that runs this) */
    showUsers: assign(({ context, event }) => ({
      users: {
        ...context.users,
        rows: foundRows<UserRow>(event),
        searchedTerm: context.users.term.trim(),
        page: 0,
        sort: INITIAL_USER_SORT,
      },
    })),
    turnCustomerPage: assign(({ context, event }) =>
      event.type === 'customers.page'
        ? { customers: { ...context.customers, page: clampPage(event.page, context.customers.rows.length) } }
        : {},
    ),
    turnUserPage: assign(({ context, event }) =>
      event.type === 'users.page'
        ? { users: { ...context.users, page: clampPage(event.page, context.users.rows.length) } }
        : {},
    ),
    sortCustomers: assign(({ context, event }) =>
      event.type === 'customers.sort'
        ? { customers: { ...context.customers, sort: nextSort(context.customers.sort, event.key), page: 0 } }
        : {},
    ),
    sortUsers: assign(({ context, event }) =>
      event.type === 'users.sort'
        ? { users: { ...context.users, sort: nextSort(context.users.sort, event.key), page: 0 } }
        : {},
    ),
    openCustomer: tell(({ event }) => ({
      type: 'navigation.requested',
      target: {
        kind: 'path',
        path: `/settings/represented/${encodeURIComponent(event.type === 'customers.pick' ? event.id : '')}`,
      },
    })),
    openUser: tell(({ event }) => ({
      type: 'navigation.requested',
      target: {
        kind: 'path',
        path: `/user-settings/edit/${encodeURIComponent(event.type === 'users.pick' ? event.id : '')}`,
      },
    })),
    openCustomerAdd: tell(() => ({ type: 'customerAdd.requested' })),
    showAccountingDead: tell(() => ({ type: 'toast.show' as const, toast: deadToast })),
    showServerError: tell(() => ({ type: 'toast.show' as const, toast: serverErrorToast })),
  },
});

/** What differs between the customer and the user search (their events are `customers.*` and `users.*`). */
const REGION = {
  customers: {
    /** the words the descriptions use for this search */
    noun: 'customer',
    busy: 'customersBusy',
    isTermValid: 'isCustomerTermValid',
    checkId: 'checkAccountingForCustomers',
    search: 'searchCustomers',
    setTerm: 'setCustomerTerm',
    show: 'showCustomers',
    turnPage: 'turnCustomerPage',
    sort: 'sortCustomers',
    pick: 'openCustomer',
  },
  users: {
    noun: 'user',
    busy: 'usersBusy',
    isTermValid: 'isUserTermValid',
    checkId: 'checkAccountingForUsers',
    search: 'searchUsers',
    setTerm: 'setUserTerm',
    show: 'showUsers',
    turnPage: 'turnUserPage',
    sort: 'sortUsers',
    pick: 'openUser',
  },
} as const;

/**
 * One search (customers or users): typing keeps the term; a valid term first asks whether the accounting
 * system is alive, then searches; paging, sorting and picking work on the rows of the last search.
 */
function searchRegion(part: keyof typeof REGION, description: string) {
  const r = REGION[part];
  /** `<part>.<name>`, checked against the machine's events */
  const partEvent = (name: 'type' | 'search' | 'page' | 'sort' | 'pick'): CustomerSearchEvent['type'] =>
    `${part}.${name}`;
  return customerSearchSetup.createStateConfig({
    description,
    on: {
      [partEvent('type')]: {
        actions: r.setTerm,
        description: `Types in the ${r.noun} search box`,
      },
    },
    initial: 'ready',
    states: {
      ready: {
        description: `The ${r.noun} search box and the results of the last search, if any.`,
        on: {
          [partEvent('search')]: {
            guard: r.isTermValid,
            target: 'checkingAccounting',
            description: `Presses Search (or Enter) in the ${r.noun} search, if at least 3 characters were typed`,
          },
          [partEvent('page')]: { actions: r.turnPage, description: `Turns to another page of the ${r.noun} results` },
          [partEvent('sort')]: {
            actions: r.sort,
            description: `Clicks a column heading: the ${r.noun} results are sorted by it`,
          },
          [partEvent('pick')]: {
            actions: r.pick,
            description: `Clicks a ${r.noun} in the results: their settings page opens`,
          },
        },
      },
      checkingAccounting: {
        tags: [r.busy],
        description: 'The portal checks that the accounting system is up before searching.',
        invoke: {
          id: r.checkId,
          src: 'checkAccountingAlive',
          onDone: [
            {
              guard: { type: 'isAlive', params: ({ event }) => ({ alive: event.output }) },
              target: 'searching',
              description: 'The accounting system is up',
            },
            {
              target: 'ready',
              actions: 'showAccountingDead',
              description: 'The accounting system is down: an error message shows and nothing is searched',
            },
          ],
          onError: {
            target: 'ready',
            actions: 'showServerError',
            description: 'The server does not answer: an error message shows',
          },
        },
      },
      searching: {
        tags: [r.busy],
        description: `The portal searches for ${r.noun}s; the search button waits.`,
        invoke: {
          id: r.search,
          src: r.search,
          input: ({ context }) => ({ value: context[part].term.trim() }),
          onDone: {
            target: 'ready',
            actions: r.show,
            description: `The server answers: the matching ${r.noun}s show, 20 to a page`,
          },
          onError: {
            target: 'ready',
            actions: 'showServerError',
            description: 'The server does not answer: an error message shows',
          },
        },
      },
    },
  });
}

export const customerSearchMachine = customerSearchSetup.createMachine({
  id: 'customerSearch',
  description:
    'Staff search for customers and for users on one page, open what they find, or add a new customer; each works only while the accounting system is up.',
  context: { customers: emptyPart(INITIAL_CUSTOMER_SORT), users: emptyPart(INITIAL_USER_SORT) },
  type: 'parallel',
  states: {
    customers: searchRegion(
      'customers',
      'The customer search: name, registry code, accounting code and country, 20 to a page, sorted by name.',
    ),

    users: searchRegion(
      'users',
      'The user search: first and last name, personal code, country and status, 20 to a page, sorted by last name.',
    ),

    adding: {
      description: "The 'Add new customer' link, which opens Add customer while the accounting system is up.",
      initial: 'idle',
      states: {
        idle: {
          description: "The 'Add new customer' link is shown.",
          on: { 'customerSearch.add': { target: 'checkingAccounting', description: "Clicks 'Add new customer'" } },
        },
        checkingAccounting: {
          description: 'The portal checks that the accounting system is up before opening Add customer.',
          invoke: {
            id: 'checkAccountingForAdding',
            src: 'checkAccountingAlive',
            onDone: [
              {
                guard: { type: 'isAlive', params: ({ event }) => ({ alive: event.output }) },
                target: 'idle',
                actions: 'openCustomerAdd',
                description: 'The accounting system is up: Add customer opens',
              },
              {
                target: 'idle',
                actions: 'showAccountingDead',
                description: 'The accounting system is down: an error message shows',
              },
            ],
            onError: {
              target: 'idle',
              actions: 'showServerError',
              description: 'The server does not answer: an error message shows',
            },
          },
        },
      },
    },
  },
});

export type CustomerSearchActor = ActorRefFrom<typeof customerSearchMachine>;
