import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';

/** A minimal signed-in landing page (issue 2); the dashboards proper come in a later issue. */
export function Dashboard() {
  const intl = useIntl();
  const { session } = usePortal();
  const principal = useSelector(session, (s) => s.context.userContext?.epitPrincipal ?? null);
  if (!principal) return null;
  const { representative, represented } = principal;
  const fullName = `${representative.firstName} ${representative.lastName}`;
  return (
    <section className="page" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{intl.formatMessage({ id: 'dashboard.title' })}</h1>
      <div className="card">
        <p className="lead">{intl.formatMessage({ id: 'dashboard.welcome' }, { name: fullName })}</p>
        <dl className="facts">
          <div>
            <dt>{intl.formatMessage({ id: 'dashboard.userId' })}</dt>
            <dd>{representative.id}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'dashboard.represented' })}</dt>
            <dd data-testid="represented">{represented ? represented.name : intl.formatMessage({ id: 'dashboard.represented.none' })}</dd>
          </div>
        </dl>
        <Link to="/user-settings/edit/$fgid" params={{ fgid: representative.id }} className="button button--ghost">
          {intl.formatMessage({ id: 'dashboard.settings' })}
        </Link>
      </div>
      <p className="muted">{intl.formatMessage({ id: 'dashboard.comingSoon' })}</p>
    </section>
  );
}
