import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { useShell } from './useShell';

/** The desktop header (spec 1 §2); hidden at 736 px and below, where MobileHeader takes over. */
export function Header() {
  const intl = useIntl();
  const shell = useShell();
  return (
    <header className={`site-header${shell.signedIn ? ' site-header--signed-in' : ''}`}>
      <div className="site-header__inner">
        <Logo href={shell.homeUrl} />
        <div className="site-header__tools">
          <LanguageSwitcher languages={shell.languages} current={shell.language} onChange={shell.setLanguage} />
          {shell.signedIn ? (
            <>
              <Link to="/dashboard" className="header-link" activeProps={{ 'aria-current': 'page' }}>
                {intl.formatMessage({ id: 'header.dashboard' })}
              </Link>
              <span className="user-name" title={shell.fullName ?? undefined}>
                {shell.fullName}
              </span>
              <button type="button" className="button button--ghost" onClick={shell.logout} disabled={shell.loggingOut}>
                {intl.formatMessage({ id: 'header.logout' })}
              </button>
            </>
          ) : (
            <a className="button button--primary" href={shell.loginHref}>
              {intl.formatMessage({ id: 'header.login' })}
            </a>
          )}
        </div>
      </div>
    </header>
  );
}
