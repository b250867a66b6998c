/**
 * Model-based test spec of the external application flow (machines/externalApplication.machine.ts) for
 * `npm run test:model`.
 *
 * The page's inputs change through `external.contextChanged` (five user contexts of mari: Maasikas OÜ alive, every
 * application dead, nobody chosen, Vana Kaup OÜ with an ended role, and a context without application addresses),
 * `external.routeChanged` (the OSS wrapper, LOGISTICS and FINANCE, PERIODICS and an unknown service on the generic
 * page), `external.languageChanged` and `REPRESENTEE-CHANGE`; the role data and the finance status come as the
 * synthetic done/error events of their actors, whose fakes never settle. The frame reports its document loaded
 * (`frame.loaded`) and the application ready (`frame.ready`), or FRAME_LOAD_TIMEOUT runs out (a frame load error,
 * then `frame.retry`).
 */
import { fromPromise, type EventObject } from 'xstate';
import type { RolesAndPackets, UserContext } from './lib/contract';
import type { MachineModelSpec } from './lib/model/model-spec';
import { serializeWith } from './lib/model/model-serialize';
import { EXTERNAL_MESSAGE, type Wrapper } from './lib/external';
import {
  OSS_BASE,
  mariAtMaasikas,
  mariAtVanaKaup,
  mariWithNobody,
  ossRoles,
  periodicalsRoles,
} from './lib/fixtures/external';
import {
  externalApplicationMachine,
  frameSourceOf,
  type ExternalApplicationSnapshot,
  type FinanceStatus,
} from './externalApplication.machine';

const ALL_DEAD = ['OSS', 'PERIODICALS', 'FINANCE'];
/** the contexts the page may be handed, by a short name the serializer keeps */
const CONTEXTS: Record<string, UserContext> = {
  maasikas: mariAtMaasikas(),
  dead: mariAtMaasikas({ deadApplications: ALL_DEAD }),
  nobody: mariWithNobody(),
  vanaKaup: mariAtVanaKaup(),
  noAddresses: {
    ...mariAtMaasikas(),
    applications: mariAtMaasikas().applications.map((a) => ({
      ...a,
      customParameters: { service: a.customParameters.service },
    })),
    externalApps: mariAtMaasikas().externalApps.map((e) => ({
      ...e,
      customParameters: { application: e.customParameters.application },
    })),
  },
};
const nameOf = (ctx: UserContext) => Object.keys(CONTEXTS).find((k) => CONTEXTS[k] === ctx) ?? '?';
/** for the tester reading visualizations/paths: which context a step hands over (the machine ignores `note`) */
const NOTES: Record<string, string> = {
  maasikas: 'mari for Maasikas OÜ',
  dead: 'mari for Maasikas OÜ, all applications dead',
  nobody: 'mari, nobody chosen',
  vanaKaup: 'mari for Vana Kaup OÜ (OSS role ended)',
  noAddresses: 'mari for Maasikas OÜ, no application addresses',
};
/** the page rests here (a new context arrives between loads, as the session hands it over) */
const RESTING = [
  'showing',
  'representeeRequired',
  'maintenance',
  'noFinancePackage',
  'applicationDataMissing',
  'frameLoadFailed',
] as const;

const ROUTES: Array<{ service: string; wrapper: Wrapper }> = [
  { service: 'OSS', wrapper: 'oss-wrapper' },
  { service: 'LOGISTICS', wrapper: 'external-service' },
  { service: 'FINANCE', wrapper: 'external-service' },
  { service: 'PERIODICS', wrapper: 'external-service' },
  { service: 'PARCELS', wrapper: 'external-service' },
];

/** a model event: a type plus its payload */
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ ...payload, type });
const done = (id: string, output: unknown) => ev(`xstate.done.actor.${id}`, { output });
const fail = (id: string, error: unknown) => ev(`xstate.error.actor.${id}`, { error });

