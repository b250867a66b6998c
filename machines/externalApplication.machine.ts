/**
 * The external application flow (spec 1 §2 "External application pages", §4 "External application flow", "Service
 * recovery (finance)", §8 external pages; issue 8): the page that hosts an application in a frame — the generic
 * external page (`external-service`, #app-iframe) or the order-system wrapper (`oss-wrapper`, #oss-iframe).
 *
 * It shows the loading message, finds the person's application for the routed service (the wrong wrapper → a
 * navigation request to the right one), shows the maintenance message while the application is dead, loads the
 * application's role data (roles-and-packets/clientapp/{app}), then checks the represented party against the
 * application: not valid → select.represented or illegal.represented and the representee panel opens; valid → the
 * frame URL is built (lib/external/frame-url.ts) and the panel closes. Invoicing management checks its finance status
 * first: no finance package → the person is told so; unavailable → the finance recovery page. The loading overlay
 * stays over the frame until the application reports ready (the frame channel turns active, `frame.ready`); not ready
 * within FRAME_LOAD_TIMEOUT — its document did not load, or it never spoke — is the frame load error (spec 1 §8: the
 * server error, error.server), with a retry that loads it again. The browser reports no failure of a cross-origin
 * frame's document (an error page fires `load` too), so the timeout is how both cases are seen.
 *
 * A language change, a route change or a representee change (REPRESENTEE-CHANGE, which the dead-application poll
 * fires too when the context changes on the server) reloads the role data and rebuilds the frame URL: the application
 * is updated without reloading the portal, and a dead application comes back as soon as it is alive again.
 *
 * One actor per external page (the page creates it with its route and the session's context, and forwards changes).
 * Effects are actors (defaults throw "<name> not provided"); navigation and the representee panel are emitted.
 * The one clock read is `stampRequest` (the frame URL's timestamp, and the day role validity is judged on).
 */
import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Language, RolesAndPackets, UserContext } from './lib/contract';
import {
  EXTERNAL_MESSAGE,
  FINANCE,
  SUPPORTED_APPLICATIONS,
  applicationBaseUrl,
  applicationForUser,
  checkRepresentee,
  financeOutcome,
  financeUnavailablePath,
  frameUrl,
  roleNameFor,
  wrapperRedirect,
  type FinanceRecovery,
  type RepresenteeCheck,
  type Wrapper,
} from './lib/external';
import { isOneOf } from './lib/external/one-of';
import { isApplicationDead } from './lib/rights';
import type { NavigationRequested, RepresenteeChange, Warning } from './lib/shell-events';
import type { ToastRequest } from './toasts.machine';

// ---------------------------------------------------------------- types

export interface ExternalApplicationInput {
  /** the route's service or application key: `/external/$service`, 'OSS' on /oss-wrapper */
  service: string;
  /** the page the machine runs on */
  wrapper: Wrapper;
  /** where in the application to open (spec 1 §7 menuPath), e.g. the OSS hash; none: its start page */
  menuPath?: string | null;
  userContext: UserContext;
  language: Language;
  /** the represented party's profile code (spec 2 §3 userProfileCode; unknown counts as OLD, which hides OSS) */
  profileCode?: string | null;
}

export interface ExternalApplicationContext {
  service: string;
  wrapper: Wrapper;
  menuPath: string | null;
  userContext: UserContext;
  language: Language;
  profileCode: string | null;
  /** the person's application for the service (null: none) */
  application: string | null;
  /** when the current (re)load began: the frame URL's timestamp and the day role validity is judged on */
  requestedAt: number;
  /** the application's role data (null: not loaded, failed, or the application has no role catalogue) */
  rolesAndPackets: RolesAndPackets | null;
  /** the person's role name in the application, for the header */
  roleName: string | null;
  /** the message shown instead of the frame (an i18n key), null while loading or when the frame shows */
  messageKey: string | null;
  /** the frame's source address once the representee is valid */
  frameUrl: string | null;
  /** (re)loads so far: a new number each time the page decides again, so the host can tell two equal decisions apart */
  loads: number;
  /** the frame's document has fired its load event since the frame was shown (for the log of a load error) */
  frameDocumentLoaded: boolean;
}

