/**
 * The represented-choice modal flow (spec 1 §2 "Represented-choice modal", §4 "Login state", "Picking in the choice
 * modal", "Root redirect" (add-customer first), §8 "Represented change failure"; spec 2 §2 "Dashboards", §4).
 *
 * closed ── session.signedIn [principal, nothing represented, not IN_AD, no modalName] ──▶ open
 *        └─ session.signedIn [same, modalName add-customer] ──▶ waitingForCustomerAdd (customer-add shows first)
 * open ── choice.search / choice.page ──▶ open (term, page; the rows are derived: selectChoiceView)
 *      ── choice.pick {gid} ──▶ changingRepresented (invoke changeRepresented)
 *            done: context.replaced (RC), menu.reselect, REPRESENTEE-CHANGE (RC), then apply the preference:
 *                  [preferenceInApp] navigate to the path after /ui · [preferenceFullPage] full page redirect ·
 *                  otherwise restore the path the user was on → closed
 *            error: log the status, back to open, no message
 *      ── choice.createContract [EE, AXAPTA alive] ──▶ waitingForCustomerAdd (emits customerAdd.requested)
 *      ── choice.createContract [AXAPTA dead] ──▶ toast.show error.axapta.dead
 * waitingForCustomerAdd ── customerAdd.closed [nothing represented] ──▶ open (the modal reopens)
 *                       └─ customerAdd.closed [a party is represented] ──▶ closed + navigate to the dashboard
 * any ── session.signedOut ──▶ closed (reset)
 *
 * The rows (code, country, type A/B, own entry first, search, paging at 10) come from lib/rights/.
 * systemId: SYSTEM_ID.representedChoice.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Domain, UserContext } from './lib/contract';
import {
  choiceRequiredByContext,
  choiceView,
  effectivePreference,
  isAddCustomerModalName,
  isAxaptaDead,
  needsRepresentedChoice,
  preferenceTarget,
  type NavTarget,
} from './lib/rights';
import type { ContextReplaced, MenuReselect, NavigationRequested, RepresenteeChange } from './lib/shell-events';
import { failureStatus } from './representedChange.machine';
import type { ToastRequest } from './toasts.machine';

export interface ChoiceUrlParams {
  modalName?: string | null;
  /** the `application` URL parameter: when present the preference is not applied after a pick */
  application?: string | null;
}

export interface RepresentedChoiceContext {
  userContext: UserContext | null;
  domain: Domain;
  params: ChoiceUrlParams;
  /** the in-app path the user was on when the modal opened; restored after the pick */
  previousPath: string | null;
  searchTerm: string;
  /** zero-based */
  page: number;
  pickedGid: string | null;
}

export type RepresentedChoiceEvent =
  | { type: 'session.signedIn'; context: UserContext; path: string | null; params?: ChoiceUrlParams; domain: Domain }
  | { type: 'session.contextChanged'; context: UserContext }
  | { type: 'session.signedOut' }
  /** open the modal on demand (e.g. "choose representee") */
  | { type: 'choice.open'; path?: string | null }
  | { type: 'choice.search'; term: string }
  | { type: 'choice.page'; page: number }
  | { type: 'choice.pick'; gid: string }
  | { type: 'choice.createContract' }
  /** the customer-add modal closed; `context` is the reloaded user context when the app has one */
  | { type: 'customerAdd.closed'; created: boolean; context?: UserContext | null };

export type RepresentedChoiceEmitted =
  | ContextReplaced
  | MenuReselect
  | RepresenteeChange
  | NavigationRequested
  /** open the customer-add modal (modals actor: modal.open { component: 'customer-add' }) */
  | { type: 'customerAdd.requested' }
  /** same shape as the session's toast.show: the app forwards it to the toasts actor */
  | { type: 'toast.show'; toast: ToastRequest };

type Done = { output: UserContext };

function afterPickTarget(context: RepresentedChoiceContext, picked: UserContext): NavTarget | null {
  return preferenceTarget(effectivePreference(picked), context.params);
}

