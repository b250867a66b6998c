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
 * reloading the portal, and a dead application comes back as soon as it is alive again. The document shown and ready
 * is kept across loads, so an address that opens it again keeps the frame where the person is.
 *
 * One actor per external page, run by the portal's pages machine, which hands it the session's changes. What the
 * portal must hear (navigation, toasts, log lines) is reported; time comes from the `clock` of the input.
 */
import { assign, enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { applicationFrameMachine, type ApplicationFrameSnapshot } from './applicationFrame.machine';
import type { Language, UserContext } from './lib/contract';
import { EXTERNAL_MESSAGE, applicationForUser, wrapperRedirect, type Wrapper } from './lib/external';
import { report, reporter } from './lib/report';
import { isApplicationDead, type NavTarget } from './lib/rights';
import type { NavigationRequested, RepresenteeChange, Warning } from './lib/shell-events';
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
  clock: { now(): number };
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
  /** the document of the frame that reported ready: a new address opening it again keeps the frame as it is */
  readyDocument: string | null;
}

export type ExternalApplicationEvent =
  /** the session's user context changed (remembered; REPRESENTEE-CHANGE, which follows, reloads) */
  | { type: 'external.contextChanged'; userContext: UserContext }
  | { type: 'external.languageChanged'; language: Language }
  | { type: 'external.routeChanged'; service: string; wrapper: Wrapper; menuPath?: string | null }
  /** the represented party or the context changed (with the context it changed to, when the portal has it) */
  | (RepresenteeChange & { userContext?: UserContext | null })
  /** the frame's load event; the application reported ready (the frame channel turned active) */
  | { type: 'frame.loaded' }
  | { type: 'frame.ready' }
  /** the person asks to load the application again after a frame load error */
  | { type: 'frame.retry' }
  /** reported by the applicationFrame child: the document shown and ready, or null when the load shows no frame */
  | { type: 'frame.shown'; document: string | null }
  | ForPortal;

type ForPortal = NavigationRequested | { type: 'toast.show'; toast: ToastRequest } | Warning;
export type ExternalApplicationEmitted = ForPortal;

const profileCodeOf = (ctx: UserContext) => ctx.epitPrincipal?.represented?.details?.userProfileCode ?? null;
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
  },
  actions: {
    rememberContext: assign((_, p: { userContext: UserContext }) => ({
      userContext: p.userContext,
      profileCode: profileCodeOf(p.userContext),
    })),
    rememberLanguage: assign((_, p: { language: Language }) => p),
    rememberRoute: assign((_, p: { service: string; wrapper: Wrapper; menuPath: string | null }) => p),
    rememberShown: assign((_, p: { document: string | null }) => ({ readyDocument: p.document })),
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
    /** the view drops the frame for the message: when the application is back, its document loads afresh */
    showMaintenance: assign({ messageKey: EXTERNAL_MESSAGE.maintenance, readyDocument: null }),
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
    readyDocument: null,
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
    'external.routeChanged': {
      target: '.resolving',
      actions: {
        type: 'rememberRoute',
        params: ({ event }) => ({ service: event.service, wrapper: event.wrapper, menuPath: event.menuPath ?? null }),
      },
      description: 'Opens another application page: the application loads for it',
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
    'frame.shown': {
      actions: { type: 'rememberShown', params: ({ event }) => event },
      description:
        'The application in the frame is ready, or the load shows no frame: the page remembers which document is ready',
      meta: { bookkeeping: true },
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
          readyDocument: context.readyDocument,
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
/** For the view: the frame's source address, when the frame is shown. */
export const frameSourceOf = (s: ApplicationFrameSnapshot): string | null =>
  s.hasTag('frame') ? s.context.frameUrl : null;
