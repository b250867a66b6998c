/**
 * The portal: the root of the actor system (systemId `portal`). It owns the long-lived actors as invoked children
 * (the session, the navigation guard, the toasts, the modals, the side panel, the represented choice and change,
 * the dead-application poll), the `pages` actor (what a page needs while it shows) and the customer-add modal's flow.
 *
 * What one actor must tell another passes here, as a transition with a description: a child reports an event
 * (machines/lib/report.ts) and this machine decides whom it concerns, so the flows between machines are drawn in the
 * flow book (its system page), walked by the model paths and watched in the inspector like every other flow.
 * Browser effects (the router, the log, the REPRESENTEE-CHANGE DOM event, the sign-on redirect) are provided by src/app/.
 */
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Domain, UserContext } from './lib/contract';
import type { PortalContext, PortalEvent, PortalInput } from './lib/portal';
import { isAxaptaDead, type NavTarget } from './lib/rights';
import { showsAuthError } from './lib/session/rules';
import { SYSTEM_ID } from './lib/system-ids';
import type { ContextReplaced, RepresenteeChange } from './lib/shell-events';
import { addedCustomer, CUSTOMER_ADD_COMPONENT, OPEN_CUSTOMER_ADD } from './lib/pages';
import { notProvidedAction } from './lib/not-provided';
import { deadApplicationPollMachine } from './deadApplicationPoll.machine';
import { modalMachine } from './modal.machine';
import { navigationMachine } from './navigation.machine';
import { customerAddModalMachine } from './customerAddModal.machine';
import { pagesMachine } from './pages.machine';
import { representedChangeMachine } from './representedChange.machine';
import { representedChoiceMachine } from './representedChoice.machine';
import { sessionMachine } from './session.machine';
import { sidePanelMachine } from './sidePanel.machine';
import { toastsMachine, type ToastRequest } from './toasts.machine';

type SignedIn = { userContext: UserContext; domain: Domain };

/** spec 1 §8 "Authorization failure": error.auth, except on the home page */
const AUTH_ERROR = { type: 'showToast', params: { toast: { toastType: 'error', messageKey: 'error.auth' } } } as const;

export type { PortalBridgeEvent, PortalContext, PortalEvent, PortalInput } from './lib/portal';

