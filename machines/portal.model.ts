/**
 * Model-based test spec of the portal, the root of the actor system (machines/portal.machine.ts), for
 * `npm run test:model`. Its children are stand-ins that keep what they are told (tests/support/model/recorder.ts), except the
 * pages machine, which runs for real with stand-in page actors: so each path checks what the root passed to whom,
 * and the named paths (scenarios) follow a flow between machines end to end, the events arriving as the children
 * report them.
 */
import { assign, createActor, sendParent, setup, type ActorRefFrom, type AnyActorRef, type EventObject } from 'xstate';
import type { UserContext } from '../domain/contract';
import { annaContext, mariAtMaasikas, mariAtPoldmari, mariWithNobody } from '../tests/support/fixtures/external';
import type { AnalyticsInput, PageView } from '../domain/analytics';
import type { Draft } from '../domain/pages';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { capitalised, DRAFT_KEPT_ACROSS_SIGN_ON } from '../tests/support/model/departures';
import { serializeWith } from '../tests/support/model/model-serialize';
import { providedMachine } from '../tests/support/model/provided';
import { recorderMachine, reportFrom, told } from '../tests/support/model/recorder';
import { pagesMachine } from './pages.machine';
import type { PortalEvent } from './portal.types';
import { LONG_LIVED_CHILDREN, portalMachine } from './portal.machine';
import { withDetails } from './representedDetails.machine';

type Portal = ActorRefFrom<typeof portalMachine>;

/** what the stand-ins of the browser effects were asked to do, per replay */
const effects = {
  navigate: [] as unknown[],
  announced: [] as unknown[],
  signOn: 0,
  stored: [] as Draft[][],
  pageViews: [] as PageView[],
};
const resetEffects = () => {
  effects.pageViews = [];
  effects.navigate = [];
  effects.announced = [];
  effects.signOn = 0;
  effects.stored = [];
};

const mari = mariAtMaasikas();
const mariAtPoldmariAS = mariAtPoldmari();
const axaptaDown = mariAtMaasikas({ deadApplications: ['AXAPTA'] });
/** mari after her right in Põldmari AS ended: the session acts for no one, the choice is hers again */
const mariNoLongerAtPoldmari = mariWithNobody();
const ossDown = mariAtMaasikas({ deadApplications: ['OSS'] });
/** mari's details after she added Testfirma OÜ: she may now act for it */
const mariWithTestfirma: UserContext = {
  ...mari,
  privileges: [...mari.privileges, 'ADDED_CUSTOMER_MARKER'],
};
const DRAFT_KEY = 'user-settings:EE48709050218';
/** where jaan's preference leads after the next login (spec 1 §4 root redirect): logistics, for Põldmari AS */
const preferredService = { kind: 'path', path: '/business/ee/et/LOGISTICS', replace: true } as const;
const noSignals = { doNotTrack: false, globalPrivacyControl: false };
/** live mode with an analytics endpoint, in a browser without a privacy signal: page views are counted */
const counted: AnalyticsInput = {
  runMode: 'live',
  analytics: { url: 'https://stats.example/matomo.php', siteId: 1 },
  privacy: noSignals,
};
const start = (analytics: AnalyticsInput, drafts: Draft[] = []) => ({
  session: { cookies: { language: null, domain: null } },
  drafts,
  baseUrl: '/ui',
  analytics,
});
/** Põldmari AS with the details the back office gave for it */
const poldmariWithDetails = withDetails(mariAtPoldmariAS, {
  regCode: '11000026',
  phone: null,
  address: null,
  credit: false,
  clientManagerName: 'Kati Kliendihaldur',
  clientManagerPhone: null,
  clientManagerEmail: null,
});

