/**
 * GET apps/finance/status[?customerId=] (server/routes/apps): the finance special status of the represented customer
 * (null: none), with the role-request timeout of the configuration. The external application flow asks on every
 * page and holds the answer, so this is a fetcher.
 */
import { z } from 'zod/mini';
import type { ApiClient } from '../client';

const FinanceStatusAnswer = z.object({ status: z.nullable(z.string()) });

export function getFinanceStatus(api: ApiClient, customerId: string, timeout: number, signal?: AbortSignal) {
  return api.get('apps/finance/status', FinanceStatusAnswer, {
    signal,
    timeout,
    query: { customerId: customerId || undefined },
  });
}
