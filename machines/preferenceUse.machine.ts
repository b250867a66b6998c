/**
 * "Save and use" (spec 2 §4 preferences view): once the preferences are saved, the portal acts for the preferred
 * party and opens the preferred service. A child the settings form invokes for its whole life (actor id
 * `preferenceUse`) and starts after a save asked for with "Save and use" (`preferences.use`, with what was saved).
 *
 * idle → switchingParty → findingService → idle
 * - With a preferred party the switch comes first (the service must open for that party): the machine reports
 *   `form.switchParty` (domain/report.ts) and waits for the portal's answer, `form.partySwitched` or
 *   `form.partySwitchFailed` for that party, which the form passes down. Without one (no preference) it goes
 *   straight on.
 * - `findService` names where the saved preference leads; the machine reports `preferences.opened` with it, or
 *   `preferences.failed` when the switch or the search failed (the form stays, and may save and use again).
 *
 * Pure: the search is an actor whose default throws; src/features/user-settings/wire.ts provides it.
 */
import { assign, setup } from 'xstate';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import type { NavTarget } from '../domain/rights';

/** Whose preferences were saved, and as what. */
export interface ServiceRequest {
  subject: string;
  values: object;
}

/** What the form tells the machine after the save: the party the saved preferences name (null: none). */
export interface PreferencesUse extends ServiceRequest {
  type: 'preferences.use';
  party: string | null;
}

/** The portal's answer to a switch of party, for the party it was asked for. */
export type PartySwitchAnswer =
  { type: 'form.partySwitched'; gid: string } | { type: 'form.partySwitchFailed'; gid: string };

export type PreferenceUseEvent = PreferencesUse | PartySwitchAnswer;

/** What the machine reports to the form. */
export type PreferenceUseEmitted =
  | { type: 'form.switchParty'; gid: string }
  | { type: 'preferences.opened'; target: NavTarget }
  | { type: 'preferences.failed' };

export type PreferenceUseContext = Omit<PreferencesUse, 'type'>;

const tell = reporter<PreferenceUseContext, PreferenceUseEvent, PreferenceUseEmitted>();

export const preferenceUseMachine = setup({
  types: {
    context: {} as PreferenceUseContext,
    events: {} as PreferenceUseEvent,
    emitted: {} as PreferenceUseEmitted,
  },
  actors: {
    /** where the saved preference leads (the service URL, or the TARGET cookie's address, or the dashboard) */
    findService: notProvided<NavTarget, ServiceRequest>('findService'),
  },
  guards: {
    hasParty: (_, p: { party: string | null }) => p.party !== null,
    /** an answer about another party (the person switched elsewhere meanwhile) is not the one awaited */
    isAskedParty: ({ context }, p: { gid: string }) => p.gid === context.party,
  },
  actions: {
    take: assign((_, { subject, values, party }: PreferenceUseContext) => ({ subject, values, party })),
    askForParty: tell(({ context }) => ({ type: 'form.switchParty', gid: context.party ?? '' })),
    reportOpened: tell((_, p: { target: NavTarget }) => ({ type: 'preferences.opened', target: p.target })),
    reportFailed: tell(() => ({ type: 'preferences.failed' })),
  },
}).createMachine({
  id: 'preferenceUse',
  description:
    "'Save and use': the portal acts for the preferred party, then opens the preferred service (or says it cannot).",
  context: { subject: '', values: {}, party: null },
  initial: 'idle',
  states: {
    idle: {
      description: "The form shows; 'Save and use' has not been asked for since the last try.",
      on: {
        'preferences.use': [
          {
            guard: { type: 'hasParty', params: ({ event }) => event },
            target: 'switchingParty',
            actions: { type: 'take', params: ({ event }) => event },
            description: 'The preferences are saved and name a party to act for',
          },
          {
            target: 'findingService',
            actions: { type: 'take', params: ({ event }) => event },
            description: 'The preferences are saved and name no party: the current one stays',
          },
        ],
      },
    },
    switchingParty: {
      description: 'The portal switches to the preferred party.',
      entry: 'askForParty',
      on: {
        'form.partySwitched': {
          guard: { type: 'isAskedParty', params: ({ event }) => event },
          target: 'findingService',
          description: 'The preferred party is the represented one now',
        },
        'form.partySwitchFailed': {
          guard: { type: 'isAskedParty', params: ({ event }) => event },
          target: 'idle',
          actions: 'reportFailed',
          description: 'The switch to the preferred party fails',
        },
      },
    },
    findingService: {
      description: 'The portal looks up where the saved preference leads.',
      invoke: {
        id: 'findService',
        src: 'findService',
        input: ({ context }) => ({ subject: context.subject, values: context.values }),
        onDone: {
          target: 'idle',
          actions: { type: 'reportOpened', params: ({ event }) => ({ target: event.output }) },
          description: 'The preferred service is found: it opens',
        },
        onError: { target: 'idle', actions: 'reportFailed', description: 'The service cannot be found' },
      },
    },
  },
});
