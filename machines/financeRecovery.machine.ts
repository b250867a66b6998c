/**
 * The invoicing maintenance page (spec 1 §2 /finance/error/unavailable; §4 "Service recovery (finance)"; §9 about ten
 * seconds): `auto` (finance said it is unavailable for now) goes back to invoicing management by itself after
 * FINANCE_RECOVERY_REFRESH, which checks again and comes back here while finance is still away; `manual` (the status
 * could not be read) waits for the person's refresh. Either way back is a navigation that replaces this page, so Back
 * does not land on it again.
 *
 * A page actor (machines/pages.machine.ts) while the page shows; the navigation is reported to the portal.
 */
import { setup, type ActorRefFrom } from 'xstate';
import { FINANCE, FINANCE_RECOVERY_REFRESH, type FinanceRecovery } from '../domain/external';
import { reporter } from '../domain/report';
import type { NavigationRequested } from '../domain/shell-events';

export interface FinanceRecoveryInput {
  refresh: FinanceRecovery;
}
export type FinanceRecoveryEvent = { type: 'recovery.refresh' };

const tell = reporter<FinanceRecoveryInput, FinanceRecoveryEvent, NavigationRequested>();

export const financeRecoveryMachine = setup({
  types: {
    context: {} as FinanceRecoveryInput,
    input: {} as FinanceRecoveryInput,
    events: {} as FinanceRecoveryEvent,
    emitted: {} as NavigationRequested,
  },
  delays: { FINANCE_RECOVERY_REFRESH },
  guards: { refreshesItself: ({ context }) => context.refresh === 'auto' },
  actions: {
    backToInvoicing: tell(() => ({
      type: 'navigation.requested',
      target: { kind: 'path', path: `/external/${FINANCE}`, replace: true },
    })),
  },
}).createMachine({
  id: 'financeRecovery',
  description: 'Invoicing management is away: the maintenance page leads back to it, by itself or on request.',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: {
      description: 'The portal reads why invoicing is away.',
      always: [
        {
          guard: 'refreshesItself',
          target: 'waiting',
          description: 'Invoicing said it is unavailable for now: the page will refresh itself',
        },
        { target: 'askingToRefresh', description: 'The status could not be read: the person is asked to refresh' },
      ],
    },
    waiting: {
      description: "'Invoicing is temporarily unavailable' shows; the page refreshes itself in about ten seconds.",
      after: {
        FINANCE_RECOVERY_REFRESH: {
          target: 'done',
          actions: 'backToInvoicing',
          description: 'After ten seconds invoicing management opens again and checks once more',
        },
      },
    },
    askingToRefresh: {
      description: "The person is asked to refresh, with a 'Refresh' button.",
      on: {
        'recovery.refresh': {
          target: 'done',
          actions: 'backToInvoicing',
          description: "Clicks 'Refresh': invoicing management opens again and checks once more",
        },
      },
    },
    done: { description: 'Invoicing management is on its way.', type: 'final' },
  },
});

export type FinanceRecoveryActor = ActorRefFrom<typeof financeRecoveryMachine>;
