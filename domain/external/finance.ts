/**
 * Service recovery for invoicing management (spec 1 §2 "/finance/error/unavailable", §4 "Service recovery (finance)",
 * §9 "finance recovery refresh about 10 seconds").
 */
import { isOneOf } from './one-of';

/** Finance special statuses meaning the customer has no finance package. */
const FINANCE_NO_PACKAGE_STATUSES = ['PACKET_NOT_FOUND', 'CUSTOMER_NOT_FOUND'] as const;
/** Statuses meaning the finance package is there and working. */
const FINANCE_AVAILABLE_STATUSES = ['OK', 'SUCCESS'] as const;

export type FinanceOutcome = 'available' | 'noPackage' | 'unavailable';

/**
 * The finance status → what the page does: no status or OK → the application opens; PACKET_NOT_FOUND or
 * CUSTOMER_NOT_FOUND → the person is told the customer has no finance package; any other special status (e.g.
 * UNAVAILABLE) → the finance recovery page.
 */
export function financeOutcome(status: string | null | undefined): FinanceOutcome {
  const s = (status ?? '').trim().toUpperCase();
  if (!s || isOneOf(FINANCE_AVAILABLE_STATUSES, s)) return 'available';
  if (isOneOf(FINANCE_NO_PACKAGE_STATUSES, s)) return 'noPackage';
  return 'unavailable';
}

const FINANCE_UNAVAILABLE_PATH = '/finance/error/unavailable';
/** spec 1 §9: the self-refreshing recovery page tries again after about ten seconds */
export const FINANCE_RECOVERY_REFRESH = 10_000;

/**
 * The two recovery messages of spec 1 §4: `auto` — finance said it is unavailable, a passing state: the page refreshes
 * itself after FINANCE_RECOVERY_REFRESH (back to the finance page, which checks again); `manual` — the status could not
 * be read at all: the page asks for a manual refresh.
 */
export type FinanceRecovery = 'auto' | 'manual';
export function financeUnavailablePath(refresh: FinanceRecovery): string {
  return `${FINANCE_UNAVAILABLE_PATH}?refresh=${refresh}`;
}
