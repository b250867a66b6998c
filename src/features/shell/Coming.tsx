import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useAxaptaDead } from './useShellData';

/**
 * The plain "coming" page of a link target that a later issue builds (never a broken link).
 * `requiresAxapta`: settings pages are gated while the back office is dead (spec 1 §8 error.axapta.dead).
 */
export function ComingPage({ titleKey, requiresAxapta = false }: { titleKey?: string; requiresAxapta?: boolean }) {
  const intl = useIntl();
  const dead = useAxaptaDead();
  const heading = intl.formatMessage({ id: titleKey ?? 'comingSoon.title' });
  if (requiresAxapta && dead) {
    return (
      <section className="page card card--notice" aria-labelledby="coming-title">
        <h1 id="coming-title">{heading}</h1>
        <p role="alert" data-testid="axapta-dead-page">
          {intl.formatMessage({ id: 'error.axapta.dead' })}
        </p>
        <Link to="/dashboard" className="button button--ghost">
          {intl.formatMessage({ id: 'common.backHome' })}
        </Link>
      </section>
    );
  }
  return (
    <section className="page card" aria-labelledby="coming-title">
      <h1 id="coming-title">{heading}</h1>
      <p className="badge">{intl.formatMessage({ id: 'comingSoon.title' })}</p>
      <p>{intl.formatMessage({ id: 'comingSoon.text' })}</p>
      <Link to="/dashboard" className="button button--ghost">
        {intl.formatMessage({ id: 'common.backHome' })}
      </Link>
    </section>
  );
}