const child = (actor: AnyActorRef, id: string): AnyActorRef | undefined =>
  (actor.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[id];
const inSystem = (actor: AnyActorRef, systemId: string): AnyActorRef | undefined =>
  actor.system.get(systemId) as AnyActorRef | undefined;

function expectOne(events: EventObject[], what: string): EventObject {
  if (events.length !== 1) throw new Error(`expected ${what} once, got ${events.length}: ${JSON.stringify(events)}`);
  return events[0];
}
function expectEqual(actual: unknown, expected: unknown, what: string) {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** a scenario step: the event the root receives, and how it comes about */
const step = (event: PortalEvent, by?: (p: Portal) => void) => ({ event, by });
/** a child reports `event` to the root, as the real one would */
const reported = (id: string, event: PortalEvent) => step(event, (p) => reportFrom(child(p, id), event));

const signedInBySession = (userContext: UserContext) =>
  reported('session', { type: 'session.signedIn', userContext, domain: 'EE' });
const firstPage = step({
  type: 'route.resolved',
  path: '/dashboard',
  params: { modalName: null, application: null },
  route: { hash: '', external: null, afterPartySwitch: 'home' },
});
/** the order system's page resolves (the router reads its staticData): it stays after a party switch */
const ossPage: PortalEvent = {
  type: 'route.resolved',
  path: '/oss-wrapper#/shipments',
  params: { modalName: null, application: null },
  route: { hash: '/shipments', external: { service: 'OSS', wrapper: 'oss-wrapper' }, afterPartySwitch: 'stay' },
};
const startPage = (id: string, draftKey?: string) => (p: Portal) => {
  resetEffects();
  child(p, 'pages')!.send({ type: 'page.start', id, logic: recorderMachine, draftKey });
};

/** what a stand-in is asked to report (tests/support/model/recorder.ts) */
const reportedBy = (event: EventObject): EventObject => (event as EventObject & { event: EventObject }).event;
/** the details a session report or a handed-on change carries (null: none) */
const detailsIn = (e: EventObject): UserContext | null =>
  e.type === 'session.signedIn' || e.type === 'session.contextReplaced'
    ? (e as EventObject & { userContext: UserContext }).userContext
    : null;
/**
 * The session's stand-in: it keeps what it is told, and, as the session does, the person's details it last reported
 * or was handed (the portal reads them from it; it keeps no copy).
 */
const sessionStandIn = setup({
  types: {
    context: {} as { got: EventObject[]; userContext: UserContext | null; domain: 'EE' },
    events: {} as EventObject,
  },
}).createMachine({
  id: 'sessionStandIn',
  context: { got: [], userContext: null, domain: 'EE' },
  on: {
    'fake.report': {
      actions: [
        assign({ userContext: ({ context, event }) => detailsIn(reportedBy(event)) ?? context.userContext }),
        sendParent(({ event }) => reportedBy(event)),
      ],
    },
    '*': {
      actions: assign({
        got: ({ context, event }) => [...context.got, event],
        userContext: ({ context, event }) => detailsIn(event) ?? context.userContext,
      }),
    },
  },
});
/** the session's details as the portal reads them */
const sessionDetails = (p: Portal): unknown =>
  (child(p, 'session')?.getSnapshot() as { context: { userContext: UserContext | null } }).context.userContext;

/** every child but the pages machine is a stand-in that keeps what it is told */
const standIns = {
  ...Object.fromEntries(
    [...LONG_LIVED_CHILDREN.filter((id) => id !== 'pages'), 'representedDetails'].map((src) => [src, recorderMachine]),
  ),
  session: sessionStandIn,
};

const spec: MachineModelSpec<typeof portalMachine> = {
  name: 'portal',
  tester: {
    person: 'mari (password Maasikas1)',
    address: 'http://localhost:8080/ui/, choose Maasikas OÜ',
  },
  machine: portalMachine,
  inputs: {
    'live mode, page views counted': start(counted),
    'Do Not Track set, no page views': start({ ...counted, privacy: { ...noSignals, doNotTrack: true } }),
  },
  events: (s) => {
    const out: PortalEvent[] = [
      { type: 'toast.show', toast: { toastType: 'success', messageKey: 'changes.saved' } },
      { type: 'warning', code: 'demo.failed', detail: 500 },
      { type: 'navigation.requested', target: { kind: 'home' } },
      s.context.href === '/user-settings'
        ? { type: 'navigation.urlChanged', routeId: '/', component: 'index', href: '/' }
        : {
            type: 'navigation.urlChanged',
            routeId: '/user-settings/edit/',
            component: 'user-settings-edit',
            href: '/user-settings',
          },
      { type: 'context.replaced', context: axaptaDown, cause: 'SC' },
      { type: 'context.replaced', context: mariAtPoldmariAS, cause: 'RC' },
      { type: 'REPRESENTEE-CHANGE', cause: 'RC' },
      { type: 'represented.switchRequested', gid: 'EPEE11000026' },
      { type: 'represented.switchRequested', gid: 'EPEE11000026', then: preferredService },
      { type: 'represented.changeRequested', gid: 'EPEE11000026' },
      ossPage,
      { type: 'represented.changed', gid: 'EPEE11000026', context: mariAtPoldmariAS },
      { type: 'represented.changeFailed', gid: 'EPEE11000026', status: 500 },
      { type: 'customerAdd.requested' },
      { type: 'modal.openFromUrl', modalName: 'add-customer' },
      { type: 'modal.opened', component: 'customer-add' },
      { type: 'modal.closed', component: 'customer-add', result: { created: true } },
      { type: 'customerAdd.done', created: true, signed: true, context: mariWithTestfirma },
      { type: 'customerAdd.done', created: false, signed: false, context: null },
      { type: 'signOn.required' },
      { type: 'api.unauthorized' },
      { type: 'api.rightEnded' },
    ];
    if (s.matches('signedOut')) out.push({ type: 'session.signedIn', userContext: mari, domain: 'EE' });
    if (s.matches('signedIn')) {
      out.push(
        { type: 'session.signedIn', userContext: mariAtPoldmariAS, domain: 'EE' },
        { type: 'session.languageChanged', language: 'en' },
        { type: 'session.signedOut' },
        { type: 'session.loggedOut' },
      );
    }
    if (s.matches({ signedIn: 'awaitingFirstPage' })) out.push(firstPage.event);
    // the session's details after a right ended: someone left to choose, or no one (a private customer only)
    if (s.matches({ signedIn: 'rightEnded' }))
      out.push(
        { type: 'session.signedIn', userContext: mariNoLongerAtPoldmari, domain: 'EE' },
        { type: 'session.signedIn', userContext: annaContext(), domain: 'EE' },
      );
    return out;
  },
  provide: {
    actors: {
      pages: pagesMachine.provide({ actions: { storeDrafts: (_, { drafts }) => effects.stored.push(drafts) } }),
    },
    actions: {
      navigate: (_, p) => effects.navigate.push(p),
      logWarning: () => {},
      announceRepresenteeChange: (_, p) => effects.announced.push(p),
      redirectToSignOn: () => {
        effects.signOn++;
      },
      trackPageView: (_, p) => effects.pageViews.push(p),
    },
  },
  standIns,
  // what the guards read: whether the back office is down, whether the page is the home page (a root redirect's
  // pending switch and whether the page stays after a party switch are left out: they would double the paths; the
  // scenarios below take their branches)
  serializeState: serializeWith((s) => [s.context.backOfficeDown, s.context.href === '/user-settings']),
  states: {
    signedIn: (s) => {
      if (!s.children.representedDetails) throw new Error('signed in, yet no one fetches a party’s missing details');
    },
  },
  scenarios: [
    {
      title:
        'The first page after a login follows a preference for another party: the portal switches to it, then opens the service',
      setup: () => resetEffects(),
      steps: [
        signedInBySession(mari),
        step({ type: 'represented.switchRequested', gid: 'EPEE11000026', then: preferredService }),
        reported('representedChange', { type: 'represented.changed', gid: 'EPEE11000026', context: mariAtPoldmariAS }),
      ],
      check: (p) => {
        expectEqual(
          told(child(p, 'representedChange'), 'represented.change'),
          [{ type: 'represented.change', gid: 'EPEE11000026', awaitsResult: true }],
          'the switch asked for',
        );
        expectEqual(effects.navigate, [{ target: preferredService }], 'the preferred service opened after it');
        expectEqual(p.getSnapshot().context.afterSwitch, null, 'nothing left waiting');
      },
    },
    {
      title: 'The switch the preference asks for fails: the preferred service opens all the same',
      setup: () => resetEffects(),
      steps: [
        signedInBySession(mari),
        step({ type: 'represented.switchRequested', gid: 'EPEE11000026', then: preferredService }),
        reported('representedChange', { type: 'represented.changeFailed', gid: 'EPEE11000026', status: 500 }),
      ],
      check: () => expectEqual(effects.navigate, [{ target: preferredService }], 'the preferred service opened'),
    },
    {
      title: 'Mari opens her settings in live mode: the page view names the page’s template, never her code',
      setup: () => resetEffects(),
      steps: [
        signedInBySession(mari),
        firstPage,
        reported('navigation', {
          type: 'navigation.urlChanged',
          routeId: '/user-settings/edit/$fgid',
          component: 'user-settings-edit',
          href: '/user-settings/edit/EE48709050218?tab=1',
        }),
      ],
      check: (p) => {
        expectEqual(
          effects.pageViews,
          [{ path: '/user-settings/edit/:fgid', title: 'user-settings-edit' }],
          'the page views counted',
        );
        expectEqual(p.getSnapshot().context.href, '/user-settings/edit/EE48709050218?tab=1', 'the address kept');
      },
    },
    {
      title: 'A representee change while an external application page is open: the page reloads for the new party',
      setup: startPage('externalApplication'),
      steps: [
        signedInBySession(mari),
        step(ossPage),
        step({ type: 'represented.changeRequested', gid: 'EPEE11000026' }),
        reported('representedChange', { type: 'context.replaced', context: mariAtPoldmariAS, cause: 'RC' }),
        reported('representedChange', { type: 'REPRESENTEE-CHANGE', cause: 'RC' }),
        reported('representedChange', { type: 'represented.changed', gid: 'EPEE11000026', context: mariAtPoldmariAS }),
      ],
      check: (p) => {
        const page = inSystem(p, 'externalApplication');
        expectEqual(
          told(page, 'external.routeChanged'),
          [{ type: 'external.routeChanged', service: 'OSS', wrapper: 'oss-wrapper', hash: '/shipments' }],
          'the route the page hears',
        );
        expectEqual(
          told(child(p, 'representedChange'), 'represented.change'),
          [{ type: 'represented.change', gid: 'EPEE11000026', externalComponent: true }],
          'the switch, staying on the page',
        );
        expectEqual(effects.navigate, [], 'no navigation');
        const change = expectOne(told(page, 'REPRESENTEE-CHANGE'), 'REPRESENTEE-CHANGE on the external page');
        expectEqual(change, { type: 'REPRESENTEE-CHANGE', cause: 'RC', userContext: mariAtPoldmariAS }, 'the page');
        expectEqual(effects.announced, [{ type: 'REPRESENTEE-CHANGE', cause: 'RC' }], 'the DOM event');
        expectEqual(
          told(child(p, 'session'), 'session.contextReplaced'),
          [{ type: 'session.contextReplaced', userContext: mariAtPoldmariAS }],
          'the session',
        );
      },
    },
    {
      title: 'Customer add closes with a new context: the header and the dashboard show the new customer',
      setup: () => resetEffects(),
      steps: [
        signedInBySession(mari),
        firstPage,
        step({ type: 'customerAdd.requested' }),
        reported('modals', { type: 'modal.opened', component: 'customer-add' }),
        reported('customerAddModal', {
          type: 'customerAdd.done',
          created: true,
          signed: true,
          context: mariWithTestfirma,
        }),
        reported('modals', {
          type: 'modal.closed',
          component: 'customer-add',
          result: { created: true, signed: true },
        }),
      ],
      check: (p) => {
        const modals = child(p, 'modals');
        expectOne(told(modals, 'modal.open'), 'the modal opening');
        expectEqual(
          told(modals, 'modal.close'),
          [{ type: 'modal.close', result: { created: true, signed: true } }],
          'the close',
        );
        const opened = expectOne(told(child(p, 'customerAddModal'), 'customerAddModal.opened'), 'the flow start');
        expectEqual((opened as { returnUrl?: string }).returnUrl, '/ui/', 'where the flow returns');
        expectOne(told(child(p, 'customerAddModal'), 'customerAddModal.closed'), 'the flow stop');
        // the header and the dashboard read the session's user context
        expectEqual(
          told(child(p, 'session'), 'session.contextReplaced'),
          [{ type: 'session.contextReplaced', userContext: mariWithTestfirma }],
          'the session',
        );
        expectEqual(
          told(child(p, 'representedChoice'), 'customerAdd.closed'),
          [{ type: 'customerAdd.closed', created: true, signed: true, context: mariWithTestfirma }],
          'the choice of whom to represent',
        );
        expectEqual(sessionDetails(p), mariWithTestfirma, "the session's user context, which the portal reads");
      },
    },
    {
      title:
        'The back office goes down while customer add is open: the error shows, the modal closes, and it stays shut while down',
      setup: () => resetEffects(),
      steps: [
        signedInBySession(mari),
        firstPage,
        step({ type: 'customerAdd.requested' }),
        reported('modals', { type: 'modal.opened', component: 'customer-add' }),
        reported('deadApplicationPoll', { type: 'context.replaced', context: axaptaDown, cause: 'SC' }),
        // the flow closes (what was typed stays in it) and reports its end
        reported('customerAddModal', { type: 'customerAdd.done', created: false, signed: false, context: null }),
        reported('modals', { type: 'modal.closed', component: 'customer-add', result: { created: false } }),
        // asked again, by a button or by the address: nothing opens
        step({ type: 'customerAdd.requested' }),
        step({ type: 'modal.openFromUrl', modalName: 'add-customer' }),
      ],
      check: (p) => {
        const modals = child(p, 'modals');
        expectOne(told(modals, 'modal.open'), 'the one opening, while the back office was up');
        expectEqual(told(modals, 'modal.openFromUrl'), [], 'the address while it is down');
        expectEqual(
          told(modals, 'modal.close'),
          [{ type: 'modal.close', result: { created: false, signed: false } }],
          'the close',
        );
        expectOne(told(child(p, 'customerAddModal'), 'customerAddModal.backOfficeDown'), 'the flow told');
        expectEqual(
          told(child(p, 'toasts'), 'toasts.show'),
          [1, 2, 3].map(() => ({ type: 'toasts.show', toastType: 'error', messageKey: 'error.axapta.dead' })),
          'the message: when it went down, and at each refused opening',
        );
      },
    },
    {
      title: 'An address naming customer add while the back office is up: the modals open it',
      setup: () => resetEffects(),
      steps: [signedInBySession(mari), firstPage, step({ type: 'modal.openFromUrl', modalName: 'add-customer' })],
      check: (p) => {
        expectEqual(
          told(child(p, 'modals'), 'modal.openFromUrl'),
          [{ type: 'modal.openFromUrl', modalName: 'add-customer' }],
          'the modals',
        );
      },
    },
    {
      title: `What happens if the session expires while user settings are saved? ${capitalised(DRAFT_KEPT_ACROSS_SIGN_ON)}`,
      setup: startPage('userSettingsForm', DRAFT_KEY),
      steps: [
        signedInBySession(mari),
        firstPage,
        step({ type: 'signOn.required' }, (p) =>
          reportFrom(inSystem(p, 'userSettingsForm'), {
            type: 'form.sessionExpired',
            draftKey: DRAFT_KEY,
            values: { mobile: '+372 5555 1234' },
          }),
        ),
      ],
      check: async () => {
        if (effects.signOn !== 1) throw new Error(`expected one sign-on redirect, got ${effects.signOn}`);
        const kept = effects.stored.at(-1);
        expectEqual(kept, [{ key: DRAFT_KEY, values: { mobile: '+372 5555 1234' } }], 'the stored drafts');
        // the sign-on is a page load: a new portal starts with the stored drafts, and the form shows again
        const next = createActor(providedMachine(spec), {
          input: start(counted, kept),
        }).start();
        try {
          child(next, 'pages')!.send({
            type: 'page.start',
            id: 'userSettingsForm',
            logic: recorderMachine,
            draftKey: DRAFT_KEY,
          });
          await Promise.resolve();
          expectEqual(
            told(inSystem(next, 'userSettingsForm'), 'form.restoreDraft'),
            [{ type: 'form.restoreDraft', values: { mobile: '+372 5555 1234' } }],
            'the form showing again',
          );
          expectEqual(effects.stored.at(-1), [], 'the drafts once given back');
        } finally {
          next.stop();
        }
      },
    },
    {
      title: 'Another party without details: its details are asked for, and the session shows them on every page',
      setup: () => resetEffects(),
      steps: [
        signedInBySession(mari),
        firstPage,
        signedInBySession(mariAtPoldmariAS),
        reported('representedDetails', { type: 'context.replaced', context: poldmariWithDetails, cause: 'RC' }),
        signedInBySession(poldmariWithDetails),
      ],
      check: (p) => {
        expectEqual(
          told(child(p, 'representedDetails'), 'session.signedIn').map((e) => ('userContext' in e ? e.userContext : e)),
          [mariAtPoldmariAS, poldmariWithDetails],
          'the contexts the details child looked at',
        );
        expectEqual(
          told(child(p, 'session'), 'session.contextReplaced'),
          [{ type: 'session.contextReplaced', userContext: poldmariWithDetails }],
          'the session (the header, the user menu and the client manager read it)',
        );
        expectEqual(sessionDetails(p), poldmariWithDetails, "the session's user context, which the portal reads");
      },
    },
    {
      title:
        'Kristi ends mari’s right in Põldmari AS while its application page is open: a message, the main page, the choice',
      setup: startPage('externalApplication'),
      steps: [
        signedInBySession(mariAtPoldmariAS),
        firstPage,
        // the next call for Põldmari AS answers RIGHT_ENDED: the API client tells the root
        step({ type: 'api.rightEnded' }),
        // a second call refused at the same time: no second message
        step({ type: 'api.rightEnded' }),
        signedInBySession(mariNoLongerAtPoldmari),
      ],
      check: (p) => {
        expectEqual(
          told(child(p, 'toasts'), 'toasts.show'),
          [{ type: 'toasts.show', toastType: 'error', messageKey: 'error.rightEnded' }],
          'the message',
        );
        expectOne(told(child(p, 'session'), 'session.reload'), 'the session loading again');
        expectEqual(effects.navigate, [{ target: { kind: 'dashboard' } }], 'the page the person is taken to');
        expectEqual(
          told(child(p, 'representedChoice'), 'choice.open'),
          [{ type: 'choice.open', path: '/dashboard' }],
          'the choice of whom to represent',
        );
        expectEqual(
          told(inSystem(p, 'externalApplication'), 'external.contextChanged').at(-1),
          { type: 'external.contextChanged', userContext: mariNoLongerAtPoldmari },
          'the application page (its frame goes with the page)',
        );
        if (!p.getSnapshot().matches({ signedIn: 'choosing' })) throw new Error('the portal should be choosing again');
      },
    },
    {
      title: 'An application is reported down while its page is open: the page shows it down',
      setup: startPage('externalApplication'),
      steps: [
        signedInBySession(mari),
        firstPage,
        reported('deadApplicationPoll', { type: 'context.replaced', context: ossDown, cause: 'SC' }),
        reported('deadApplicationPoll', { type: 'REPRESENTEE-CHANGE', cause: 'SC' }),
        signedInBySession(ossDown),
      ],
      check: (p) => {
        const page = inSystem(p, 'externalApplication');
        expectEqual(
          told(page, 'REPRESENTEE-CHANGE'),
          [{ type: 'REPRESENTEE-CHANGE', cause: 'SC', userContext: ossDown }],
          'the page reloading',
        );
        expectEqual(
          told(page, 'external.contextChanged').at(-1),
          { type: 'external.contextChanged', userContext: ossDown },
          "the page's context",
        );
        expectEqual(effects.announced, [{ type: 'REPRESENTEE-CHANGE', cause: 'SC' }], 'the DOM event');
        if (told(child(p, 'toasts'), 'toasts.show').length) throw new Error('an application down is no toast');
      },
    },
  ],
};
export default spec;
