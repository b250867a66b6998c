/**
 * Model-based test spec of the external application page (machines/externalApplication.machine.ts) for
 * `npm run test:model`.
 *
 * The page's inputs change through `external.contextChanged` (mari for Maasikas OÜ, with its applications alive or
 * every one dead), `external.routeChanged` (the OSS wrapper, and LOGISTICS, PERIODICS and a
 * service she has no application for on the generic page), `external.languageChanged` and
 * `REPRESENTEE-CHANGE` (with the context it changed to, or without). While it opens the application, the frame's
 * load and ready events are passed to its `applicationFrame` child, and what the child reports (a frame to mount,
 * kept, ready or gone, a navigation, a log line) comes as the child's events; the child runs for real with inert
 * requests (machines/applicationFrame.model.ts tests it on its own). The order system's `ossChangeUrlHash` comes from
 * the frame channel, through the pages actor.
 */
import { fromPromise, type EventObject } from 'xstate';
import { applicationFrameMachine } from './applicationFrame.machine';
import {
  externalApplicationMachine,
  type ExternalApplicationInput,
  type ExternalApplicationSnapshot,
} from './externalApplication.machine';
import { financeCheckMachine, type FinanceStatus } from './financeCheck.machine';
import type { FrameLoadOutput, frameLoadMachine } from './frameLoad.machine';
import type { RolesAndPackets, UserContext } from '../domain/contract';
import { CHANNEL_METHOD, EXTERNAL_MESSAGE, type Wrapper } from '../domain/external';
import { OSS_FRAME_SRC, mariAtMaasikas, withProfileCode } from '../tests/support/fixtures/external';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const maasikas = withProfileCode(mariAtMaasikas(), 'NEW');
/** the contexts the page may be handed, by a short name the serializer keeps (the parent's guards read no more) */
const CONTEXTS: Record<string, UserContext> = {
  maasikas,
  dead: { ...maasikas, deadApplications: ['OSS', 'PERIODICALS', 'FINANCE'] },
};
const nameOf = (ctx: UserContext) => Object.keys(CONTEXTS).find((k) => CONTEXTS[k] === ctx) ?? '?';
/** for the tester reading visualizations/paths: which context a step hands over (the machine ignores `note`) */
const NOTES: Record<string, string> = {
  maasikas: 'mari for Maasikas OÜ',
  dead: 'mari for Maasikas OÜ, all applications dead',
};
/** a model event: a type plus its payload */
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ ...payload, type });
/**
 * the order system on its wrapper, on the generic page (the wrong one), another application, and none of hers (the
 * order system's other places are the scenario's)
 */
const ROUTES: Array<{ service: string; wrapper: Wrapper; hash: string }> = [
  { service: 'OSS', wrapper: 'oss-wrapper', hash: '' },
  { service: 'LOGISTICS', wrapper: 'external-service', hash: '' },
  { service: 'PERIODICS', wrapper: 'external-service', hash: '' },
  { service: 'PARCELS', wrapper: 'external-service', hash: '' },
];
/** the order system says it moved to a shipment */
const OSS_MOVED = ev('frame.notification', {
  method: CHANNEL_METHOD.ossChangeUrlHash,
  params: { changeHash: '/shipments/42' },
});

function events(s: ExternalApplicationSnapshot): EventObject[] {
  const out: EventObject[] = [
    ...Object.entries(CONTEXTS).map(([name, userContext]) =>
      ev('external.contextChanged', { note: NOTES[name], userContext }),
    ),
    ...ROUTES.map((r) => ev('external.routeChanged', r)),
    ev('external.languageChanged', { language: s.context.language === 'en' ? 'et' : 'en' }),
    ev('REPRESENTEE-CHANGE', { cause: 'RC' }),
    ev('REPRESENTEE-CHANGE', { cause: 'RC', note: NOTES.maasikas, userContext: maasikas }),
  ];
  if (s.matches('opening'))
    out.push(
      ev('frame.loaded'),
      ev('frame.ready'),
      ev('frame.retry'),
      // what the application child reports while it runs
      ev('frame.mount', { src: OSS_FRAME_SRC }),
      ev('frame.kept'),
      ev('frame.shown'),
      ev('frame.gone'),
      ev('navigation.requested', { target: { kind: 'path', path: '/finance/error/unavailable?refresh=auto' } }),
      ev('warning', { code: 'roles.loadFailed', detail: { application: 'OSS' } }),
    );
  return out;
}

