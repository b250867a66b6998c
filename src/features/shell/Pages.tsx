import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';

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
