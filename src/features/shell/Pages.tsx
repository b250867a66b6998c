import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { FullOverlay } from '../../ui/Overlays';

export function NotFound() {
  const intl = useIntl();
  return (
    <section className="page card">
      <h1>{intl.formatMessage({ id: 'error.notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'error.notFound.text' })}</p>
      <Link to="/" className="button button--ghost">
        {intl.formatMessage({ id: 'common.backHome' })}
      </Link>
    </section>
  );
}

/**
 * The first page load while the session and the guard decide (the root route's pending view): before the layout
 * exists, a slow API would otherwise leave the page blank. The router shows it after its
 * pendingMs (1 s), so a quick load never flashes it.
 */
export function PageLoading() {
  return <FullOverlay active />;
}
