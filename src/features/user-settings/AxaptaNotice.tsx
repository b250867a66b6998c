/** Settings pages are gated while the back office (AXAPTA) is dead (spec 1 §8 error.axapta.dead), like ComingPage. */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { isAxaptaDead } from '../../../domain/rights';
import { usePortal } from '../../app/PortalContext';

export function useAxaptaDeadNotice(titleKey: string) {
  const intl = useIntl();
  const { session } = usePortal();
  const dead = useSelector(session, (s) => isAxaptaDead(s.context.userContext));
  if (!dead) return null;
  return (
    <section className="page card card--notice" aria-labelledby="axapta-dead-title">
      <h1 id="axapta-dead-title">{intl.formatMessage({ id: titleKey })}</h1>
      <p role="alert" data-testid="axapta-dead-page">
        {intl.formatMessage({ id: 'error.axapta.dead' })}
      </p>
      <Link to="/dashboard" className="button button--ghost">
        {intl.formatMessage({ id: 'common.backHome' })}
      </Link>
    </section>
  );
}
