/**
 * Access of the developer pages (the spec leaves it open): never in live run mode (the page is not found,
 * as the server answers 404 there too), and for staff only (auth channel IN_AD) unless a route guard already
 * checked a privilege. The server checks the same for every call.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { NotFound, useUserContext } from '../shell';

export function DevGate({ staffOnly = true, children }: { staffOnly?: boolean; children: ReactNode }) {
  const intl = useIntl();
  const portal = usePortal();
  const ctx = useUserContext();
  if (portal.config.runMode === 'live') return <NotFound />;
  if (!ctx) return <p role="status">{intl.formatMessage({ id: 'common.loading' })}</p>;
  if (staffOnly && ctx.epitPrincipal?.authChannel !== 'IN_AD')
    return (
      <section className="page card">
        <p role="alert" data-testid="no-rights">
          {intl.formatMessage({ id: 'error.noRights' })}
        </p>
      </section>
    );
  return <>{children}</>;
}