export const portalMachine = setup({
  types: {
    context: {} as PortalContext,
    events: {} as PortalEvent,
    input: {} as PortalInput,
    children: {} as {
      session: 'session';
      navigation: 'navigation';
      toasts: 'toasts';
      modals: 'modals';
      sidePanel: 'sidePanel';
      representedChoice: 'representedChoice';
      representedChange: 'representedChange';
      deadApplicationPoll: 'deadApplicationPoll';
      pages: 'pages';
    },
  },
  actors: {
    session: sessionMachine,
    navigation: navigationMachine,
    toasts: toastsMachine,
    modals: modalMachine,
    sidePanel: sidePanelMachine,
    representedChoice: representedChoiceMachine,
    representedChange: representedChangeMachine,
    deadApplicationPoll: deadApplicationPollMachine,
    pages: pagesMachine,
    customerAddModal: customerAddModalMachine,
  },
  actions: {
    /** the router: an in-app path, a full page load, home, the dashboard, a reload of the route */
    navigate: notProvidedAction<{ target: NavTarget }>('navigate'),
    /** spec 1 §8: what is "only logged" */
    logWarning: notProvidedAction<{ code: string; detail: unknown }>('logWarning'),
    /** spec 1 §4: the REPRESENTEE-CHANGE DOM event, for other scripts on the page */
    announceRepresenteeChange: notProvidedAction<{ cause: 'RC' | 'SC' }>('announceRepresenteeChange'),
    /** the security service's sign-on page, coming back to the page on screen */
    redirectToSignOn: notProvidedAction('redirectToSignOn'),
    rememberSession: assign((_, p: SignedIn) => ({ userContext: p.userContext, domain: p.domain })),
    forgetSession: assign({ userContext: null }),
    rememberContext: assign((_, { userContext }: { userContext: UserContext }) => ({ userContext })),
    /** the session takes a changed user context (and reports it signed in with it) */
    handContextOn: sendTo(SYSTEM_ID.session, (_, p: { userContext: UserContext }) => ({
      type: 'session.contextReplaced' as const,
      userContext: p.userContext,
    })),
    rememberHref: assign((_, { href }: { href: string }) => ({ href })),
    showToast: sendTo(SYSTEM_ID.toasts, (_, p: { toast: ToastRequest }) => ({ type: 'toasts.show', ...p.toast })),
    stopPoll: sendTo(SYSTEM_ID.deadApplicationPoll, { type: 'poll.stop' }),
    resetChoice: sendTo(SYSTEM_ID.representedChoice, { type: 'session.signedOut' }),
  },
  guards: {
    axaptaNewlyDead: ({ context }, p: { context: UserContext }) =>
      !isAxaptaDead(context.userContext) && isAxaptaDead(p.context),
    isCustomerAdd: (_, p: { component: string }) => p.component === CUSTOMER_ADD_COMPONENT,
    onPortalPage: ({ context }) => showsAuthError(`${context.baseUrl}${context.href ?? '/'}`, context.baseUrl),
  },
}).createMachine({
  id: 'portal',
  description:
    'The portal as a whole: who is signed in, whom they act for, what the page shows; it passes what one part decides to the parts it concerns.',
  context: ({ input }) => ({
    userContext: null,
    domain: 'EE',
    href: null,
    baseUrl: input.baseUrl,
    start: { session: input.session, drafts: input.drafts },
  }),
  invoke: [
    {
      id: SYSTEM_ID.session,
      systemId: SYSTEM_ID.session,
      src: 'session',
      input: ({ context }) => context.start.session,
    },
    { id: SYSTEM_ID.navigation, systemId: SYSTEM_ID.navigation, src: 'navigation' },
    { id: SYSTEM_ID.toasts, systemId: SYSTEM_ID.toasts, src: 'toasts' },
    { id: SYSTEM_ID.modals, systemId: SYSTEM_ID.modals, src: 'modals' },
    { id: SYSTEM_ID.sidePanel, systemId: SYSTEM_ID.sidePanel, src: 'sidePanel' },
    { id: SYSTEM_ID.representedChoice, systemId: SYSTEM_ID.representedChoice, src: 'representedChoice' },
    { id: SYSTEM_ID.representedChange, systemId: SYSTEM_ID.representedChange, src: 'representedChange' },
    { id: SYSTEM_ID.deadApplicationPoll, systemId: SYSTEM_ID.deadApplicationPoll, src: 'deadApplicationPoll' },
    {
      id: SYSTEM_ID.pages,
      systemId: SYSTEM_ID.pages,
      src: 'pages',
      input: ({ context }) => ({ drafts: context.start.drafts }),
    },
    { id: SYSTEM_ID.customerAddModal, systemId: SYSTEM_ID.customerAddModal, src: 'customerAddModal' },
  ],
  initial: 'signedOut',
  on: {
    'toast.show': {
      actions: { type: 'showToast', params: ({ event }) => event },
      description: 'A part of the portal has a message for the person: the toasts show it',
    },
    warning: {
      actions: { type: 'logWarning', params: ({ event }) => event },
      description: 'Something failed that the spec says is only logged: the portal logs it',
    },
    'navigation.requested': {
      actions: { type: 'navigate', params: ({ event }) => event },
      description: 'A part of the portal decides to go elsewhere: the router takes the person there',
    },
    'navigation.urlChanged': {
      actions: { type: 'rememberHref', params: ({ event }) => event },
      description: 'Another address is on screen: the portal remembers it',
      meta: { bookkeeping: true },
    },
    'context.replaced': [
      {
        guard: {
          type: 'axaptaNewlyDead',
          params: ({ event }: { event: ContextReplaced }) => ({ context: event.context }),
        },
        actions: [
          { type: 'rememberContext', params: ({ event }) => ({ userContext: event.context }) },
          { type: 'handContextOn', params: ({ event }) => ({ userContext: event.context }) },
          { type: 'showToast', params: { toast: { toastType: 'error', messageKey: 'error.axapta.dead' } } },
        ],
        description:
          "The person's details changed and say the back office went down: the session takes them and an error says so once",
      },
      {
        actions: [
          { type: 'rememberContext', params: ({ event }) => ({ userContext: event.context }) },
          { type: 'handContextOn', params: ({ event }) => ({ userContext: event.context }) },
        ],
        description:
          "The person's details changed (another party, an application back or down): the session takes them",
      },
    ],
    'REPRESENTEE-CHANGE': {
      actions: [
        { type: 'announceRepresenteeChange', params: ({ event }: { event: RepresenteeChange }) => event },
        sendTo(SYSTEM_ID.pages, ({ context, event }) => ({
          type: 'pages.representeeChanged' as const,
          cause: event.cause,
          userContext: context.userContext,
        })),
      ],
      description:
        'The represented party or its context changed: the open page reloads for it, other scripts hear of it',
    },
    'represented.switchRequested': {
      actions: sendTo(SYSTEM_ID.representedChange, ({ event }) => ({
        type: 'represented.change' as const,
        gid: event.gid,
        awaitsResult: true,
      })),
      description: "'Save and use' in the preferences: the portal acts for the preferred party, on the same page",
    },
    'represented.changed': {
      actions: sendTo(SYSTEM_ID.pages, ({ event }) => ({ type: 'pages.partySwitched', gid: event.gid, ok: true })),
      description: 'The party is switched: a page waiting for the switch goes on',
    },
    'represented.changeFailed': {
      actions: sendTo(SYSTEM_ID.pages, ({ event }) => ({ type: 'pages.partySwitched', gid: event.gid, ok: false })),
      description: 'The party cannot be switched: a page waiting for the switch says so',
    },
    'menu.reselect': {
      actions: sendTo(SYSTEM_ID.sidePanel, { type: 'represented.changed' }),
      description: 'The party changed: the side menu selects its entry again',
    },
    'customerAdd.requested': {
      actions: sendTo(SYSTEM_ID.modals, OPEN_CUSTOMER_ADD),
      description: 'Someone asks to add a customer: the customer-add modal opens',
    },
    'modal.opened': {
      guard: { type: 'isCustomerAdd', params: ({ event }) => event },
      actions: sendTo(SYSTEM_ID.customerAddModal, ({ context }) => ({
        type: 'customerAddModal.opened' as const,
        privileges: context.userContext?.privileges ?? [],
        representativeId: context.userContext?.epitPrincipal?.representative.id ?? '',
        returnUrl: `${context.baseUrl}${context.href ?? '/'}`,
      })),
      description: 'The customer-add modal is on screen: its flow starts, for this person, returning here',
    },
    'modal.closed': {
      guard: { type: 'isCustomerAdd', params: ({ event }) => event },
      actions: [
        sendTo(SYSTEM_ID.customerAddModal, { type: 'customerAddModal.closed' }),
        sendTo(SYSTEM_ID.representedChoice, ({ context, event }) => ({
          type: 'customerAdd.closed' as const,
          created: addedCustomer(event.result),
          context: context.userContext!,
        })),
      ],
      description:
        'The customer-add modal closed: its flow stops, and the choice of whom to represent goes on (with the new customer, if one was added)',
    },
    'customerAdd.done': [
      {
        guard: ({ event }) => event.context !== null,
        actions: [
          { type: 'rememberContext', params: ({ event }) => ({ userContext: event.context! }) },
          { type: 'handContextOn', params: ({ event }) => ({ userContext: event.context! }) },
          sendTo(SYSTEM_ID.modals, ({ event }) => ({ type: 'modal.close', result: { created: event.created } })),
        ],
        description:
          'A customer was added and the person’s details reloaded: the header and the dashboard show the new customer, and the modal closes',
      },
      {
        actions: sendTo(SYSTEM_ID.modals, ({ event }) => ({ type: 'modal.close', result: { created: event.created } })),
        description: 'The customer-add flow ended without a new customer: the modal closes',
      },
    ],
    'signOn.required': {
      actions: 'redirectToSignOn',
      description: 'The session ended while a form was open (its draft kept): the person signs on again',
    },
  },
  states: {
    signedOut: {
      description: 'No one is signed in: the background checks are off.',
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            { type: 'rememberSession', params: ({ event }) => event },
            sendTo(SYSTEM_ID.deadApplicationPoll, { type: 'poll.start' }),
          ],
          description: 'The person is signed in: the portal starts checking whether applications went down',
        },
        'api.unauthorized': [
          {
            guard: 'onPortalPage',
            actions: [AUTH_ERROR, 'redirectToSignOn'],
            description:
              "A call is refused while no one is signed in: 'Authorization error' shows and the sign-on page opens",
          },
          {
            actions: 'redirectToSignOn',
            description: 'A call is refused on the home page while no one is signed in: the sign-on page opens',
          },
        ],
      },
    },
    signedIn: {
      description: 'The person is signed in; what they do passes between the parts of the portal.',
      initial: 'awaitingFirstPage',
      on: {
        'session.signedIn': {
          actions: [
            { type: 'rememberSession', params: ({ event }) => event },
            sendTo(SYSTEM_ID.pages, ({ event }) => ({ type: 'pages.contextChanged', userContext: event.userContext })),
          ],
          description: "The person's details changed: the open page takes them",
        },
        'session.languageChanged': {
          actions: [
            sendTo(SYSTEM_ID.sidePanel, { type: 'language.changed', signedIn: true }),
            sendTo(SYSTEM_ID.pages, ({ event }) => ({ type: 'pages.languageChanged', language: event.language })),
          ],
          description: 'The person picks another language: the side menu and the open page follow',
        },
        'session.signedOut': {
          target: 'signedOut',
          actions: ['forgetSession', 'stopPoll', 'resetChoice'],
          description: 'The person is no longer signed in: the checks stop and the choice starts over',
        },
        'session.loggedOut': {
          target: 'signedOut',
          actions: [
            'forgetSession',
            'stopPoll',
            'resetChoice',
            sendTo(SYSTEM_ID.modals, { type: 'modal.closeAll' }),
            sendTo(SYSTEM_ID.pages, { type: 'pages.loggedOut' }),
          ],
          description: 'The person logs out: the checks stop, the modals close and the kept drafts are dropped',
        },
        'api.unauthorized': [
          {
            guard: 'onPortalPage',
            actions: [AUTH_ERROR, { type: 'navigate', params: { target: { kind: 'home' } } }],
            description: "A call is refused while signed in: 'Authorization error' shows and the home page opens",
          },
          {
            actions: { type: 'navigate', params: { target: { kind: 'home' } } },
            description: 'A call is refused on the home page while signed in: the home page opens again',
          },
        ],
      },
      states: {
        awaitingFirstPage: {
          description: 'The person has just signed in; the first page is on its way.',
          on: {
            'route.resolved': {
              target: 'choosing',
              actions: sendTo(SYSTEM_ID.representedChoice, ({ context, event }) => ({
                type: 'session.signedIn' as const,
                context: context.userContext!,
                path: event.path,
                params: event.params,
                domain: context.domain,
              })),
              description:
                'The first page is on screen: the portal asks whom the person represents, unless it is known',
            },
          },
        },
        choosing: {
          description: 'The first page was on screen; the choice of whom to represent has been told.',
        },
      },
    },
  },
});

export type PortalActor = ActorRefFrom<typeof portalMachine>;
export type PortalSnapshot = SnapshotFrom<typeof portalMachine>;
