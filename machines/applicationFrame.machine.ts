/**
 * One application opened for the represented party (spec 1 §4 "External application flow", "Service recovery
 * (finance)", §8 external pages): a child of the external application page (externalApplication.machine.ts), started
 * afresh for each load of the page. It loads the application's role data (for the applications with a role catalogue;
 * a failure shows error.representation-failure and loads them again), checks the represented party (not valid:
 * select.represented or illegal.represented and the representee panel; valid: the frame URL), checks the finance
 * status first for invoicing management (`financeCheck`) and watches the frame start (`frameLoad`).
 *
 * It alone decides what happens to the frame element the page has (`mounted`, kept by the page across loads): an
 * address of the document it already shows keeps it where the person is (the order system hears the new language or
 * party over the channel, spec 1 §4 "OSS hash sync"); another document mounts a new frame; a load that ends without
 * a frame drops it. */
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { financeCheckMachine, type FinanceCheckOutcome } from './financeCheck.machine';
import { frameLoadMachine, type FrameLoadOutput } from './frameLoad.machine';
import type { Language, RolesAndPackets, UserContext } from '../domain/contract';
import {
  EXTERNAL_MESSAGE,
  FINANCE,
  SUPPORTED_APPLICATIONS,
  applicationBaseUrl,
  checkRepresentee,
  financeUnavailablePath,
  frameDocumentKey,
  frameUrl,
  roleNameFor,
  type FinanceRecovery,
  type RepresenteeCheck,
  type Wrapper,
} from '../domain/external';
import { isOneOf } from '../domain/external/one-of';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import type { NavigationRequested, Warning } from '../domain/shell-events';

/** Spec 1 §8 "Role loading failure": the page loads the roles again after this pause (value not in the spec). */
export const ROLE_RETRY = 10_000;

export interface ApplicationFrameInput {
  application: string;
  wrapper: Wrapper;
  menuPath: string | null;
  userContext: UserContext;
  language: Language;
  profileCode: string | null;
  /** when the page's load began: the frame URL's timestamp and the day role validity is judged on */
  requestedAt: number;
  /** the frame element the page shows now, from an earlier load (null: none) */
  mounted: MountedFrame | null;
}

/** The page's frame element: its source address, and whether its application reported ready. */
export interface MountedFrame {
  src: string;
  ready: boolean;
}

export interface ApplicationFrameContext extends ApplicationFrameInput {
  /** the application's role data (null: not loaded, failed, or the application has no role catalogue) */
  rolesAndPackets: RolesAndPackets | null;
  /** the person's role name in the application, for the header */
  roleName: string | null;
  /** the message shown instead of the frame (an i18n key) */
  messageKey: string | null;
  /** the frame's source address once the representee is valid */
  frameUrl: string | null;
}

export type ApplicationFrameEvent = { type: 'frame.loaded' } | { type: 'frame.ready' };

export type ApplicationFrameEmitted =
  | NavigationRequested
  /** the page mounts a new frame element with this address (its first load adds no history entry) */
  | { type: 'frame.mount'; src: string }
  /** the frame element stays: this load opens the document it already shows */
  | { type: 'frame.kept' }
  /** the application in the frame reported ready */
  | { type: 'frame.shown' }
  /** the load ends without a frame (a message instead): the page drops the element; a later load mounts it afresh */
  | { type: 'frame.gone' }
  /** spec 1 §8, only logged: 'roles.loadFailed', 'externalApplication.applicationDataMissing', '…frameLoadFailed' */
  | Warning;

type Ctx = ApplicationFrameContext;
const representeeCheck = (context: Ctx): RepresenteeCheck =>
  checkRepresentee({
    ctx: context.userContext,
    application: context.application,
    today: new Date(context.requestedAt),
    profileCode: context.profileCode,
    rolesAndPackets: context.rolesAndPackets,
  });
/** whether the page's frame element already shows the document of this load's address */
const mountedShowsDocument = (context: Ctx): boolean => {
  const oss = context.wrapper === 'oss-wrapper';
  return (
    context.mounted !== null &&
    context.frameUrl !== null &&
    frameDocumentKey(context.mounted.src, { oss }) === frameDocumentKey(context.frameUrl, { oss })
  );
};

const tell = reporter<ApplicationFrameContext, ApplicationFrameEvent, ApplicationFrameEmitted>();

