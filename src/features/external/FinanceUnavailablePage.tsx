import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { FinanceRecovery } from '../../../domain/external';
import { financeRecoveryMachine } from '../../../machines/financeRecovery.machine';
import { PAGE } from '../../../domain/pages';
import { usePageActor } from '../../app/usePageActor';
import './external.css';

/**
 * /finance/error/unavailable (spec 1 §2; §4 "Service recovery (finance)"): the maintenance title and description as
 * the invoicing application's fallback, with one of the two recovery messages. Its flow
 * (machines/financeRecovery.machine.ts) goes back to invoicing management by itself after about ten seconds (`auto`),
 * or when the person clicks the refresh button (`manual`).
 */
export function FinanceUnavailablePage({ refresh }: { refresh: FinanceRecovery }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const recovery = usePageActor(PAGE.financeRecovery, financeRecoveryMachine, { refresh }, { restartKey: refresh });
  const asking = useSelector(recovery ?? undefined, (s) => !!s?.matches('askingToRefresh'));

  return (
    <section className="page card card--notice finance-unavailable" aria-labelledby="maintenance-title">
      <h1 id="maintenance-title">{t('error.maintenance.title')}</h1>
      <p>{t('error.maintenance.description')}</p>
      <p role="status" data-testid="finance-recovery" data-refresh={refresh}>
        {t(refresh === 'auto' ? 'finance.recovery.auto' : 'finance.recovery.manual')}
      </p>
      {refresh === 'manual' && (
        <button
          type="button"
          className="button button--primary"
          disabled={!asking}
          onClick={() => recovery?.send({ type: 'recovery.refresh' })}
        >
          {t('finance.recovery.refresh')}
        </button>
      )}
    </section>
  );
}