export const representedChoiceMachine = setup({
  types: {
    context: {} as RepresentedChoiceContext,
    events: {} as RepresentedChoiceEvent,
    emitted: {} as RepresentedChoiceEmitted,
  },
  actors: {
    /** GET context/changeRepresented/{gid}; output: the new user context */
    changeRepresented: fromPromise<UserContext, { gid: string }>(async () => {
      throw new Error('changeRepresented not provided');
    }),
  },
  guards: {
    needsChoice: ({ event }) =>
      event.type === 'session.signedIn' && needsRepresentedChoice(event.context, event.params ?? {}),
    addCustomerFirst: ({ event }) =>
      event.type === 'session.signedIn' &&
      isAddCustomerModalName(event.params?.modalName) &&
      choiceRequiredByContext(event.context),
    isPickable: ({ context, event }) =>
      event.type === 'choice.pick' && !!context.userContext?.epitPrincipal?.representationRightsCache[event.gid],
    canCreateContract: ({ context }) => context.domain === 'EE' && !isAxaptaDead(context.userContext),
    axaptaDeadOnEE: ({ context }) => context.domain === 'EE' && isAxaptaDead(context.userContext),
    stillNothingRepresented: ({ context, event }) =>
      choiceRequiredByContext(
        event.type === 'customerAdd.closed' && event.context ? event.context : context.userContext,
      ),
    preferenceInApp: ({ context, event }) =>
      afterPickTarget(context, (event as unknown as Done).output)?.kind === 'path',
    preferenceFullPage: ({ context, event }) =>
      afterPickTarget(context, (event as unknown as Done).output)?.kind === 'redirect',
  },
  actions: {
    startSession: assign(({ event }) =>
      event.type === 'session.signedIn'
        ? {
            userContext: event.context,
            domain: event.domain,
            params: event.params ?? {},
            previousPath: event.path,
            searchTerm: '',
            page: 0,
            pickedGid: null,
          }
        : {},
    ),
    storeContext: assign({
      userContext: ({ context, event }) =>
        event.type === 'session.contextChanged' || (event.type === 'customerAdd.closed' && event.context)
          ? event.context!
          : context.userContext,
    }),
    storePickedContext: assign({ userContext: ({ event }) => (event as unknown as Done).output }),
    rememberPath: assign({
      previousPath: ({ context, event }) =>
        event.type === 'choice.open' && event.path !== undefined ? event.path : context.previousPath,
    }),
    resetList: assign({ searchTerm: '', page: 0, pickedGid: null }),
    reset: assign({ userContext: null, params: {}, previousPath: null, searchTerm: '', page: 0, pickedGid: null }),
    setSearchTerm: assign({ searchTerm: ({ event }) => (event.type === 'choice.search' ? event.term : ''), page: 0 }),
    setPage: assign({
      page: ({ context, event }) =>
        event.type === 'choice.page'
          ? choiceView(context.userContext?.epitPrincipal, context.searchTerm, event.page).page
          : context.page,
    }),
    forgetPick: assign({ pickedGid: null }),
    rememberPick: assign({ pickedGid: ({ event }) => (event.type === 'choice.pick' ? event.gid : null) }),
    handOnContext: emit(({ event }) => ({
      type: 'context.replaced' as const,
      context: (event as unknown as Done).output,
      cause: 'RC' as const,
    })),
    reselectMenu: emit({ type: 'menu.reselect' as const }),
    fireRepresenteeChange: emit({ type: 'REPRESENTEE-CHANGE' as const, cause: 'RC' as const }),
    applyPreference: emit(({ context, event }) => ({
      type: 'navigation.requested' as const,
      target: afterPickTarget(context, (event as unknown as Done).output)!,
    })),
    restorePreviousPath: emit(({ context }) => ({
      type: 'navigation.requested' as const,
      target: { kind: 'restore' as const, path: context.previousPath },
    })),
    goToDashboard: emit({ type: 'navigation.requested' as const, target: { kind: 'dashboard' as const } }),
    requestCustomerAdd: emit({ type: 'customerAdd.requested' as const }),
    showAxaptaDead: emit({
      type: 'toast.show' as const,
      toast: { toastType: 'error', messageKey: 'error.axapta.dead' } satisfies ToastRequest,
    }),
    // spec 1 §8: represented change failure — status logged, no message
    logChangeFailure: ({ event }) => {
      console.warn('changeRepresented failed', failureStatus((event as unknown as { error: unknown }).error));
    },
  },
}).createMachine({
  id: 'representedChoice',
  context: {
    userContext: null,
    domain: 'EE',
    params: {},
    previousPath: null,
    searchTerm: '',
    page: 0,
    pickedGid: null,
  },
  initial: 'closed',
  on: {
    'session.contextChanged': { actions: 'storeContext' },
    'session.signedOut': { target: '.closed', actions: 'reset' },
  },
  states: {
    closed: {
      on: {
        'session.signedIn': [
          { guard: 'needsChoice', target: 'open', actions: 'startSession' },
          { guard: 'addCustomerFirst', target: 'waitingForCustomerAdd', actions: 'startSession' },
          { actions: 'startSession' },
        ],
        'choice.open': { target: 'open', actions: ['rememberPath', 'resetList'] },
      },
    },
    open: {
      tags: ['visible'],
      on: {
        'choice.search': { actions: 'setSearchTerm' },
        'choice.page': { actions: 'setPage' },
        'choice.pick': { guard: 'isPickable', target: 'changingRepresented', actions: 'rememberPick' },
        'choice.createContract': [
          { guard: 'canCreateContract', target: 'waitingForCustomerAdd', actions: 'requestCustomerAdd' },
          { guard: 'axaptaDeadOnEE', actions: 'showAxaptaDead' },
        ],
      },
    },
    changingRepresented: {
      tags: ['visible', 'busy'],
      invoke: {
        id: 'changeRepresented',
        src: 'changeRepresented',
        input: ({ context }) => ({ gid: context.pickedGid! }),
        onDone: [
          {
            guard: 'preferenceInApp',
            target: 'closed',
            actions: [
              'storePickedContext',
              'handOnContext',
              'reselectMenu',
              'fireRepresenteeChange',
              'applyPreference',
              'resetList',
            ],
          },
          {
            guard: 'preferenceFullPage',
            target: 'closed',
            actions: [
              'storePickedContext',
              'handOnContext',
              'reselectMenu',
              'fireRepresenteeChange',
              'applyPreference',
              'resetList',
            ],
          },
          {
            target: 'closed',
            actions: [
              'storePickedContext',
              'handOnContext',
              'reselectMenu',
              'fireRepresenteeChange',
              'restorePreviousPath',
              'resetList',
            ],
          },
        ],
        onError: { target: 'open', actions: ['logChangeFailure', 'forgetPick'] },
      },
    },
    waitingForCustomerAdd: {
      tags: ['awaitingCustomerAdd'],
      on: {
        'customerAdd.closed': [
          { guard: 'stillNothingRepresented', target: 'open', actions: ['storeContext', 'resetList'] },
          { target: 'closed', actions: ['storeContext', 'goToDashboard'] },
        ],
      },
    },
  },
});

// ---------------------------------------------------------------- selectors for the views

type Snap = { context: RepresentedChoiceContext; hasTag: (t: string) => boolean };
/** The rows of the current page, the page count and whether the search box shows. */
export function selectChoiceView(s: Snap, locale = 'et') {
  return choiceView(s.context.userContext?.epitPrincipal, s.context.searchTerm, s.context.page, locale);
}
/** The 'create new business customer contract' button shows only on domain EE. */
export function selectShowCreateContract(s: Snap): boolean {
  return s.context.domain === 'EE';
}
export function selectIsVisible(s: Snap): boolean {
  return s.hasTag('visible');
}
