/**
 * The customer-add modal's flow (systemId `customerAddModal`), a child of the portal: it ties the modal to the
 * customer-add flow (machines/customerAdd.machine.ts). The flow's logic is a chunk of its own (spec 1 §2: the
 * modal's content loads when it is first opened), so the first opening loads it; from then on the flow runs as a
 * child (systemId `customerAdd`), told when the modal opens and closes. When it added a customer or rights, the
 * person's details reload before the modal closes (spec 1 §4 customer-add step 9: the header and the dashboard show
 * the new customer at once). What the flow reports for the whole portal (toasts, navigation, log lines) goes on.
 * When the back office goes down while the modal is open, the flow closes as if the person had closed it (spec 1 §8:
 * add-customer is gated), so the modal closes and what was typed waits in the flow for the next opening.
 */
import { assign, enqueueActions, setup, type AnyActorLogic } from 'xstate';
import type { UserContext } from '../domain/contract';
import type { CustomerAddActor } from './customerAdd.machine';
import { notProvided } from '../domain/not-provided';
import { report, reporter, ownId } from '../domain/report';
import type { NavTarget } from '../domain/rights';
import type { Warning } from '../domain/shell-events';
import { SYSTEM_ID } from '../domain/system-ids';
import type { ToastRequest } from './toasts.machine';

/** Who opened the modal and where the flow returns to (customer-add step 8's `returnUrl`). */
export interface CustomerAddOpening {
  privileges: string[];
  representativeId: string;
  returnUrl: string;
}

export interface CustomerAddModalContext {
  /** the flow, once its logic has loaded */
  flow: CustomerAddActor | null;
  /** the opening that waits for the flow to load */
  opening: CustomerAddOpening | null;
  /** the flow that ended last signed a contract (the person is on its page in the account service) */
  signed: boolean;
}

type ForPortal =
  { type: 'toast.show'; toast: ToastRequest } | { type: 'navigation.requested'; target: NavTarget } | Warning;

export type CustomerAddModalEvent =
  /** from the portal: the modal is on screen, or closed */
  | ({ type: 'customerAddModal.opened' } & CustomerAddOpening)
  | { type: 'customerAddModal.closed' }
  /** from the portal: the back office (AXAPTA) went down, which gates adding a customer (spec 1 §8) */
  | { type: 'customerAddModal.backOfficeDown' }
  /** from the flow */
  | { type: 'customerAdd.finished'; created: boolean; signed: boolean }
  | ForPortal;

export type CustomerAddModalEmitted =
  | ForPortal
  /** the flow is over: the modal closes; `context` is the reloaded person's details, when they reloaded */
  | { type: 'customerAdd.done'; created: boolean; signed: boolean; context: UserContext | null };

/** What this machine tells the flow (machines/customerAdd.machine.ts). */
type FlowCommand =
  | ({ type: 'customerAdd.open' } & CustomerAddOpening)
  | { type: 'customerAdd.close' }
  | { type: 'customerAdd.backOfficeDown' };

const tell = reporter<CustomerAddModalContext, CustomerAddModalEvent, CustomerAddModalEmitted>();

