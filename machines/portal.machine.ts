/**
 * The portal: the root of the actor system (systemId `portal`). It owns the long-lived actors, the `pages` actor and
 * the customer-add modal's flow as children; what one actor must tell another passes here as a described transition
 * (a child reports, domain/report.ts; this machine decides whom it concerns), so the flows between machines are
 * drawn in the flow book, walked by the model paths and watched in the inspector. Browser effects come from src/app/.
 */
import { assign, forwardTo, sendTo, setup, type ActorRefFrom } from 'xstate';
import { pageView, tracksPageViews, type PageView } from '../domain/analytics';
import type { Domain, UserContext } from '../domain/contract';
import type { PortalContext, PortalEvent, PortalInput, RouteOnScreen } from './portal.types';
import { choiceRequiredByContext, isAddCustomerModalName, isAxaptaDead, type NavTarget } from '../domain/rights';
import { showsAuthError } from '../domain/session/rules';
import { SYSTEM_ID } from '../domain/system-ids';
import type { ContextReplaced, RepresenteeChange } from '../domain/shell-events';
import { addedCustomer, CUSTOMER_ADD_COMPONENT, OPEN_CUSTOMER_ADD, signedContract } from '../domain/pages';
import { notProvidedAction } from '../domain/not-provided';
import { deadApplicationPollMachine } from './deadApplicationPoll.machine';
import { modalMachine } from './modal.machine';
import { navigationMachine } from './navigation.machine';
import { customerAddModalMachine } from './customerAddModal.machine';
import { pagesMachine } from './pages.machine';
import { representedChangeMachine } from './representedChange.machine';
import { representedChoiceMachine } from './representedChoice.machine';
import { representedDetailsMachine } from './representedDetails.machine';
import { sessionMachine } from './session.machine';
import { sidePanelMachine } from './sidePanel.machine';
import { toastsMachine, type ToastRequest } from './toasts.machine';

/** spec 1 §8 "Authorization failure": error.auth, except on the home page */
const AUTH_ERROR = { type: 'showToast', params: { toast: { toastType: 'error', messageKey: 'error.auth' } } } as const;
/** spec 1 §4 role validity: the right to act for the chosen party has ended (contract RIGHT_ENDED) */
/** spec 1 §8 "Back-office system dead": error.axapta.dead */
const AXAPTA_DEAD = {
  type: 'showToast',
  params: { toast: { toastType: 'error', messageKey: 'error.axapta.dead' } },
} as const;
const RIGHT_ENDED = {
  type: 'showToast',
  params: { toast: { toastType: 'error', messageKey: 'error.rightEnded' } },
} as const;

/**
 * The root's children, declared once: each id (also its systemId, SYSTEM_ID) with its logic. The invokes below start
 * them, `PortalChildren` types them, src/app/portal.ts hands the long-lived ones to the views, and the model's
 * stand-ins replace them, all by these names.
 */
const CHILDREN = {
  session: sessionMachine,
  navigation: navigationMachine,
  toasts: toastsMachine,
  modals: modalMachine,
  sidePanel: sidePanelMachine,
  representedChoice: representedChoiceMachine,
  representedChange: representedChangeMachine,
  /** the one child not invoked for the root's whole life: only while someone is signed in */
  representedDetails: representedDetailsMachine,
  deadApplicationPoll: deadApplicationPollMachine,
  pages: pagesMachine,
  customerAddModal: customerAddModalMachine,
};
export type PortalChildId = keyof typeof CHILDREN;
/** The root's invoked children, by id: each id is also the name of its logic. */
export type PortalChildren = { [K in PortalChildId]: K };
/** The children the root runs for its whole life: started with it, read by the views (src/app/portal.ts). */
export const LONG_LIVED_CHILDREN = [
  'session',
  'navigation',
  'toasts',
  'modals',
  'sidePanel',
  'representedChoice',
  'representedChange',
  'deadApplicationPoll',
  'pages',
  'customerAddModal',
] as const satisfies Exclude<PortalChildId, 'representedDetails'>[];
/** The long-lived children's actors, by id. */
export type PortalActors = { [K in (typeof LONG_LIVED_CHILDREN)[number]]: ActorRefFrom<(typeof CHILDREN)[K]> };

