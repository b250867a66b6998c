/**
 * The external application page (spec 1 §2 "External application pages", §4 "External application flow", §8
 * external pages): the page that hosts an application in a frame — the generic external page (`external-service`,
 * #app-iframe) or the order-system wrapper (`oss-wrapper`, #oss-iframe).
 *
 * It shows the loading message and finds the person's application for the routed service: none → 'No rights to
 * access component' and home; the wrong wrapper → the right one; dead → the maintenance message. Otherwise it opens
 * the application for the represented party: the `applicationFrame` child (roles, the party check, the finance
 * check, the frame).
 *
 * A language change, a route change or a representee change (REPRESENTEE-CHANGE, which the dead-application poll
 * fires too when the context changes on the server) loads the page again: the application is updated without
 * reloading the portal, and a dead application comes back as soon as it is alive again. The page keeps the frame
 * element (`frame`: its address and a mount number, the view's only input for it) across loads; the child decides at
 * each load whether it stays (the same document: the person's place in the application is kept) or a new one mounts.
 *
 * For the order system the page also keeps the portal's hash and the frame's place in step (spec 1 §4 "OSS hash
 * sync"): a route change on the same page (Back, Forward, an edited hash) and a kept frame tell the order system
 * `ossUpdateInitialData` over the frame channel; the order system's `ossChangeUrlHash` replaces the portal's hash.
 *
 * One actor per external page, run by the portal's pages machine, which hands it the session's changes, the route's
 * (from the router, once per resolved navigation) and the frame channel's notifications. What the portal must hear
 * (navigation, toasts, log lines, notifications for the frame) is reported; time comes from the `clock` of the input.
 */