export const customerAddModalMachine = setup({
  types: {
    context: {} as CustomerAddModalContext,
    events: {} as CustomerAddModalEvent,
    emitted: {} as CustomerAddModalEmitted,
  },
  actors: {
    /** the customer-add flow's logic with its effects, and its input (its chunk) */
    loadCustomerAdd: notProvided<{ logic: AnyActorLogic; input: unknown }>('loadCustomerAdd'),
    /** GET context/getUserContext */
    reloadUserContext: notProvided<UserContext>('reloadUserContext'),
  },
  actions: {
    rememberOpening: assign((_, p: { opening: CustomerAddOpening }) => p),
    startFlow: assign({
      flow: ({ spawn }, p: { logic: AnyActorLogic; input: unknown }) =>
        spawn(p.logic, { systemId: SYSTEM_ID.customerAdd, input: p.input, ...ownId(SYSTEM_ID.customerAdd) }),
    }),
    tellFlow: enqueueActions(({ context, enqueue }, p: { event: FlowCommand }) => {
      if (context.flow) enqueue.sendTo(context.flow, p.event);
    }),
    passOn: enqueueActions(({ enqueue, self }, p: { event: ForPortal }) => report(enqueue, self, p.event)),
    done: tell(({ context }, p: { created: boolean; context: UserContext | null }) => ({
      type: 'customerAdd.done',
      created: p.created,
      signed: p.created && context.signed,
      context: p.context,
    })),
    rememberSigned: assign((_, p: { signed: boolean }) => p),
  },
  guards: {
    created: (_, p: { created: boolean }) => p.created,
  },
}).createMachine({
  id: 'customerAddModal',
  description:
    'The customer-add modal and its flow: the flow loads when the modal first opens, runs while it is open, and the person’s details reload when it added a customer.',
  context: { flow: null, opening: null, signed: false },
  initial: 'notLoaded',
  on: {
    'toast.show': {
      actions: { type: 'passOn', params: ({ event }) => ({ event }) },
      description: 'The flow has a message for the person: the portal shows it',
    },
    'navigation.requested': {
      actions: { type: 'passOn', params: ({ event }) => ({ event }) },
      description: 'The flow goes elsewhere (the new customer’s page): the portal takes the person there',
    },
    warning: {
      actions: { type: 'passOn', params: ({ event }) => ({ event }) },
      description: 'Something failed in the flow that is only logged: the portal logs it',
    },
  },
  states: {
    notLoaded: {
      description: 'The modal has not opened in this page load: its flow is not here yet.',
      on: {
        'customerAddModal.opened': {
          target: 'loading',
          actions: { type: 'rememberOpening', params: ({ event: { type: _, ...opening } }) => ({ opening }) },
          description: 'The modal opens for the first time: its flow loads',
        },
      },
    },
    loading: {
      description: 'The flow loads; the modal shows its loading message.',
      invoke: {
        id: 'loadCustomerAdd',
        src: 'loadCustomerAdd',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'startFlow', params: ({ event }) => event.output },
            {
              type: 'tellFlow',
              params: ({ context }) => ({ event: { ...context.opening!, type: 'customerAdd.open' } }),
            },
          ],
          description: 'The flow has loaded: it starts, for the person who opened the modal',
        },
        onError: {
          target: 'notLoaded',
          actions: {
            type: 'passOn',
            params: ({ event }) => ({
              event: { type: 'warning' as const, code: 'customerAdd.loadFailed', detail: event.error },
            }),
          },
          description: 'The flow cannot be loaded: the failure is logged, and the next opening tries again',
        },
      },
      on: {
        'customerAddModal.backOfficeDown': {
          target: 'notLoaded',
          actions: { type: 'done', params: { created: false, context: null } },
          description: 'The back office goes down while the flow loads: the modal closes, the next opening loads it',
        },
      },
    },
    ready: {
      description: 'The flow is here; it runs while the modal is open.',
      initial: 'running',
      on: {
        'customerAddModal.opened': {
          actions: {
            type: 'tellFlow',
            params: ({ event: { type: _, ...opening } }) => ({ event: { type: 'customerAdd.open', ...opening } }),
          },
          description: 'The modal opens again: the flow starts afresh',
        },
        'customerAddModal.closed': {
          actions: { type: 'tellFlow', params: { event: { type: 'customerAdd.close' } } },
          description: 'The modal is closed (by the person, or by the portal): the flow stops every request',
        },
        'customerAddModal.backOfficeDown': {
          actions: { type: 'tellFlow', params: { event: { type: 'customerAdd.backOfficeDown' } } },
          description:
            'The back office goes down: an open flow closes, keeping what was typed, and its end closes the modal',
        },
      },
      states: {
        running: {
          description: 'The flow waits for the modal, or runs in it.',
          on: {
            'customerAdd.finished': [
              {
                guard: { type: 'created', params: ({ event }) => event },
                target: 'reloadingContext',
                actions: { type: 'rememberSigned', params: ({ event }) => event },
                description: 'A customer or rights were added: the person’s details reload before the modal closes',
              },
              {
                actions: { type: 'done', params: { created: false, context: null } },
                description: 'The flow ended without adding anything: the modal closes',
              },
            ],
          },
        },
        reloadingContext: {
          description: 'The person’s details reload, so the new customer shows at once.',
          invoke: {
            id: 'reloadUserContext',
            src: 'reloadUserContext',
            onDone: {
              target: 'running',
              actions: { type: 'done', params: ({ event }) => ({ created: true, context: event.output }) },
              description: 'The details are here: the modal closes and the portal shows the new customer',
            },
            onError: {
              target: 'running',
              actions: { type: 'done', params: { created: true, context: null } },
              description: 'The details cannot be reloaded: the modal closes anyway',
            },
          },
        },
      },
    },
  },
});