/** The portal as its actions see it: its session child, which alone keeps the person's details. */
interface WithSession {
  // a snapshot computed apart from a running actor (the model paths) has no children
  getSnapshot(): { children?: { session?: ActorRefFrom<typeof sessionMachine> } } | undefined;
}
/** The session's details now (the portal keeps no copy): read when the portal passes them on. */
function sessionOf(self: WithSession): { userContext: UserContext | null; domain: Domain } {
  const session = self.getSnapshot()?.children?.session?.getSnapshot().context;
  return { userContext: session?.userContext ?? null, domain: session?.domain ?? 'EE' };
}
/**
 * The details of the person signed in, what the choice of whom to represent is told with. Its machine takes them only
 * while someone is signed in (signed out, it has been reset and ignores them).
 */
const signedInContext = (self: WithSession): UserContext => sessionOf(self).userContext!;

export const portalMachine = setup({
  types: {
    context: {} as PortalContext,
    events: {} as PortalEvent,
    input: {} as PortalInput,
    children: {} as PortalChildren,
  },
  actors: CHILDREN,
  actions: {
    /** the router: an in-app path, a full page load, home, the dashboard, a reload of the route */
    navigate: notProvidedAction<{ target: NavTarget }>('navigate'),
    /** spec 1 §8: what is "only logged" */
    logWarning: notProvidedAction<{ code: string; detail: unknown }>('logWarning'),
    /** spec 1 §4: the REPRESENTEE-CHANGE DOM event, for other scripts on the page */
    announceRepresenteeChange: notProvidedAction<{ cause: 'RC' | 'SC' }>('announceRepresenteeChange'),
    /** the security service's sign-on page, coming back to the page on screen */
    redirectToSignOn: notProvidedAction('redirectToSignOn'),
    /** spec 1 §9: one page view to the analytics endpoint */
    trackPageView: notProvidedAction<PageView>('trackPageView'),
    /** whether the details the session now has say the back office is down (spec 1 §8) */
    noteBackOffice: assign((_, { userContext }: { userContext: UserContext }) => ({
      backOfficeDown: isAxaptaDead(userContext),
    })),
    forgetBackOffice: assign({ backOfficeDown: false }),
    /** the session takes a changed user context (and reports it signed in with it) */
    handContextOn: sendTo(SYSTEM_ID.session, (_, p: { userContext: UserContext }) => ({
      type: 'session.contextReplaced' as const,
      userContext: p.userContext,
    })),
    rememberHref: assign((_, { href }: { href: string }) => ({ href })),
    /** where the root redirect goes once the party it asked for is switched (null: the page asking waits itself) */
    rememberAfterSwitch: assign((_, { afterSwitch }: Pick<PortalContext, 'afterSwitch'>) => ({ afterSwitch })),
    forgetAfterSwitch: assign({ afterSwitch: null }),
    /** the route on screen: what it does after a party switch (its declaration) */
    rememberRoute: assign((_, { route }: { route: RouteOnScreen }) => ({ afterPartySwitch: route.afterPartySwitch })),
    /** the open page hears where it is */
    tellPagesRoute: sendTo(SYSTEM_ID.pages, (_, { route }: { route: RouteOnScreen }) => ({
      type: 'pages.routeChanged' as const,
      external: route.external,
      hash: route.hash,
    })),
    showToast: sendTo(SYSTEM_ID.toasts, (_, p: { toast: ToastRequest }) => ({ type: 'toasts.show', ...p.toast })),
    stopPoll: sendTo(SYSTEM_ID.deadApplicationPoll, { type: 'poll.stop' }),
    resetChoice: sendTo(SYSTEM_ID.representedChoice, { type: 'session.signedOut' }),
    reloadSession: sendTo(SYSTEM_ID.session, { type: 'session.reload' }),
    openChoice: sendTo(SYSTEM_ID.representedChoice, { type: 'choice.open', path: '/dashboard' }),
  },
  guards: {
    axaptaNewlyDead: ({ context }, p: { context: UserContext }) => !context.backOfficeDown && isAxaptaDead(p.context),
    axaptaDead: ({ context }) => context.backOfficeDown,
    /** spec 1 §8: add-customer is gated while the back office is dead, also when the address names it */
    customerAddGated: ({ context }, p: { modalName: string }) =>
      isAddCustomerModalName(p.modalName) && context.backOfficeDown,
    isCustomerAdd: (_, p: { component: string }) => p.component === CUSTOMER_ADD_COMPONENT,
    tracksPageViews: ({ context }) => context.tracksPageViews,
    onPortalPage: ({ context }) => showsAuthError(`${context.baseUrl}${context.href ?? '/'}`, context.baseUrl),
    choiceRequired: (_, p: { userContext: UserContext }) => choiceRequiredByContext(p.userContext),
    /** the switch that ended is the one the root redirect asked for */
    goesOnAfterSwitch: ({ context }, p: { gid: string }) => context.afterSwitch?.gid === p.gid,
    staysAfterPartySwitch: ({ context }) => context.afterPartySwitch === 'stay',
  },
}).createMachine({
  id: 'portal',
  description: 'The portal as a whole: it passes what one part decides to the parts it concerns.',
  context: ({ input }) => ({
    backOfficeDown: false,
    href: null,
    afterSwitch: null,
    baseUrl: input.baseUrl,
    tracksPageViews: tracksPageViews(input.analytics),
    afterPartySwitch: 'home',
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
    'navigation.urlChanged': [
      {
        guard: 'tracksPageViews',
        actions: [
          { type: 'rememberHref', params: ({ event }) => event },
          { type: 'trackPageView', params: ({ event }) => pageView(event.routeId, event.component, event.href) },
        ],
        description: 'Another page is on screen, live and with consent: the portal remembers it and counts a view',
      },
      {
        actions: { type: 'rememberHref', params: ({ event }) => event },
        description: 'Another address is on screen: the portal remembers it',
        meta: { bookkeeping: true },
      },
    ],
    'context.replaced': [
      {
        guard: {
          type: 'axaptaNewlyDead',
          params: ({ event }: { event: ContextReplaced }) => ({ context: event.context }),
        },
        actions: [
          { type: 'noteBackOffice', params: ({ event }) => ({ userContext: event.context }) },
          { type: 'handContextOn', params: ({ event }) => ({ userContext: event.context }) },
          AXAPTA_DEAD,
          sendTo(SYSTEM_ID.customerAddModal, { type: 'customerAddModal.backOfficeDown' }),
        ],
        description:
          'New details say the back office went down: the session takes them, an error says so once, and an open customer-add modal closes (what was typed is kept)',
      },
      {
        actions: [
          { type: 'noteBackOffice', params: ({ event }) => ({ userContext: event.context }) },
          { type: 'handContextOn', params: ({ event }) => ({ userContext: event.context }) },
        ],
        description: "The person's details changed (another party, an application): the session takes them",
      },
    ],
    'REPRESENTEE-CHANGE': {
      actions: [
        { type: 'announceRepresenteeChange', params: ({ event }: { event: RepresenteeChange }) => event },
        sendTo(SYSTEM_ID.pages, ({ event, self }) => ({
          type: 'pages.representeeChanged' as const,
          cause: event.cause,
          userContext: sessionOf(self).userContext,
        })),
      ],
      description: 'The represented party changed: the open page reloads for it, other scripts hear of it',
    },
    'route.resolved': {
      actions: [
        { type: 'rememberRoute', params: ({ event }) => event },
        { type: 'tellPagesRoute', params: ({ event }) => event },
      ],
      description:
        'A page is on screen: the portal notes what it does after a party switch, the open page hears where it is',
    },
    'represented.changeRequested': [
      {
        guard: 'staysAfterPartySwitch',
        actions: sendTo(SYSTEM_ID.representedChange, ({ event }) => ({
          type: 'represented.change' as const,
          gid: event.gid,
          externalComponent: true,
        })),
        description:
          'The person picks another party on a page that stays (an application page): it reloads for the new party',
      },
      {
        actions: sendTo(SYSTEM_ID.representedChange, ({ event }) => ({
          type: 'represented.change' as const,
          gid: event.gid,
        })),
        description: 'The person picks another party on any other page: the home page opens for the new party',
      },
    ],
    'represented.switchRequested': {
      actions: [
        {
          type: 'rememberAfterSwitch',
          params: ({ event }) => ({ afterSwitch: 'then' in event ? { gid: event.gid, then: event.then } : null }),
        },
        sendTo(SYSTEM_ID.representedChange, ({ event }) => ({
          type: 'represented.change' as const,
          gid: event.gid,
          awaitsResult: true,
        })),
      ],
      description:
        "'Save and use' in the preferences, or the first page after a login following the preference: the portal acts for the preferred party, on the same page",
    },
    'represented.changed': [
      {
        guard: { type: 'goesOnAfterSwitch', params: ({ event }) => event },
        actions: [
          { type: 'navigate', params: ({ context }) => ({ target: context.afterSwitch!.then }) },
          'forgetAfterSwitch',
        ],
        description:
          'The party the preference names is switched: its preferred service opens (spec 1 §4 root redirect)',
      },
      {
        actions: sendTo(SYSTEM_ID.pages, ({ event }) => ({ type: 'pages.partySwitched', gid: event.gid, ok: true })),
        description: 'The party is switched: a page waiting for the switch goes on',
      },
    ],
    'represented.changeFailed': [
      {
        guard: { type: 'goesOnAfterSwitch', params: ({ event }) => event },
        actions: [
          { type: 'navigate', params: ({ context }) => ({ target: context.afterSwitch!.then }) },
          'forgetAfterSwitch',
        ],
        description:
          'The party the preference names cannot be switched (only logged): its preferred service opens all the same',
      },
      {
        actions: sendTo(SYSTEM_ID.pages, ({ event }) => ({ type: 'pages.partySwitched', gid: event.gid, ok: false })),
        description: 'The party cannot be switched: a page waiting for the switch says so',
      },
    ],
    'customerAdd.requested': [
      {
        guard: 'axaptaDead',
        actions: [
          AXAPTA_DEAD,
          sendTo(SYSTEM_ID.representedChoice, ({ self }) => ({
            type: 'customerAdd.closed' as const,
            created: false,
            context: signedInContext(self),
          })),
        ],
        description:
          'Someone asks to add a customer while the back office is down: the error shows and the modal stays shut (a choice waiting for it goes on)',
      },
      {
        actions: sendTo(SYSTEM_ID.modals, OPEN_CUSTOMER_ADD),
        description: 'Someone asks to add a customer: the customer-add modal opens',
      },
    ],
    'modal.openFromUrl': [
      {
        guard: { type: 'customerAddGated', params: ({ event }) => event },
        actions: AXAPTA_DEAD,
        description: 'The address names the customer-add modal while the back office is down: the error shows instead',
      },
      {
        actions: forwardTo(SYSTEM_ID.modals),
        description: 'The address names a modal: the modals open it',
      },
    ],
    'modal.opened': {
      guard: { type: 'isCustomerAdd', params: ({ event }) => event },
      actions: sendTo(SYSTEM_ID.customerAddModal, ({ context, self }) => ({
        type: 'customerAddModal.opened' as const,
        privileges: sessionOf(self).userContext?.privileges ?? [],
        representativeId: sessionOf(self).userContext?.epitPrincipal?.representative.id ?? '',
        returnUrl: `${context.baseUrl}${context.href ?? '/'}`,
      })),
      description: 'The customer-add modal is on screen: its flow starts, for this person, returning here',
    },
    'modal.closed': {
      guard: { type: 'isCustomerAdd', params: ({ event }) => event },
      actions: [
        sendTo(SYSTEM_ID.customerAddModal, { type: 'customerAddModal.closed' }),
        sendTo(SYSTEM_ID.representedChoice, ({ event, self }) => ({
          type: 'customerAdd.closed' as const,
          created: addedCustomer(event.result),
          signed: signedContract(event.result),
          context: signedInContext(self),
        })),
      ],
      description: 'The customer-add modal closed: its flow stops, the choice of whom to represent goes on',
    },
    'customerAdd.done': [
      {
        guard: ({ event }) => event.context !== null,
        actions: [
          { type: 'noteBackOffice', params: ({ event }) => ({ userContext: event.context! }) },
          { type: 'handContextOn', params: ({ event }) => ({ userContext: event.context! }) },
          sendTo(SYSTEM_ID.modals, ({ event }) => ({
            type: 'modal.close',
            result: { created: event.created, signed: event.signed },
          })),
        ],
        description: 'A customer was added: the reloaded details show it everywhere, and the modal closes',
      },
      {
        actions: sendTo(SYSTEM_ID.modals, ({ event }) => ({
          type: 'modal.close',
          result: { created: event.created, signed: event.signed },
        })),
        description: 'The customer-add flow ended without a new customer: the modal closes',
      },
    ],
    'signOn.required': {
      actions: 'redirectToSignOn',
      description:
        'The session ended while a form was open (its draft kept), or the person has signed on elsewhere already: the browser goes to sign on',
    },
  },
  states: {
    signedOut: {
      description: 'No one is signed in: the background checks are off.',
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            { type: 'noteBackOffice', params: ({ event }) => event },
            sendTo(SYSTEM_ID.deadApplicationPoll, { type: 'poll.start' }),
          ],
          description: 'The person is signed in: the portal starts checking whether applications went down',
        },
        'api.unauthorized': [
          {
            guard: 'onPortalPage',
            actions: [AUTH_ERROR, 'redirectToSignOn'],
            description: "A call is refused while signed out: 'Authorization error' shows, the sign-on page opens",
          },
          {
            actions: 'redirectToSignOn',
            description: 'A call is refused on the home page while no one is signed in: the sign-on page opens',
          },
        ],
        'api.rightEnded': {
          actions: RIGHT_ENDED,
          description:
            'The first load finds the right to act for the chosen party ended: a message says so; the session loads again, acting for no one, and the choice follows the first page',
        },
      },
    },
    signedIn: {
      description: 'The person is signed in; what they do passes between the parts of the portal.',
      // spec 1 §4 "Context changes": a business party's missing details are fetched, for as long as someone is signed in
      invoke: {
        id: SYSTEM_ID.representedDetails,
        systemId: SYSTEM_ID.representedDetails,
        src: 'representedDetails',
        // entered by the session's report that someone is signed in: its details are the first to look at
        input: ({ event }) => {
          if (event.type !== 'session.signedIn') throw new Error(`signed in by ${event.type}`);
          return { userContext: event.userContext };
        },
      },
      initial: 'awaitingFirstPage',
      on: {
        'session.signedIn': {
          actions: [
            { type: 'noteBackOffice', params: ({ event }) => event },
            sendTo(SYSTEM_ID.pages, ({ event }) => ({ type: 'pages.contextChanged', userContext: event.userContext })),
            forwardTo(SYSTEM_ID.representedDetails),
          ],
          description:
            "The person's details changed: the open page takes them, and a party's missing details are asked for",
        },
        'session.languageChanged': {
          actions: sendTo(SYSTEM_ID.pages, ({ event }) => ({
            type: 'pages.languageChanged',
            language: event.language,
          })),
          description: 'The person picks another language: the open page follows',
        },
        'session.signedOut': {
          target: 'signedOut',
          actions: ['forgetBackOffice', 'stopPoll', 'resetChoice'],
          description: 'The person is no longer signed in: the checks stop and the choice starts over',
        },
        'session.loggedOut': {
          target: 'signedOut',
          actions: [
            'forgetBackOffice',
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
        'api.rightEnded': {
          actions: [RIGHT_ENDED, 'reloadSession'],
          description:
            'A call finds the right to act for the chosen party ended before the first page: a message says so and the session loads again, acting for no one',
        },
      },
      states: {
        awaitingFirstPage: {
          description: 'The person has just signed in; the first page is on its way.',
          on: {
            'route.resolved': {
              target: 'choosing',
              actions: [
                { type: 'rememberRoute', params: ({ event }) => event },
                { type: 'tellPagesRoute', params: ({ event }) => event },
                sendTo(SYSTEM_ID.representedChoice, ({ event, self }) => ({
                  type: 'session.signedIn' as const,
                  context: signedInContext(self),
                  path: event.path,
                  params: event.params,
                  domain: sessionOf(self).domain,
                })),
              ],
              description:
                'The first page is on screen: the portal asks whom the person represents, unless it is known',
            },
          },
        },
        choosing: {
          description: 'The first page was on screen; the choice of whom to represent has been told.',
          on: {
            'api.rightEnded': {
              target: 'rightEnded',
              actions: [RIGHT_ENDED, 'reloadSession'],
              description:
                "A call finds the right to act for the chosen party ended (the server cleared it): a message says so and the session loads the person's details again",
            },
          },
        },
        rightEnded: {
          description:
            "The right to act for the party has ended: “Your right to represent the chosen customer has ended.” shows while the person's details load again, acting for no one.",
          on: {
            'session.signedIn': [
              {
                guard: { type: 'choiceRequired', params: ({ event }) => event },
                target: 'choosing',
                actions: [
                  { type: 'noteBackOffice', params: ({ event }) => event },
                  sendTo(SYSTEM_ID.pages, ({ event }) => ({
                    type: 'pages.contextChanged',
                    userContext: event.userContext,
                  })),
                  forwardTo(SYSTEM_ID.representedDetails),
                  { type: 'navigate', params: { target: { kind: 'dashboard' } } },
                  'openChoice',
                ],
                description:
                  'The details arrive: the party’s page (an application’s frame too) gives way to the main page, and the choice of whom to represent opens',
              },
              {
                target: 'choosing',
                actions: [
                  { type: 'noteBackOffice', params: ({ event }) => event },
                  sendTo(SYSTEM_ID.pages, ({ event }) => ({
                    type: 'pages.contextChanged',
                    userContext: event.userContext,
                  })),
                  forwardTo(SYSTEM_ID.representedDetails),
                  { type: 'navigate', params: { target: { kind: 'dashboard' } } },
                ],
                description:
                  'The details arrive and the person has no one to choose (staff, or private only): their own main page opens',
              },
            ],
            'api.rightEnded': {
              description: 'Another call was refused for the same reason: the message is already there',
            },
          },
        },
      },
    },
  },
});

export type PortalActor = ActorRefFrom<typeof portalMachine>;