export type ExternalApplicationEvent =
  /** the session's user context changed (remembered; REPRESENTEE-CHANGE, which follows, reloads) */
  | { type: 'external.contextChanged'; userContext: UserContext; profileCode?: string | null }
  | { type: 'external.languageChanged'; language: Language }
  | { type: 'external.routeChanged'; service: string; wrapper: Wrapper; menuPath?: string | null }
  | RepresenteeChange
  /** the frame's load event (or: the frame kept its document, which had loaded before) */
  | { type: 'frame.loaded' }
  /**
   * the application in the frame reported ready: the frame channel turned active for this document (or the frame kept
   * a document that had been ready)
   */
  | { type: 'frame.ready' }
  /** the person asks to load the application again after a frame load error */
  | { type: 'frame.retry' };

export type ExternalApplicationEmitted =
  | NavigationRequested
  | { type: 'representeePanel.open'; messageKey: string }
  | { type: 'representeePanel.close' }
  | { type: 'toast.show'; toast: ToastRequest }
  /** spec 1 §8 "Role loading failure": the per-application error flag */
  | { type: 'roles.loadFailed'; application: string }
  /**
   * spec 1 §8 "an OSS frame load error shows the server error": the application did not report ready within
   * FRAME_LOAD_TIMEOUT (its document did not load, or it loaded and stayed silent)
   */
  | { type: 'frame.loadFailed'; application: string; documentLoaded: boolean }
  /** spec 1 §8 "missing OSS application data is only logged": code 'externalApplication.applicationDataMissing' */
  | Warning;

/** The finance status answer: a special status (PACKET_NOT_FOUND, CUSTOMER_NOT_FOUND, UNAVAILABLE, ...) or none. */
export interface FinanceStatus {
  status: string | null;
}

/** FRAME_LOAD_TIMEOUT (ms): see the delay's comment in setup(). */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;

const notProvided = <TOut, TIn>(name: string) =>
  fromPromise<TOut, TIn>(() => Promise.reject(new Error(`${name} not provided`)));

type Ctx = ExternalApplicationContext;
const today = (context: Ctx) => new Date(context.requestedAt);
const representeeCheck = (context: Ctx): RepresenteeCheck =>
  checkRepresentee({
    ctx: context.userContext,
    application: context.application ?? '',
    today: today(context),
    profileCode: context.profileCode,
    rolesAndPackets: context.rolesAndPackets,
  });

// ---------------------------------------------------------------- setup

