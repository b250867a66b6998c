/**
 * Invoicing management's finance check (spec 1 §4 "Service recovery (finance)"): before the invoicing application is
 * shown, its finance special status for the represented customer is asked (GET apps/finance/status). PACKET_NOT_FOUND
 * and CUSTOMER_NOT_FOUND mean the customer has no finance package; UNAVAILABLE sends the person to the recovery page
 * that refreshes itself; no answer at all sends them to the one that asks for a manual refresh.
 *
 * Invoked by the application opened for the represented party (machines/applicationFrame.machine.ts) for FINANCE;
 * its output is the outcome. The status is asked through the provided `checkFinanceStatus` (its default throws).
 */
import { assign, setup } from 'xstate';
import { financeOutcome } from '../domain/external';
import { notProvided } from '../domain/not-provided';

/** The finance status answer: a special status (PACKET_NOT_FOUND, CUSTOMER_NOT_FOUND, UNAVAILABLE, ...) or none. */
export interface FinanceStatus {
  status: string | null;
}

/** available: show invoicing; noPackage: say so; unavailable / unreachable: the recovery page (auto / manual refresh) */
export type FinanceCheckOutcome = 'available' | 'noPackage' | 'unavailable' | 'unreachable';

export const financeCheckMachine = setup({
  types: {
    input: {} as { customerId: string },
    context: {} as { customerId: string; outcome: FinanceCheckOutcome },
    output: {} as FinanceCheckOutcome,
  },
  actors: {
    /** GET apps/finance/status?customerId= */
    checkFinanceStatus: notProvided<FinanceStatus, { customerId: string }>('checkFinanceStatus'),
  },
  actions: {
    decide: assign((_, p: FinanceStatus) => {
      const outcome = financeOutcome(p.status);
      return { outcome: outcome === 'noPackage' || outcome === 'unavailable' ? outcome : ('available' as const) };
    }),
  },
}).createMachine({
  id: 'financeCheck',
  description: "Before invoicing management opens, the portal checks the customer's invoicing package.",
  context: ({ input }) => ({ customerId: input.customerId, outcome: 'unreachable' }),
  initial: 'checking',
  output: ({ context }) => context.outcome,
  states: {
    checking: {
      description: "The server is asked for the customer's finance status.",
      invoke: {
        id: 'checkFinanceStatus',
        src: 'checkFinanceStatus',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: {
          target: 'checked',
          actions: { type: 'decide', params: ({ event }) => event.output },
          description:
            'The server answers: invoicing is available, the customer has no package, or it is temporarily unavailable',
        },
        onError: { target: 'checked', description: 'The server does not answer: invoicing cannot be reached' },
      },
    },
    checked: { type: 'final', description: 'The outcome is known.' },
  },
});