const input: ExternalApplicationInput = {
  service: 'OSS',
  wrapper: 'oss-wrapper',
  userContext: maasikas,
  language: 'en',
  domain: 'EE',
  clock: { now: () => NOW },
};

const inert = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: MachineModelSpec<typeof externalApplicationMachine> = {
  name: 'externalApplication',
  tester: {
    person: 'mari (password Maasikas1)',
    address: "http://localhost:8080/ui/, choose Maasikas OÜ, then 'Shipment registration' on the main page",
    data: 'Maasikas OÜ and its six shipments; the application switches at http://localhost:8080/sim/ stop it',
  },
  machine: externalApplicationMachine,
  input,
  events,
  provide: {
    actors: {
      // the real child with inert requests: it never reports on its own but for what the context decides at once
      applicationFrame: applicationFrameMachine.provide({
        actors: {
          loadRoleData: inert<RolesAndPackets, { application: string }>(),
          financeCheck: financeCheckMachine.provide({
            actors: { checkFinanceStatus: inert<FinanceStatus, { customerId: string }>() },
          }),
          frameLoad: inert<FrameLoadOutput, void>() as unknown as typeof frameLoadMachine,
        },
      }),
    },
  },
  // what the guards read: the route and which context (the order system's place changes only in the scenario); the
  // language and the clock, and the frame element, change nothing they decide
  serializeState: serializeWith((s: ExternalApplicationSnapshot) => [
    s.context.service,
    s.context.wrapper,
    nameOf(s.context.userContext),
  ]),
  // the questions a product owner asks of this flow, answered step by step (the flow book lists them)
  scenarios: [
    {
      title:
        'What happens to an open application page when the person switches company? The page loads the application again, for the new company',
      steps: [{ event: ev('REPRESENTEE-CHANGE', { cause: 'RC', note: NOTES.maasikas, userContext: maasikas }) }],
    },
    {
      title:
        'What happens if the person switches to a company whose application is down? The maintenance message shows instead of the application until it is back',
      steps: [{ event: ev('REPRESENTEE-CHANGE', { cause: 'RC', note: NOTES.dead, userContext: CONTEXTS.dead }) }],
    },
    {
      title:
        "What happens when the person moves inside the order system? The portal's address follows it, and Back takes both back",
      steps: [
        { event: ev('frame.mount', { src: OSS_FRAME_SRC }) },
        { event: ev('frame.shown') },
        { event: OSS_MOVED },
        { event: ev('external.routeChanged', { service: 'OSS', wrapper: 'oss-wrapper', hash: '/shipments/42' }) },
        { event: ev('external.routeChanged', { service: 'OSS', wrapper: 'oss-wrapper', hash: '' }) },
      ],
    },
  ],
  states: {
    opening: (s) => {
      const child = s.children.applicationFrame?.getSnapshot().context;
      if (!child) throw new Error('the application opens in a child of its own');
      const { application, language, requestedAt } = s.context;
      if (child.application !== application || child.language !== language || child.requestedAt !== NOW)
        throw new Error(
          `the child opens ${child.application} in ${child.language}, the page ${application} in ${language}`,
        );
      if (requestedAt !== NOW) throw new Error('the load is stamped with the clock of the input');
    },
    maintenance: (s) => {
      if (s.context.messageKey !== EXTERNAL_MESSAGE.maintenance || s.children.applicationFrame)
        throw new Error('maintenance shows the maintenance message and no application');
      if (s.context.frame !== null) throw new Error('the frame is gone: its document must load afresh later');
    },
    noApplication: (s) => {
      if (s.context.messageKey !== EXTERNAL_MESSAGE.noRights) throw new Error("'No rights to access component'");
    },
    redirecting: (s) => {
      if (!s.hasTag('loading')) throw new Error('the loading message shows until the other page opens');
    },
  },
};
export default spec;