const externalApplicationSetup = setup({
  types: {
    context: {} as ExternalApplicationContext,
    events: {} as ExternalApplicationEvent,
    input: {} as ExternalApplicationInput,
    emitted: {} as ExternalApplicationEmitted,
  },
  delays: {
    /**
     * How long a shown frame may take to report ready (the frame channel turns active) before the page shows the
     * frame load error (spec 1 §8; the spec names no value). Well above a slow application: the demo applications'
     * "slow to load" switch holds each page 4 s, and a first load passes up to three pages (the frame URL, the
     * silent sign-on's return, the application's page), about 12 s.
     */
    FRAME_LOAD_TIMEOUT: FRAME_LOAD_TIMEOUT_MS,
  },
  actors: {
    /** GET roles-and-packets/clientapp/{application} with the role-request timeout of the configuration */
    loadRoleData: notProvided<RolesAndPackets, { application: string }>('loadRoleData'),
    /** the finance special status of the represented customer (spec 1 §4 "Service recovery (finance)") */
    checkFinanceStatus: notProvided<FinanceStatus, { customerId: string }>('checkFinanceStatus'),
  },
  guards: {
    hasNoApplication: ({ context }) => context.application === null,
    needsOtherWrapper: ({ context }) =>
      wrapperRedirect(context.userContext, { service: context.service, wrapper: context.wrapper }) !== null,
    isApplicationDead: ({ context }) => isApplicationDead(context.userContext, context.application ?? ''),
    hasRoleCatalogue: ({ context }) => isOneOf(SUPPORTED_APPLICATIONS, context.application ?? ''),
    representeeMissing: ({ context }) => {
      const check = representeeCheck(context);
      return !check.valid && check.messageKey === EXTERNAL_MESSAGE.selectRepresented;
    },
    representeeIllegal: ({ context }) => !representeeCheck(context).valid,
    lacksApplicationData: ({ context }) => applicationBaseUrl(context.userContext, context.application ?? '') === null,
    isFinance: ({ context }) => context.application === FINANCE,
    hasNoFinancePackage: (_, p: FinanceStatus) => financeOutcome(p.status) === 'noPackage',
    isFinanceUnavailable: (_, p: FinanceStatus) => financeOutcome(p.status) === 'unavailable',
  },
  actions: {
    rememberContext: assign((_, p: { userContext: UserContext; profileCode: string | null }) => p),
    rememberLanguage: assign((_, p: { language: Language }) => p),
    rememberRoute: assign((_, p: { service: string; wrapper: Wrapper; menuPath: string | null }) => p),
    /** a (re)load begins: the application for the route, nothing shown yet */
    stampRequest: assign(({ context }) => ({
      requestedAt: Date.now(),
      loads: context.loads + 1,
      frameDocumentLoaded: false,
      application: applicationForUser(context.userContext, context.service),
      rolesAndPackets: null,
      roleName: null,
      messageKey: null,
      frameUrl: null,
    })),
    requestOtherWrapper: emit(({ context }) => ({
      type: 'navigation.requested' as const,
      target: {
        kind: 'path' as const,
        path: wrapperRedirect(context.userContext, { service: context.service, wrapper: context.wrapper }) ?? '/',
      },
    })),
    /** spec 1 §2: a user who is not authorised is sent home with 'No rights to access component' */
    goHomeWithoutRights: enqueueActions(({ enqueue }) => {
      enqueue.assign({ messageKey: EXTERNAL_MESSAGE.noRights });
      enqueue.emit({ type: 'toast.show', toast: { toastType: 'error', messageKey: EXTERNAL_MESSAGE.noRights } });
      enqueue.emit({ type: 'navigation.requested', target: { kind: 'home' } });
    }),
    showMaintenance: assign({ messageKey: EXTERNAL_MESSAGE.maintenance }),
    storeRoles: assign((_, p: { rolesAndPackets: RolesAndPackets }) => p),
    flagRoleFailure: emit(({ context }) => ({
      type: 'roles.loadFailed' as const,
      application: context.application ?? '',
    })),
    askForRepresentee: enqueueActions(({ context, enqueue }) => {
      const check = representeeCheck(context);
      const messageKey = check.valid ? EXTERNAL_MESSAGE.selectRepresented : check.messageKey;
      enqueue.assign({ messageKey });
      enqueue.emit({ type: 'representeePanel.open', messageKey });
    }),
    /** spec 1 §8: missing OSS application data is only logged (by the app: machines never log) */
    warnMissingApplicationData: emit(({ context }) => ({
      type: 'warning' as const,
      code: 'externalApplication.applicationDataMissing',
      detail: { application: context.application },
    })),
    buildFrame: assign(({ context }) => {
      const check = representeeCheck(context);
      const application = context.application ?? '';
      const baseUrl = applicationBaseUrl(context.userContext, application);
      if (!check.valid || !baseUrl) return {};
      return {
        frameUrl: frameUrl({
          application,
          baseUrl,
          guid: check.guid,
          isPerson: check.isPerson,
          language: context.language,
          menuPath: context.menuPath,
          timestamp: context.requestedAt,
        }),
        roleName: roleNameFor({
          principal: context.userContext.epitPrincipal,
          application,
          rolesAndPackets: context.rolesAndPackets,
          language: context.language,
        }),
      };
    }),
    closeRepresenteePanel: emit({ type: 'representeePanel.close' }),
    showNoFinancePackage: assign({ messageKey: EXTERNAL_MESSAGE.noFinancePackage }),
    requestFinanceRecovery: emit((_, p: { refresh: FinanceRecovery }) => ({
      type: 'navigation.requested' as const,
      target: { kind: 'path' as const, path: financeUnavailablePath(p.refresh) },
    })),
    noteDocumentLoaded: assign({ frameDocumentLoaded: true }),
    /** spec 1 §8: the server error instead of the frame; the log says how far the frame got */
    showFrameLoadError: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ messageKey: EXTERNAL_MESSAGE.frameLoadError });
      enqueue.emit({
        type: 'frame.loadFailed',
        application: context.application ?? '',
        documentLoaded: context.frameDocumentLoaded,
      });
    }),
  },
});

