import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { FINANCE, FINANCE_RECOVERY_REFRESH, type FinanceRecovery } from '../../../machines/lib/external';
import './external.css';

/**
 * /finance/error/unavailable (spec 1 §2; §4 "Service recovery (finance)"): the maintenance title and description as
 * the invoicing application's fallback, with one of the two recovery messages. `auto` (finance said it is
 * unavailable for now): the page goes back to invoicing management by itself after about ten seconds (spec 1 §9),
 * which checks again and comes back here while finance is still away. `manual` (the status could not be read): the
 * person is asked to refresh, and a button does it.
 */
export function FinanceUnavailablePage({ refresh }: { refresh: FinanceRecovery }) {
  const intl = useIntl();
  const router = useRouter();
  const t = (id: string) => intl.formatMessage({ id });
  const retry = () => void router.navigate({ to: '/external/$service', params: { service: FINANCE }, replace: true });

  useEffect(() => {
    if (refresh !== 'auto') return;
    const timer = window.setTimeout(
      () => void router.navigate({ to: '/external/$service', params: { service: FINANCE }, replace: true }),
      FINANCE_RECOVERY_REFRESH,
    );
    return () => window.clearTimeout(timer);
  }, [refresh, router]);

  return (
    <section className="page card card--notice finance-unavailable" aria-labelledby="maintenance-title">
      <h1 id="maintenance-title">{t('error.maintenance.title')}</h1>
      <p>{t('error.maintenance.description')}</p>
      <p role="status" data-testid="finance-recovery" data-refresh={refresh}>
        {t(refresh === 'auto' ? 'finance.recovery.auto' : 'finance.recovery.manual')}
      </p>
      {refresh === 'manual' && (
        <button type="button" className="button button--primary" onClick={retry}>
          {t('finance.recovery.refresh')}
        </button>
      )}
    </section>
  );
}
