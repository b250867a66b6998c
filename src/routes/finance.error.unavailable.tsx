import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { FinanceUnavailablePage } from '../features/external';

/**
 * /finance/error/unavailable (spec 1 §2, §4 "Service recovery (finance)"). `refresh`: `auto` (the page refreshes
 * itself) or `manual` (the person is asked to); anything else counts as manual.
 */
const financeRecoverySearch = z.object({ refresh: z.catch(z.optional(z.enum(['auto', 'manual'])), undefined) });

export const Route = createFileRoute('/finance/error/unavailable')({
  staticData: {
    component: 'finance-unavailable',
    access: 'public',
    texts: ['external'],
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  validateSearch: financeRecoverySearch,
  component: FinanceUnavailable,
});

function FinanceUnavailable() {
  const { refresh } = Route.useSearch();
  return <FinanceUnavailablePage refresh={refresh ?? 'manual'} />;
}