// ---------------------------------------------------------------- machine

export const externalApplicationMachine = externalApplicationSetup.createMachine({
  id: 'externalApplication',
  description:
    "A page that shows one of the provider's applications (shipment registration, invoicing, periodicals) in a frame, for the party the person represents.",
  context: ({ input }) => ({
    service: input.service,
    wrapper: input.wrapper,
    menuPath: input.menuPath ?? null,
    userContext: input.userContext,
    language: input.language,
    profileCode: input.profileCode ?? null,
    application: null,
    requestedAt: 0,
    rolesAndPackets: null,
    roleName: null,
    messageKey: null,
    frameUrl: null,
    loads: 0,
    frameDocumentLoaded: false,
  }),
  on: {
    'external.contextChanged': {
      actions: {
        type: 'rememberContext',
        params: ({ event }) => ({ userContext: event.userContext, profileCode: event.profileCode ?? null }),
      },
      description: "The person's details change in the background; they are used at the next reload",
      meta: { bookkeeping: true },
    },
    'external.languageChanged': {
      target: '.resolving',
      actions: { type: 'rememberLanguage', params: ({ event }) => ({ language: event.language }) },
      description: 'Picks another language: the application reloads in it',
    },
    'external.routeChanged': {
      target: '.resolving',
      actions: {
        type: 'rememberRoute',
        params: ({ event }) => ({ service: event.service, wrapper: event.wrapper, menuPath: event.menuPath ?? null }),
      },
      description: 'Opens another application page: the application reloads for it',
    },
    'REPRESENTEE-CHANGE': {
      target: '.resolving',
      description:
        'The party the person acts for changes (or an application came back or went down): the application reloads',
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
        {
          guard: 'hasRoleCatalogue',
          target: 'loadingRoles',
          description: 'The application has roles to check (shipment registration, periodicals)',
        },
        { target: 'checkingRepresentee', description: 'The application has no roles to check' },
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
    loadingRoles: {
      description: "'Application is loading' shows while the person's roles in the application load.",
      tags: ['loading'],
      invoke: {
        id: 'loadRoleData',
        src: 'loadRoleData',
        input: ({ context }) => ({ application: context.application ?? '' }),
        onDone: {
          target: 'checkingRepresentee',
          actions: { type: 'storeRoles', params: ({ event }) => ({ rolesAndPackets: event.output }) },
          description: 'The server answers with the roles',
        },
        // spec 1 §8: a per-application error flag; the check goes on without the role map
        onError: {
          target: 'checkingRepresentee',
          actions: 'flagRoleFailure',
          description: 'The server does not answer: the portal goes on without the roles',
        },
      },
    },
    checkingRepresentee: {
      // role, profile code, role map, company
      description: 'The portal checks whether the party the person acts for may use the application.',
      tags: ['loading'],
      always: [
        {
          guard: 'representeeMissing',
          target: 'representeeRequired',
          description: 'The person acts for no party',
        },
        {
          guard: 'representeeIllegal',
          target: 'representeeRequired',
          description: 'The party the person acts for has no rights to the application',
        },
        {
          guard: 'lacksApplicationData',
          target: 'applicationDataMissing',
          description: "The portal does not know the application's address",
        },
        // the frame address is decided here, on the context that was checked
        {
          guard: 'isFinance',
          target: 'checkingFinance',
          actions: 'buildFrame',
          description: 'The party may use it, and it is invoicing management',
        },
        { target: 'showing', actions: 'buildFrame', description: 'The party may use the application' },
      ],
    },
    representeeRequired: {
      description:
        "'Choose representee to use the functionality' (or that the party has no rights) shows, and the representee panel opens.",
      entry: 'askForRepresentee',
    },
    applicationDataMissing: {
      // only logged (spec 1 §8)
      description: "'Application is loading' stays; the application cannot be opened.",
      tags: ['loading'],
      entry: 'warnMissingApplicationData',
    },
    checkingFinance: {
      description: "The portal checks the customer's invoicing package before showing invoicing management.",
      tags: ['loading'],
      invoke: {
        id: 'checkFinanceStatus',
        src: 'checkFinanceStatus',
        input: ({ context }) => ({ customerId: context.userContext.epitPrincipal?.represented?.gid ?? '' }),
        onDone: [
          {
            guard: { type: 'hasNoFinancePackage', params: ({ event }) => event.output },
            target: 'noFinancePackage',
            description: 'The customer has no invoicing package',
          },
          {
            guard: { type: 'isFinanceUnavailable', params: ({ event }) => event.output },
            target: 'financeUnavailable',
            actions: { type: 'requestFinanceRecovery', params: { refresh: 'auto' } },
            description: 'Invoicing is temporarily unavailable: a page that refreshes itself opens',
          },
          { target: 'showing', description: "The customer's invoicing is available" },
        ],
        onError: {
          target: 'financeUnavailable',
          actions: { type: 'requestFinanceRecovery', params: { refresh: 'manual' } },
          description: 'The server does not answer: a page asking the person to refresh opens',
        },
      },
    },
    noFinancePackage: {
      description: 'The person is told that the customer has no invoicing package.',
      entry: 'showNoFinancePackage',
    },
    financeUnavailable: {
      description: 'The invoicing maintenance page is on its way.',
      tags: ['loading'],
    },
    showing: {
      description: 'The application is shown in the frame; the representee panel closes.',
      tags: ['frame'],
      entry: 'closeRepresenteePanel',
      initial: 'frameLoading',
      states: {
        frameLoading: {
          description: "A loading overlay ('Application is loading') covers the frame while the application starts.",
          tags: ['frameLoading'],
          on: {
            'frame.loaded': {
              actions: 'noteDocumentLoaded',
              description: "The application's page has loaded in the frame",
              meta: { bookkeeping: true },
            },
            'frame.ready': { target: 'frameReady', description: 'The application reports that it is ready' },
          },
          after: {
            FRAME_LOAD_TIMEOUT: {
              target: '#externalApplication.frameLoadFailed',
              description: 'After 20 seconds the application is still not ready',
            },
          },
        },
        frameReady: {
          description: 'The application is ready and usable in the frame.',
        },
      },
    },
    frameLoadFailed: {
      description: 'The application did not start: an error shows instead of the frame, with a button to try again.',
      entry: 'showFrameLoadError',
      on: { 'frame.retry': { target: 'resolving', description: 'Clicks Try again: the application loads again' } },
    },
  },
});

export type ExternalApplicationActor = ActorRefFrom<typeof externalApplicationMachine>;
export type ExternalApplicationSnapshot = SnapshotFrom<typeof externalApplicationMachine>;

/** For the view: the loading message ('Application is loading') is shown. */
export const isApplicationLoading = (s: ExternalApplicationSnapshot): boolean => s.hasTag('loading');
/** For the view: the frame's source address, when the frame is shown. */
export const frameSourceOf = (s: ExternalApplicationSnapshot): string | null =>
  s.hasTag('frame') ? s.context.frameUrl : null;
