/**
 * Model-based test spec of one application opened for the represented party (machines/applicationFrame.machine.ts)
 * for `npm run test:model`.
 *
 * The page hands each load its data as input, and the machine decides on it at once (roles to load or not, the
 * party check, invoicing's finance check), so the spec has several starts: shipment registration (OSS) for
 * Maasikas OÜ, the same with its document already in the frame (ready, or still loading), with the profile code OLD
 * (OSS hidden), and with
 * no application addresses; invoicing management for Maasikas OÜ and with nobody chosen. The role data, the finance
 * check's outcome and the frame watch's end are the synthetic done/error events of their actors, whose fakes never
 * settle.
 */
import { fromPromise, type EventObject, type InputFrom } from 'xstate';
import { applicationFrameMachine, type ApplicationFrameSnapshot } from './applicationFrame.machine';
import { financeCheckMachine, type FinanceCheckOutcome, type FinanceStatus } from './financeCheck.machine';
import type { FrameLoadOutput } from './frameLoad.machine';
import type { RolesAndPackets, UserContext } from '../domain/contract';
import { EXTERNAL_MESSAGE } from '../domain/external';
import { OSS_BASE, mariAtMaasikas, mariWithNobody, ossRoles } from '../tests/support/fixtures/external';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';

type Input = InputFrom<typeof applicationFrameMachine>;

const NOW = Date.parse('2026-11-23T10:00:00Z');
/** the order system's frame for mari and Maasikas OÜ, in Estonian from an earlier load: the same document */
const OSS_SHOWN = `${OSS_BASE}login?guid=EPEE11000015&lang=et&timestamp=${NOW - 60_000}`;
const noAddresses: UserContext = {
  ...mariAtMaasikas(),
  applications: mariAtMaasikas().applications.map((a) => ({
    ...a,
    customParameters: { service: a.customParameters.service },
  })),
  externalApps: mariAtMaasikas().externalApps.map((e) => ({
    ...e,
    customParameters: { application: e.customParameters.application },
  })),
};
const oss: Input = {
  application: 'OSS',
  wrapper: 'oss-wrapper',
  menuPath: null,
  userContext: mariAtMaasikas(),
  language: 'en',
  profileCode: 'NEW',
  requestedAt: NOW,
  mounted: null,
};
const finance: Input = { ...oss, application: 'FINANCE', wrapper: 'external-service' };

/** a model event: a type plus its payload */
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ ...payload, type });
const done = (id: string, output: unknown) => ev(`xstate.done.actor.${id}`, { output });

function events(s: ApplicationFrameSnapshot): EventObject[] {
  if (s.matches('loadingRoles'))
    return [
      done('loadRoleData', ossRoles),
      ev('xstate.error.actor.loadRoleData', { error: { status: 504, code: 'ROLE_TIMEOUT' } }),
    ];
  if (s.matches('rolesFailed')) return [ev('xstate.after.ROLE_RETRY.applicationFrame.rolesFailed')];
  if (s.matches('checkingFinance'))
    return (['available', 'noPackage', 'unavailable', 'unreachable'] satisfies FinanceCheckOutcome[]).map((o) =>
      done('financeCheck', o),
    );
  if (s.matches({ showing: 'frameLoading' }))
    return [
      ev('frame.loaded'),
      ev('frame.ready'),
      done('frameLoad', { ready: true, documentLoaded: true } satisfies FrameLoadOutput),
      done('frameLoad', { ready: false, documentLoaded: true } satisfies FrameLoadOutput),
    ];
  return [];
}

const spec: MachineModelSpec<typeof applicationFrameMachine> = {
  name: 'applicationFrame',
  tester: {
    person: 'mari (password Maasikas1)',
    address: "http://localhost:8080/ui/, choose Maasikas OÜ, then 'Shipment registration' on the main page",
    data: 'Maasikas OÜ and its six shipments',
  },
  machine: applicationFrameMachine,
  inputs: {
    'shipment registration (OSS) for Maasikas OÜ': oss,
    'shipment registration for Maasikas OÜ, its document in the frame and ready': {
      ...oss,
      mounted: { src: OSS_SHOWN, ready: true },
    },
    'shipment registration for Maasikas OÜ, its document in the frame and still loading': {
      ...oss,
      mounted: { src: OSS_SHOWN, ready: false },
    },
    'shipment registration for Maasikas OÜ with the profile code OLD': { ...oss, profileCode: 'OLD' },
    'shipment registration for Maasikas OÜ, no application addresses': { ...oss, userContext: noAddresses },
    'invoicing management for Maasikas OÜ': finance,
    'invoicing management, nobody chosen': { ...finance, userContext: mariWithNobody() },
  },
  events,
  provide: {
    actors: {
      // inert: only the path's synthetic events answer
      loadRoleData: fromPromise<RolesAndPackets, { application: string }>(() => new Promise(() => {})),
      financeCheck: financeCheckMachine.provide({
        actors: {
          checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(() => new Promise(() => {})),
        },
      }),
    },
  },
  // a stand-in for the watch that never ends: the real one would end on the `frame.ready` the path forwards
  standIns: { frameLoad: fromPromise<FrameLoadOutput>(() => new Promise(() => {})) },
  // each start is traversed on its own: what the loads decided is enough to tell its steps apart
  serializeState: serializeWith((s: ApplicationFrameSnapshot) => [s.context.rolesAndPackets !== null]),
  states: {
    showing: (s) => {
      const src = s.context.frameUrl ?? '';
      if (!src.includes('guid=EPEE11000015') || !src.includes('lang=en') || !src.includes(`timestamp=${NOW}`))
        throw new Error(`the frame must open for Maasikas OÜ in English, stamped with the load: ${src}`);
      if (s.context.application === 'OSS' && !src.startsWith(`${OSS_BASE}login?`))
        throw new Error(`the OSS frame must open its login address, not ${src}`);
      const role = s.context.rolesAndPackets ? 'Shipment administrator' : null;
      if (s.context.application === 'OSS' && s.context.roleName !== role)
        throw new Error(`the header's role is ${s.context.roleName}, expected ${role}`);
    },
    representeeRequired: (s) => {
      const nobody = !s.context.userContext.epitPrincipal?.represented;
      const expected = nobody ? EXTERNAL_MESSAGE.selectRepresented : EXTERNAL_MESSAGE.illegalRepresented;
      if (s.context.messageKey !== expected) throw new Error(`expected ${expected}, shown ${s.context.messageKey}`);
      if (s.context.frameUrl) throw new Error('a frame while the representee is not valid');
    },
    rolesFailed: (s) => {
      if (s.context.messageKey !== EXTERNAL_MESSAGE.roleLoadFailure || s.hasTag('frame') || s.hasTag('loading'))
        throw new Error('a role loading failure shows its message instead of the frame');
    },
    checkingFinance: (s) => {
      if (s.hasTag('frame') || !s.hasTag('loading')) throw new Error('no frame before the finance check answers');
    },
    noFinancePackage: (s) => {
      if (s.context.messageKey !== EXTERNAL_MESSAGE.noFinancePackage || s.hasTag('frame'))
        throw new Error('no package: the message instead of the frame');
    },
    applicationDataMissing: (s) => {
      if (!s.hasTag('loading') || s.context.frameUrl) throw new Error('the loading message stays, with no frame');
    },
    frameLoadFailed: (s) => {
      if (s.context.messageKey !== EXTERNAL_MESSAGE.frameLoadError || s.hasTag('frame'))
        throw new Error('a frame load error shows the server error instead of the frame');
    },
  },
};
export default spec;