export const applicationFrameMachine = setup({
  types: {
    context: {} as ApplicationFrameContext,
    events: {} as ApplicationFrameEvent,
    input: {} as ApplicationFrameInput,
    emitted: {} as ApplicationFrameEmitted,
  },
  actors: {
    /** GET roles-and-packets/clientapp/{application} with the role-request timeout of the configuration */
    loadRoleData: notProvided<RolesAndPackets, { application: string }>('loadRoleData'),
    financeCheck: financeCheckMachine,
    frameLoad: frameLoadMachine,
  },
  delays: { ROLE_RETRY },
  guards: {
    hasRoleCatalogue: ({ context }) => isOneOf(SUPPORTED_APPLICATIONS, context.application),
    representeeMissing: ({ context }) => {
      const check = representeeCheck(context);
      return !check.valid && check.messageKey === EXTERNAL_MESSAGE.selectRepresented;
    },
    representeeIllegal: ({ context }) => !representeeCheck(context).valid,
    lacksApplicationData: ({ context }) => applicationBaseUrl(context.userContext, context.application) === null,
    isFinance: ({ context }) => context.application === FINANCE,
    isFinanceOutcome: (_, p: { outcome: FinanceCheckOutcome; is: FinanceCheckOutcome }) => p.outcome === p.is,
    sameDocumentReady: ({ context }) => mountedShowsDocument(context) && !!context.mounted?.ready,
    sameDocumentLoading: ({ context }) => mountedShowsDocument(context),
    frameReported: (_, p: FrameLoadOutput) => p.ready,
  },
  actions: {
    storeRoles: assign((_, p: { rolesAndPackets: RolesAndPackets }) => ({ ...p, messageKey: null })),
    showRoleFailure: assign({ messageKey: EXTERNAL_MESSAGE.roleLoadFailure }),
    flagRoleFailure: tell(({ context }) => ({
      type: 'warning',
      code: 'roles.loadFailed',
      detail: { application: context.application },
    })),
    askForRepresentee: assign(({ context }) => {
      const check = representeeCheck(context);
      return { messageKey: check.valid ? EXTERNAL_MESSAGE.selectRepresented : check.messageKey };
    }),
    /** spec 1 §8: missing OSS application data is only logged (by the app: machines never log) */
    warnMissingApplicationData: tell(({ context }) => ({
      type: 'warning',
      code: 'externalApplication.applicationDataMissing',
      detail: { application: context.application },
    })),
    buildFrame: assign(({ context }) => {
      const check = representeeCheck(context);
      const baseUrl = applicationBaseUrl(context.userContext, context.application);
      if (!check.valid || !baseUrl) return {};
      const { application, language } = context;
      return {
        frameUrl: frameUrl({
          application,
          baseUrl,
          guid: check.guid,
          isPerson: check.isPerson,
          language,
          // a frame already in the page belongs to another party or language: the new one opens at its start
          menuPath: context.mounted ? null : context.menuPath,
          timestamp: context.requestedAt,
        }),
        roleName: roleNameFor({
          principal: context.userContext.epitPrincipal,
          application,
          rolesAndPackets: context.rolesAndPackets,
          language,
        }),
      };
    }),
    showNoFinancePackage: assign({ messageKey: EXTERNAL_MESSAGE.noFinancePackage }),
    requestFinanceRecovery: tell((_, p: { refresh: FinanceRecovery }) => ({
      type: 'navigation.requested',
      target: { kind: 'path', path: financeUnavailablePath(p.refresh), replace: true },
    })),
    reportShown: tell(() => ({ type: 'frame.shown' })),
    reportKept: tell(() => ({ type: 'frame.kept' })),
    reportMount: tell(({ context }) => ({ type: 'frame.mount', src: context.frameUrl ?? '' })),
    /** a load that ends without a frame drops it: a later load of its document loads it afresh */
    reportNoFrame: tell(() => ({ type: 'frame.gone' })),
    /** spec 1 §8: the server error instead of the frame; the log says how far the frame got */
    showFrameLoadError: assign({ messageKey: EXTERNAL_MESSAGE.frameLoadError }),
    logFrameLoadFailure: tell(({ context }, p: FrameLoadOutput) => ({
      type: 'warning',
      code: 'externalApplication.frameLoadFailed',
      detail: { application: context.application, documentLoaded: p.documentLoaded },
    })),
  },
}).createMachine({
  id: 'applicationFrame',
  description: 'The application opens for the represented party: its roles, the party check, then the frame.',
  context: ({ input }) => ({ ...input, rolesAndPackets: null, roleName: null, messageKey: null, frameUrl: null }),
  initial: 'starting',
  states: {
    starting: {
      description: "'Application is loading' shows.",
      tags: ['loading'],
      always: [
        {
          guard: 'hasRoleCatalogue',
          target: 'loadingRoles',
          description: 'The application has roles to check (shipment registration, periodicals)',
        },
        { target: 'checkingRepresentee', description: 'The application has no roles to check' },
      ],
    },
    loadingRoles: {
      description: "'Application is loading' shows while the person's roles in the application load.",
      tags: ['loading'],
      invoke: {
        id: 'loadRoleData',
        src: 'loadRoleData',
        input: ({ context }) => ({ application: context.application }),
        onDone: {
          target: 'checkingRepresentee',
          actions: { type: 'storeRoles', params: ({ event }) => ({ rolesAndPackets: event.output }) },
          description: 'The server answers with the roles',
        },
        // spec 1 §8: a per-application error flag and the page revalidated
        onError: { target: 'rolesFailed', actions: 'flagRoleFailure', description: 'The server does not answer' },
      },
    },
    rolesFailed: {
      description: "'The … is/are not available at the moment' shows instead of the application.",
      entry: ['showRoleFailure', 'reportNoFrame'],
      after: { ROLE_RETRY: { target: 'loadingRoles', description: 'After 10 seconds the roles load again' } },
    },
    checkingRepresentee: {
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
      entry: ['askForRepresentee', 'reportNoFrame'],
    },
    applicationDataMissing: {
      description: "'Application is loading' stays; the application cannot be opened (only logged, spec 1 §8).",
      tags: ['loading'],
      entry: 'warnMissingApplicationData',
    },
    checkingFinance: {
      description: "The portal checks the customer's invoicing package before showing invoicing management.",
      tags: ['loading'],
      invoke: {
        id: 'financeCheck',
        src: 'financeCheck',
        input: ({ context }) => ({ customerId: context.userContext.epitPrincipal?.represented?.gid ?? '' }),
        onDone: [
          {
            guard: { type: 'isFinanceOutcome', params: ({ event }) => ({ outcome: event.output, is: 'noPackage' }) },
            target: 'noFinancePackage',
            description: 'The customer has no invoicing package',
          },
          {
            guard: { type: 'isFinanceOutcome', params: ({ event }) => ({ outcome: event.output, is: 'unavailable' }) },
            target: 'financeUnavailable',
            actions: { type: 'requestFinanceRecovery', params: { refresh: 'auto' } },
            description: 'Invoicing is temporarily unavailable: a page that refreshes itself opens',
          },
          {
            guard: { type: 'isFinanceOutcome', params: ({ event }) => ({ outcome: event.output, is: 'unreachable' }) },
            target: 'financeUnavailable',
            actions: { type: 'requestFinanceRecovery', params: { refresh: 'manual' } },
            description: 'The server does not answer: a page asking the person to refresh opens',
          },
          { target: 'showing', description: "The customer's invoicing is available" },
        ],
      },
    },
    noFinancePackage: {
      description: 'The person is told that the customer has no invoicing package.',
      entry: ['showNoFinancePackage', 'reportNoFrame'],
    },
    financeUnavailable: {
      description: 'The invoicing maintenance page is on its way.',
      tags: ['loading'],
    },
    showing: {
      description: 'The application is shown in the frame; the representee panel closes.',
      tags: ['frame'],
      initial: 'deciding',
      states: {
        deciding: {
          description: 'The portal compares the address with the document already in the frame.',
          always: [
            {
              guard: 'sameDocumentReady',
              target: 'frameReady',
              actions: 'reportKept',
              description: 'The frame already shows this document, ready: it stays where the person is',
            },
            {
              guard: 'sameDocumentLoading',
              target: 'frameLoading',
              actions: 'reportKept',
              description: 'The frame is still loading this document: it goes on loading',
            },
            { target: 'frameLoading', actions: 'reportMount', description: 'A new frame loads this document' },
          ],
        },
        frameLoading: {
          description: "A loading overlay ('Application is loading') covers the frame while the application starts.",
          tags: ['frameLoading'],
          invoke: {
            id: 'frameLoad',
            src: 'frameLoad',
            onDone: [
              {
                guard: { type: 'frameReported', params: ({ event }) => event.output },
                target: 'frameReady',
                actions: 'reportShown',
                description: 'The application reports that it is ready',
              },
              {
                target: '#applicationFrame.frameLoadFailed',
                actions: { type: 'logFrameLoadFailure', params: ({ event }) => event.output },
                description: 'After 20 seconds the application is still not ready',
              },
            ],
          },
          on: {
            'frame.loaded': {
              actions: sendTo('frameLoad', { type: 'frame.loaded' }),
              description: "The application's page has loaded in the frame",
              meta: { bookkeeping: true },
            },
            'frame.ready': {
              actions: sendTo('frameLoad', { type: 'frame.ready' }),
              description: 'The frame channel hears the application: it is ready',
            },
          },
        },
        frameReady: { description: 'The application is ready and usable in the frame.' },
      },
    },
    frameLoadFailed: {
      description: 'The application did not start: an error shows instead of the frame, with a button to try again.',
      entry: ['showFrameLoadError', 'reportNoFrame'],
    },
  },
});

export type ApplicationFrameActor = ActorRefFrom<typeof applicationFrameMachine>;
export type ApplicationFrameSnapshot = SnapshotFrom<typeof applicationFrameMachine>;
