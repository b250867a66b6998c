/**
 * The represented-choice modal flow (spec 1 §2 "Represented-choice modal", §4 "Login state", "Picking in the choice
 * modal", "Root redirect" (add-customer first), §8 "Represented change failure"; spec 2 §2 "Dashboards", §4).
 *
 * signedOut ── session.signedIn [principal, nothing represented, not IN_AD, no modalName] ──▶ open
 *           ├─ session.signedIn [same, modalName add-customer, AXAPTA alive] ──▶ waitingForCustomerAdd (customer-add
 *           │                                                                   shows first)
 *           ├─ session.signedIn [same, modalName add-customer, AXAPTA dead] ──▶ open (customer-add is gated)
 *           └─ session.signedIn [otherwise] ──▶ closed
 * closed ── choice.open ──▶ open (e.g. "choose representee" on the dashboard)
 * open: its `list` child (machines/choiceList.machine.ts) keeps the search and the page the views read
 * open.choosing ── choice.pick {gid} ──▶ open.changingRepresented (invoke changeRepresented)
 *            done: context.replaced (RC), REPRESENTEE-CHANGE (RC), then apply the preference:
 *                  [preferenceInApp] navigate to the path after /ui · [preferenceFullPage] full page redirect ·
 *                  otherwise restore the path the user was on → closed
 *            error: log the status (a `warning`, spec 1 §8), back to choosing with the pick and the list kept: the
 *                   modal shows error.server, and a pick tries again
 *      ── choice.createContract [EE, AXAPTA alive] ──▶ waitingForCustomerAdd (emits customerAdd.requested)
 *      ── choice.createContract [AXAPTA dead] ──▶ toast.show error.axapta.dead
 * waitingForCustomerAdd ── customerAdd.closed [a contract signed] ──▶ closed (the person is on the customer's page in
 *                       │                                             the account service, step 7: not covered)
 *                       ├─ customerAdd.closed [nothing represented] ──▶ open (the modal reopens)
 *                       └─ customerAdd.closed [a party is represented] ──▶ closed + navigate to the dashboard
 * any ── session.signedOut ──▶ signedOut (reset)
 *
 * The session owns the user context; this machine keeps no copy. Every event it decides on carries the session's user
 * context as it was when the event was sent (`context`); the views derive the rows from the session themselves.
 * `signedOut` is also how the app knows whether the signed-in user has been announced yet (the first route on screen).
 * The rows (code, country, type A/B, own entry first, search, paging at 10) come from lib/rights/.
 * systemId: SYSTEM_ID.representedChoice.
 */