function events(s: ExternalApplicationSnapshot): EventObject[] {
  const resting = RESTING.some((r) => s.matches(r));
  const out: EventObject[] = [
    ...(resting
      ? Object.entries(CONTEXTS).map(([name, userContext]) =>
          ev('external.contextChanged', { note: NOTES[name], userContext, profileCode: 'NEW' }),
        )
      : []),
    ...ROUTES.map((r) => ev('external.routeChanged', { ...r, menuPath: null })),
    ev('external.languageChanged', { language: s.context.language === 'en' ? 'et' : 'en' }),
    ev('REPRESENTEE-CHANGE', { cause: 'RC' }),
  ];
  if (s.matches('loadingRoles')) {
    const roles: RolesAndPackets = s.context.application === 'PERIODICALS' ? periodicalsRoles : ossRoles;
    out.push(
      done('loadRoleData', roles),
      fail('loadRoleData', { status: 504, code: 'ROLE_TIMEOUT', serviceErrorMessage: 'took too long' }),
    );
  }
  if (s.matches('checkingFinance')) {
    out.push(
      done('checkFinanceStatus', { status: null }),
      done('checkFinanceStatus', { status: 'PACKET_NOT_FOUND' }),
      done('checkFinanceStatus', { status: 'UNAVAILABLE' }),
      fail('checkFinanceStatus', { status: 503, serviceErrorMessage: 'Finance is down' }),
    );
  }
  if (s.matches({ showing: 'frameLoading' }))
    out.push(
      ev('frame.loaded'),
      ev('frame.ready'),
      ev('xstate.after.FRAME_LOAD_TIMEOUT.externalApplication.showing.frameLoading'),
    );
  if (s.matches('frameLoadFailed')) out.push(ev('frame.retry'));
  return out;
}

const spec: MachineModelSpec<typeof externalApplicationMachine> = {
  name: 'externalApplication',
  machine: externalApplicationMachine,
  input: { service: 'OSS', wrapper: 'oss-wrapper', userContext: CONTEXTS.maasikas, language: 'en', profileCode: 'NEW' },
  events,
  provide: {
    // inert fakes (never settle): only the path's synthetic done/error events drive the machine
    actors: {
      loadRoleData: fromPromise<RolesAndPackets, { application: string }>(() => new Promise(() => {})),
      checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(() => new Promise(() => {})),
    },
  },
  // what the guards read: the route and which context; the language and the clock change nothing they decide
  serializeState: serializeWith((s: ExternalApplicationSnapshot) => [
    s.context.service,
    s.context.wrapper,
    nameOf(s.context.userContext),
  ]),
  states: {
    showing: (s) => {
      if (s.context.application === 'OSS' && !s.context.frameUrl?.startsWith(`${OSS_BASE}login?guid=`))
        throw new Error(`the OSS frame must open its login address, not ${s.context.frameUrl}`);
      if (!s.context.frameUrl?.includes(`lang=${s.context.language}`))
        throw new Error(`the frame address lacks the language: ${s.context.frameUrl}`);
    },
    representeeRequired: (s) => {
      const shown = s.context.messageKey;
      if (shown !== EXTERNAL_MESSAGE.selectRepresented && shown !== EXTERNAL_MESSAGE.illegalRepresented)
        throw new Error(`expected select.represented or illegal.represented, shown ${shown}`);
      if (s.context.frameUrl) throw new Error('a frame while the representee is not valid');
    },
    frameLoadFailed: (s) => {
      if (s.context.messageKey !== EXTERNAL_MESSAGE.frameLoadError || frameSourceOf(s) !== null)
        throw new Error('a frame load error must show the server error instead of the frame');
    },
    maintenance: (s) => {
      if (s.context.messageKey !== EXTERNAL_MESSAGE.maintenance || s.context.frameUrl)
        throw new Error('maintenance must show the maintenance message and no frame');
    },
  },
};
export default spec;