import { assign, enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { applicationFrameMachine, type ApplicationFrameSnapshot } from './applicationFrame.machine';
import type { Domain, Language, UserContext } from '../domain/contract';
import {
  CHANNEL_METHOD,
  EXTERNAL_MESSAGE,
  applicationForUser,
  guidOf,
  ossUpdateInitialData,
  portalHashFromOss,
  wrapperRedirect,
  type Wrapper,
} from '../domain/external';
import { report, reporter } from '../domain/report';
import { isApplicationDead, type NavTarget } from '../domain/rights';
import type { NavigationRequested, RepresenteeChange, Warning } from '../domain/shell-events';
import type { ToastRequest } from './toasts.machine';

export interface ExternalApplicationInput {
  /** the route's service or application key: `/external/$service`, 'OSS' on /oss-wrapper */
  service: string;
  /** the page the machine runs on */
  wrapper: Wrapper;
  /** where in the application to open (spec 1 §7 menuPath), e.g. the OSS hash; none: its start page */
  menuPath?: string | null;
  userContext: UserContext;
  language: Language;
  /** the portal's domain (the order system is told it with the language) */
  domain: Domain;
  clock: { now(): number };
}

/** The page's frame element: its address, a number that is new for each element, whether it reported ready. */
export interface PageFrame {
  src: string;
  n: number;
  ready: boolean;
}

export interface ExternalApplicationContext extends Omit<ExternalApplicationInput, 'menuPath'> {
  menuPath: string | null;
  /** the represented party's profile code (spec 2 §3 userProfileCode; unknown counts as OLD, which hides OSS) */
  profileCode: string | null;
  /** the person's application for the service (null: none) */
  application: string | null;
  /** when the current load began: the frame URL's timestamp and the day role validity is judged on */
  requestedAt: number;
  /** the message the page itself shows (no rights, maintenance); the application's own are the child's */
  messageKey: string | null;
  /** the frame element on the page (null: none): kept across loads while its document stays */
  frame: PageFrame | null;
}

export type ExternalApplicationEvent =
  /** the session's user context changed (remembered; REPRESENTEE-CHANGE, which follows, reloads) */
  | { type: 'external.contextChanged'; userContext: UserContext }
  | { type: 'external.languageChanged'; language: Language }
  /** the router resolved a navigation to an external page (`hash`: the portal's location hash without '#') */
  | { type: 'external.routeChanged'; service: string; wrapper: Wrapper; hash: string }
  /** the represented party or the context changed (with the context it changed to, when the portal has it) */
  | (RepresenteeChange & { userContext?: UserContext | null })
  /** the frame's load event; the application reported ready (the frame channel turned active) */
  | { type: 'frame.loaded' }
  | { type: 'frame.ready' }
  /** the person asks to load the application again after a frame load error */
  | { type: 'frame.retry' }
  /** a notification from the application over the frame channel (ossChangeUrlHash) */
  | { type: 'frame.notification'; method: string; params: unknown }
  /** reported by the applicationFrame child: what becomes of the frame element */
  | ApplicationFrameReport
  | ForPortal;

type ApplicationFrameReport =
  { type: 'frame.mount'; src: string } | { type: 'frame.kept' } | { type: 'frame.shown' } | { type: 'frame.gone' };
type ForPortal =
  | NavigationRequested
  | { type: 'toast.show'; toast: ToastRequest }
  | Warning
  /** a notification for the application in the frame: the pages actor hands it to the frame channel */
  | { type: 'channel.notify'; method: string; params: unknown };
export type ExternalApplicationEmitted = ForPortal;

const profileCodeOf = (ctx: UserContext) => ctx.epitPrincipal?.represented?.details?.userProfileCode ?? null;
const isOrderSystem = (wrapper: Wrapper) => wrapper === 'oss-wrapper';
/** the place in the order system a hash names ('' for its start) */
const hashOf = (context: { menuPath: string | null }) => context.menuPath ?? '';
/** the order system's new place, without '#', from its `ossChangeUrlHash` params (null: not that, or malformed) */
const ossHashChange = (p: { method: string; params: unknown }): string | null =>
  p.method === CHANNEL_METHOD.ossChangeUrlHash ? (portalHashFromOss(p.params)?.replace(/^#/, '') ?? null) : null;
type RouteChange = { service: string; wrapper: Wrapper; hash: string };
const tell = reporter<ExternalApplicationContext, ExternalApplicationEvent, ExternalApplicationEmitted>();

export const externalApplicationMachine = setup({
  types: {
    context: {} as ExternalApplicationContext,
    events: {} as ExternalApplicationEvent,
    input: {} as ExternalApplicationInput,
    emitted: {} as ExternalApplicationEmitted,
    children: {} as { applicationFrame: 'applicationFrame' },
  },
  actors: { applicationFrame: applicationFrameMachine },
  guards: {
    hasNoApplication: ({ context }) => context.application === null,
    needsOtherWrapper: ({ context }) =>
      wrapperRedirect(context.userContext, { service: context.service, wrapper: context.wrapper }) !== null,
    isApplicationDead: ({ context }) => isApplicationDead(context.userContext, context.application ?? ''),
    isSamePage: ({ context }, p: RouteChange) => p.service === context.service && p.wrapper === context.wrapper,
    /** the order system's page with another hash than the frame was last told or told the portal */
    isOtherOssPlace: ({ context }, p: RouteChange) =>
      p.service === context.service &&
      p.wrapper === context.wrapper &&
      isOrderSystem(p.wrapper) &&
      p.hash !== hashOf(context),
    isOrderSystem: ({ context }) => isOrderSystem(context.wrapper),
    /** the order system moved to a place the portal's address does not show yet */
    isOssPlaceChange: ({ context }, p: { method: string; params: unknown }) => {
      const hash = ossHashChange(p);
      return isOrderSystem(context.wrapper) && hash !== null && hash !== hashOf(context);
    },
  },
  actions: {
    rememberContext: assign((_, p: { userContext: UserContext }) => ({
      userContext: p.userContext,
      profileCode: profileCodeOf(p.userContext),
    })),
    rememberLanguage: assign((_, p: { language: Language }) => p),
    /** the order system opens where the portal's hash points; the other applications at their start */
    rememberRoute: assign((_, p: RouteChange) => ({
      service: p.service,
      wrapper: p.wrapper,
      menuPath: isOrderSystem(p.wrapper) ? p.hash || null : null,
    })),
    rememberPlace: assign((_, p: { hash: string }) => ({ menuPath: p.hash || null })),
    /** a new frame element (a new `n`: its first load adds no history entry) */
    mountFrame: assign(({ context }, p: { src: string }) => ({
      frame: { src: p.src, n: (context.frame?.n ?? 0) + 1, ready: false },
    })),
    markFrameReady: assign(({ context }) => ({ frame: context.frame && { ...context.frame, ready: true } })),
    dropFrame: assign({ frame: null }),
    /** spec 1 §4 OSS hash sync: the order system hears the portal's place, language, domain and customer */
    notifyOrderSystem: tell(({ context }) => ({
      type: 'channel.notify',
      method: CHANNEL_METHOD.ossUpdateInitialData,
      params: ossUpdateInitialData({
        customerId: (context.frame && guidOf(context.frame.src)) ?? '',
        language: context.language,
        domain: context.domain,
        portalHash: hashOf(context),
      }),
    })),
    /** replace, not push: the order system's own navigation already made the history entry */
    showOssPlace: tell((_, p: { hash: string }) => ({
      type: 'navigation.requested',
      target: { kind: 'hash', hash: p.hash },
    })),
    /** a load begins: the application for the route, nothing shown yet */
    stampRequest: assign(({ context }) => ({
      requestedAt: context.clock.now(),
      application: applicationForUser(context.userContext, context.service),
      messageKey: null,
    })),
    /** the page replaces itself: Back must not land on a redirect again; the order system keeps the portal's hash */
    requestOtherWrapper: tell(({ context }) => {
      const path = wrapperRedirect(context.userContext, { service: context.service, wrapper: context.wrapper }) ?? '/';
      const target: NavTarget = { kind: 'path', path, replace: true, keepHash: true };
      return { type: 'navigation.requested', target };
    }),
    /** spec 1 §2: a user who is not authorised is sent home with 'No rights to access component' */
    goHomeWithoutRights: enqueueActions(({ enqueue, self }) => {
      enqueue.assign({ messageKey: EXTERNAL_MESSAGE.noRights });
      report(enqueue, self, {
        type: 'toast.show',
        toast: { toastType: 'error', messageKey: EXTERNAL_MESSAGE.noRights },
      });
      report(enqueue, self, { type: 'navigation.requested', target: { kind: 'home' } });
    }),
    /** the frame goes for the message: when the application is back, its document loads afresh */
    showMaintenance: assign({ messageKey: EXTERNAL_MESSAGE.maintenance, frame: null }),
    passOn: enqueueActions(({ enqueue, self }, p: { event: ForPortal }) => report(enqueue, self, p.event)),
  },
}).createMachine({
  id: 'externalApplication',
  description:
    "A page that shows one of the provider's applications (shipment registration, invoicing, periodicals) in a frame, for the party the person represents.",
  context: ({ input }) => ({
    ...input,
    menuPath: input.menuPath ?? null,
    profileCode: profileCodeOf(input.userContext),
    application: null,
    requestedAt: 0,
    messageKey: null,
    frame: null,
  }),
  on: {
    'external.contextChanged': {
      actions: { type: 'rememberContext', params: ({ event }) => event },
      description: "The person's details change in the background; they are used at the next load",
      meta: { bookkeeping: true },
    },
    'external.languageChanged': {
      target: '.resolving',
      actions: { type: 'rememberLanguage', params: ({ event }) => event },
      description: 'Picks another language: the application loads again in it',
    },
    'external.routeChanged': [
      {
        guard: { type: 'isOtherOssPlace', params: ({ event }) => event },
        actions: [{ type: 'rememberPlace', params: ({ event }) => event }, 'notifyOrderSystem'],
        description:
          "The portal's address names another place in the order system (Back, Forward): the order system goes there",
      },
      {
        guard: { type: 'isSamePage', params: ({ event }) => event },
        description: 'The same page resolves again: nothing changes',
        meta: { bookkeeping: true },
      },
      {
        target: '.resolving',
        actions: { type: 'rememberRoute', params: ({ event }) => event },
        description: 'Opens another application page: the application loads for it',
      },
    ],
    'frame.notification': {
      guard: { type: 'isOssPlaceChange', params: ({ event }) => event },
      actions: [
        { type: 'rememberPlace', params: ({ event }) => ({ hash: ossHashChange(event) ?? '' }) },
        { type: 'showOssPlace', params: ({ event }) => ({ hash: ossHashChange(event) ?? '' }) },
      ],
      description: "The order system moves to another of its pages: the portal's address follows, in place",
    },
    'REPRESENTEE-CHANGE': [
      {
        guard: ({ event }) => !!event.userContext,
        target: '.resolving',
        actions: { type: 'rememberContext', params: ({ event }) => ({ userContext: event.userContext! }) },
        description:
          'The party the person acts for changes (or an application came back or went down): the application loads for it',
      },
      {
        target: '.resolving',
        description: 'The party or the context changes, as the page already knows it: the application loads again',
      },
    ],
    'frame.mount': {
      actions: { type: 'mountFrame', params: ({ event }) => event },
      description: 'The application opens in a new frame',
    },
    'frame.kept': [
      {
        guard: 'isOrderSystem',
        actions: 'notifyOrderSystem',
        description: 'The order system stays in its frame: it hears the new language or party over the channel',
      },
      {
        description: 'The application stays in its frame, where the person is',
        meta: { bookkeeping: true },
      },
    ],
    'frame.shown': {
      actions: 'markFrameReady',
      description: 'The application in the frame is ready: a later load of its document keeps it',
      meta: { bookkeeping: true },
    },
    'frame.gone': {
      actions: 'dropFrame',
      description: 'The load shows a message instead of the application: the frame goes',
    },
    'navigation.requested': {
      actions: { type: 'passOn', params: ({ event }) => ({ event }) },
      description:
        'The application asks to go elsewhere (the finance recovery page): the portal takes the person there',
    },
    warning: {
      actions: { type: 'passOn', params: ({ event }) => ({ event }) },
      description: 'Something failed that is only logged: the portal logs it',
    },
  },
  initial: 'resolving',
  states: {
    resolving: {
      description: "'Application is loading' shows while the portal finds the person's application for this page.",
      tags: ['loading'],
      entry: 'stampRequest',
      always: [
        {
          guard: 'hasNoApplication',
          target: 'noApplication',
          description: 'The person has no application for this service',
        },
        {
          guard: 'needsOtherWrapper',
          target: 'redirecting',
          description: 'The application is shown on the other kind of application page',
        },
        { guard: 'isApplicationDead', target: 'maintenance', description: 'The application is down' },
        { target: 'opening', description: 'The application is up: it opens for the represented party' },
      ],
    },
    noApplication: {
      description: "'No rights to access component' shows and the home page opens.",
      entry: 'goHomeWithoutRights',
    },
    redirecting: {
      // OSS is hosted by oss-wrapper, the others by external-service
      description: 'The portal moves the person to the page that shows this application.',
      tags: ['loading'],
      entry: 'requestOtherWrapper',
    },
    maintenance: {
      description:
        'The maintenance message shows instead of the application, until the portal sees it is back (it checks every 30 seconds).',
      entry: 'showMaintenance',
    },
    opening: {
      description: 'The application opens for the represented party: its roles, the party check, the frame.',
      invoke: {
        id: 'applicationFrame',
        src: 'applicationFrame',
        input: ({ context }) => ({
          application: context.application ?? '',
          wrapper: context.wrapper,
          menuPath: context.menuPath,
          userContext: context.userContext,
          language: context.language,
          profileCode: context.profileCode,
          requestedAt: context.requestedAt,
          mounted: context.frame && { src: context.frame.src, ready: context.frame.ready },
        }),
      },
      on: {
        'frame.loaded': {
          actions: sendTo('applicationFrame', { type: 'frame.loaded' }),
          description: "The application's page has loaded in the frame",
          meta: { bookkeeping: true },
        },
        'frame.ready': {
          actions: sendTo('applicationFrame', { type: 'frame.ready' }),
          description: 'The frame channel hears the application: it is ready',
        },
        'frame.retry': { target: 'resolving', description: 'Clicks Try again: the application loads again' },
      },
    },
  },
});

export type ExternalApplicationActor = ActorRefFrom<typeof externalApplicationMachine>;
export type ExternalApplicationSnapshot = SnapshotFrom<typeof externalApplicationMachine>;

/** For the view: the application opened for the party, while the page opens it. */
export const applicationFrameOf = (s: ExternalApplicationSnapshot) => s.children.applicationFrame ?? null;
/** For the view: the loading message ('Application is loading') is shown. */
export const isApplicationLoading = (s: ExternalApplicationSnapshot | ApplicationFrameSnapshot): boolean =>
  s.hasTag('loading');
/** For the view: the frame element to show (null: none). */
export const pageFrameOf = (s: ExternalApplicationSnapshot): PageFrame | null => s.context.frame;