import { assign, forwardTo, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { choiceListMachine, type ChoiceListEvent } from './choiceList.machine';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import type { Domain, UserContext } from '../domain/contract';
import {
  choiceRequiredByContext,
  effectivePreference,
  isAddCustomerModalName,
  isAxaptaDead,
  needsRepresentedChoice,
  preferenceTarget,
  type NavTarget,
} from '../domain/rights';
import type { ContextReplaced, NavigationRequested, RepresenteeChange, Warning } from '../domain/shell-events';
import { failureStatus } from './representedChange.machine';
import type { ToastRequest } from './toasts.machine';

export interface ChoiceUrlParams {
  modalName?: string | null;
  /** the `application` URL parameter: when present the preference is not applied after a pick */
  application?: string | null;
}

export interface RepresentedChoiceContext {
  domain: Domain;
  params: ChoiceUrlParams;
  /** the in-app path the user was on when the modal opened; restored after the pick */
  previousPath: string | null;
  /** the party being switched to; still set in `open` after the switch failed (the modal says so) */
  pickedGid: string | null;
}

/** The session's user context when the event was sent (the session owns it; this machine keeps no copy). */
export interface FromSession {
  context: UserContext;
}

export type RepresentedChoiceEvent =
  | ({ type: 'session.signedIn'; path: string | null; params?: ChoiceUrlParams; domain: Domain } & FromSession)
  | { type: 'session.signedOut' }
  /** open the modal on demand (e.g. "choose representee") */
  | { type: 'choice.open'; path?: string | null }
  | ChoiceListEvent
  | ({ type: 'choice.pick'; gid: string } & FromSession)
  | ({ type: 'choice.createContract' } & FromSession)
  /**
   * the customer-add modal closed (`context`: the session's, after any reload the customer-add flow did); `signed`: it
   * signed a contract and sent the person on to the customer's page in the account service (spec 1 §4 step 7)
   */
  | ({ type: 'customerAdd.closed'; created: boolean; signed?: boolean } & FromSession);

export type RepresentedChoiceEmitted =
  | ContextReplaced
  | RepresenteeChange
  | NavigationRequested
  | Warning
  /** open the customer-add modal (modals actor: modal.open { component: 'customer-add' }) */
  | { type: 'customerAdd.requested' }
  /** same shape as the session's toast.show: the app forwards it to the toasts actor */
  | { type: 'toast.show'; toast: ToastRequest };

function afterPickTarget(context: RepresentedChoiceContext, picked: UserContext): NavTarget | null {
  return preferenceTarget(effectivePreference(picked), context.params);
}

/** The user context a finished `changeRepresented` answered, as guard and action params. */
const picked = ({ event }: { event: DoneActorEvent<UserContext> }) => ({ picked: event.output });
/** The failure of `changeRepresented`, as action params. */
const changeError = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/** After a pick: hand the context on, fire the representee change; then navigate, then reset */
const PICKED = [{ type: 'handOnContext', params: picked }, 'fireRepresenteeChange'] as const;

const tell = reporter<RepresentedChoiceContext, RepresentedChoiceEvent, RepresentedChoiceEmitted>();

export const representedChoiceMachine = setup({
  types: {
    context: {} as RepresentedChoiceContext,
    events: {} as RepresentedChoiceEvent,
    emitted: {} as RepresentedChoiceEmitted,
  },
  actors: {
    /** GET context/changeRepresented/{gid}; output: the new user context */
    changeRepresented: notProvided<UserContext, { gid: string }>('changeRepresented'),
    /** the search and the page of the list (no effects) */
    choiceList: choiceListMachine,
  },
  guards: {
    needsChoice: ({ event }) =>
      event.type === 'session.signedIn' && needsRepresentedChoice(event.context, event.params ?? {}),
    addCustomerFirst: ({ event }) =>
      event.type === 'session.signedIn' &&
      isAddCustomerModalName(event.params?.modalName) &&
      choiceRequiredByContext(event.context) &&
      !isAxaptaDead(event.context),
    /** spec 1 §8: add-customer is gated while the back office is dead, so it does not open first */
    addCustomerGated: ({ event }) =>
      event.type === 'session.signedIn' &&
      isAddCustomerModalName(event.params?.modalName) &&
      choiceRequiredByContext(event.context) &&
      isAxaptaDead(event.context),
    isPickable: ({ event }) =>
      event.type === 'choice.pick' && !!event.context.epitPrincipal?.representationRightsCache[event.gid],
    canCreateContract: ({ context, event }) =>
      event.type === 'choice.createContract' && context.domain === 'EE' && !isAxaptaDead(event.context),
    axaptaDeadOnEE: ({ context, event }) =>
      event.type === 'choice.createContract' && context.domain === 'EE' && isAxaptaDead(event.context),
    signedContract: ({ event }) => event.type === 'customerAdd.closed' && !!event.signed,
    stillNothingRepresented: ({ event }) =>
      event.type === 'customerAdd.closed' && choiceRequiredByContext(event.context),
    preferenceInApp: ({ context }, params: { picked: UserContext }) =>
      afterPickTarget(context, params.picked)?.kind === 'path',
    preferenceFullPage: ({ context }, params: { picked: UserContext }) =>
      afterPickTarget(context, params.picked)?.kind === 'redirect',
  },
  actions: {
    startSession: assign(({ event }) =>
      event.type === 'session.signedIn'
        ? {
            domain: event.domain,
            params: event.params ?? {},
            previousPath: event.path,
            pickedGid: null,
          }
        : {},
    ),
    rememberPath: assign({
      previousPath: ({ context, event }) =>
        event.type === 'choice.open' && event.path !== undefined ? event.path : context.previousPath,
    }),
    forgetPick: assign({ pickedGid: null }),
    reset: assign({ params: {}, previousPath: null, pickedGid: null }),
    tellList: forwardTo('list'),
    rememberPick: assign({ pickedGid: ({ event }) => (event.type === 'choice.pick' ? event.gid : null) }),
    handOnContext: tell((_, params: { picked: UserContext }) => ({
      type: 'context.replaced' as const,
      context: params.picked,
      cause: 'RC' as const,
    })),
    fireRepresenteeChange: tell(() => ({ type: 'REPRESENTEE-CHANGE' as const, cause: 'RC' as const })),
    applyPreference: tell(({ context }, params: { picked: UserContext }) => ({
      type: 'navigation.requested' as const,
      // only taken when preferenceInApp or preferenceFullPage held
      target: afterPickTarget(context, params.picked)!,
    })),
    restorePreviousPath: tell(({ context }) => ({
      type: 'navigation.requested' as const,
      target: { kind: 'restore' as const, path: context.previousPath },
    })),
    goToDashboard: tell(() => ({ type: 'navigation.requested' as const, target: { kind: 'dashboard' as const } })),
    requestCustomerAdd: tell(() => ({ type: 'customerAdd.requested' as const })),
    showAxaptaDead: tell(() => ({
      type: 'toast.show' as const,
      toast: { toastType: 'error', messageKey: 'error.axapta.dead' } satisfies ToastRequest,
    })),
    // spec 1 §8: represented change failure — the status is logged (the modal says so: selectChangeFailed)
    warnChangeFailed: tell((_, { error }: { error: unknown }) => ({
      type: 'warning' as const,
      code: 'changeRepresented.failed',
      detail: failureStatus(error),
    })),
  },
}).createMachine({
  id: 'representedChoice',
  description:
    'After login, a person who acts for no one yet must choose whose main page to enter: a required list of the parties they may represent.',
  context: { domain: 'EE', params: {}, previousPath: null, pickedGid: null },
  initial: 'signedOut',
  on: {
    'session.signedOut': {
      target: '.signedOut',
      actions: 'reset',
      description: 'The person logs out: the choice is closed and forgotten',
    },
  },
  states: {
    signedOut: {
      description: 'No one is signed in yet, so there is nothing to choose.',
      on: {
        'session.signedIn': [
          {
            guard: 'needsChoice',
            target: 'open',
            actions: 'startSession',
            description:
              'The person signs in, if they act for no one yet, are not staff and the address names no dialog: the choice opens',
          },
          {
            guard: 'addCustomerFirst',
            target: 'waitingForCustomerAdd',
            actions: 'startSession',
            description:
              'The person signs in with an address that opens Add customer, if they act for no one yet and are not staff: Add customer comes first',
          },
          {
            guard: 'addCustomerGated',
            target: 'open',
            actions: 'startSession',
            description:
              'The person signs in with an address that opens Add customer while the back office is down, acting for no one yet: Add customer stays shut and the choice opens',
          },
          {
            target: 'closed',
            actions: 'startSession',
            description: 'The person signs in and already acts for someone (or is staff): no choice is needed',
          },
        ],
      },
    },
    closed: {
      description: 'The choice is not shown; the person uses the portal.',
      on: {
        'choice.open': {
          target: 'open',
          actions: ['rememberPath', 'forgetPick'],
          description: 'The portal asks the person to choose whom to represent',
        },
      },
    },
    open: {
      tags: ['visible'],
      description:
        "'Choose, whose main page You want to enter': the parties the person may represent, 10 to a page, their own entry first.",
      invoke: { id: 'list', src: 'choiceList' },
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The person searches the list, turns its pages and picks a party.',
          on: {
            'choice.search': {
              actions: 'tellList',
              description: 'Types in the search box: the list shows the matching parties from the first page',
            },
            'choice.page': { actions: 'tellList', description: 'Turns to another page of the list' },
            'choice.pick': {
              guard: 'isPickable',
              target: 'changingRepresented',
              actions: 'rememberPick',
              description: 'Picks a party from the list, if the person may represent it',
            },
            'choice.createContract': [
              {
                guard: 'canCreateContract',
                target: '#representedChoice.waitingForCustomerAdd',
                actions: 'requestCustomerAdd',
                description:
                  "Clicks 'Create new business customer contract', if in Estonia and the accounting system is up: Add customer opens",
              },
              {
                guard: 'axaptaDeadOnEE',
                actions: 'showAxaptaDead',
                description:
                  "Clicks 'Create new business customer contract' in Estonia while the accounting system is down: an error message shows",
              },
            ],
          },
        },
        changingRepresented: {
          tags: ['busy'],
          description: 'The portal switches to the picked party; the list waits.',
          invoke: {
            id: 'changeRepresented',
            src: 'changeRepresented',
            input: ({ context }) => ({ gid: context.pickedGid! }),
            onDone: [
              {
                guard: { type: 'preferenceInApp', params: picked },
                target: '#representedChoice.closed',
                actions: [...PICKED, { type: 'applyPreference', params: picked }, 'forgetPick'],
                description:
                  'The server switches the party, and the person has a preferred service in the portal (and the address names no application): that page opens',
              },
              {
                guard: { type: 'preferenceFullPage', params: picked },
                target: '#representedChoice.closed',
                actions: [...PICKED, { type: 'applyPreference', params: picked }, 'forgetPick'],
                description:
                  'The server switches the party, and the preferred service lives outside the portal (and the address names no application): the browser goes there',
              },
              {
                target: '#representedChoice.closed',
                actions: [...PICKED, 'restorePreviousPath', 'forgetPick'],
                description:
                  'The server switches the party: the choice closes and the page the person came from returns',
              },
            ],
            onError: {
              target: 'choosing',
              actions: [{ type: 'warnChangeFailed', params: changeError }],
              description:
                'The server cannot switch the party: the list stays as it was with the pick kept, says so, and a pick tries again',
            },
          },
        },
      },
    },
    waitingForCustomerAdd: {
      tags: ['awaitingCustomerAdd'],
      description: 'Add customer is open; the choice waits until it closes.',
      on: {
        'customerAdd.closed': [
          {
            // spec 1 §4 step 7: the signature sends the person to the account service's page for the customer (a
            // full page load in the original, where the choice never showed; on the way back, the login rule asks
            // again). Here that page may be one of the portal's: the choice, which no one can close, stays shut
            // over it, and does not take the person back to the address that opened customer add.
            guard: 'signedContract',
            target: 'closed',
            actions: 'forgetPick',
            description:
              "Add customer closes after a contract was signed: the customer's page in the account service stays on screen",
          },
          {
            guard: 'stillNothingRepresented',
            target: 'open',
            actions: 'forgetPick',
            description: 'Add customer closes, if the person still acts for no one: the choice opens again',
          },
          {
            target: 'closed',
            actions: 'goToDashboard',
            description: 'Add customer closes and the person now acts for a party: the dashboard opens',
          },
        ],
      },
    },
  },
});

// ---------------------------------------------------------------- selectors for the views

type Snap = { context: RepresentedChoiceContext; hasTag: (t: string) => boolean };
/** The 'create new business customer contract' button shows only on domain EE. */
export function selectShowCreateContract(s: Snap): boolean {
  return s.context.domain === 'EE';
}
export function selectIsVisible(s: Snap): boolean {
  return s.hasTag('visible');
}
/** The last pick could not switch the party (no answer, a server error): the modal shows error.server. */
export function selectChangeFailed(s: Snap): boolean {
  return s.hasTag('visible') && !s.hasTag('busy') && s.context.pickedGid !== null;
}
