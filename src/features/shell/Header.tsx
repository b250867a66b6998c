import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { useShell } from './useShell';
import { LazyView, lazyView } from './LazyView';
import { signedInWide, useWideScreen } from './wide-screen';
import { usePanelLinks, useRepresentedSummary } from './usePanelData';

// the representee dropdown shows only in the desktop header (spec 1 §2; the compact header at 736 px and below has the
// user menu panel instead): its code loads when the header is wide enough to show it
const representeeCombobox = lazyView(() => import('./RepresenteeCombobox').then((m) => m.RepresenteeCombobox), {
  loadAtOnce: signedInWide(),
});

/** The desktop header (spec 1 §2); hidden at 736 px and below, where MobileHeader takes over. */
export function Header() {
  const intl = useIntl();
  const shell = useShell();
  return (
    <header className={`site-header${shell.signedIn ? ' site-header--signed-in' : ''}`}>
      <div className="site-header__inner">
        <Logo href={shell.homeUrl} />
        {shell.signedIn && <RepresenteeArea />}
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

/** Spec 1 §2: with SHOW_REPRESENTEES the representee dropdown, the customer type and the credit availability. */
function RepresenteeArea() {
  const intl = useIntl();
  const links = usePanelLinks();
  const summary = useRepresentedSummary();
  const shown = useWideScreen();
  if (!links.representees) return null;
  return (
    <div className="representee-area">
      <LazyView
        code={representeeCombobox}
        shown={shown}
        props={{}}
        frame={(pending) => <div className="combobox">{pending}</div>}
      />
      {summary && (
        <dl className="represented-summary" data-testid="represented-summary">
          <div>
            <dt>{intl.formatMessage({ id: 'represented.customerType' })}</dt>
            <dd>{intl.formatMessage({ id: `represented.customerType.${summary.customerType}` })}</dd>
          </div>
          {summary.credit !== null && (
            <div>
              <dt>{intl.formatMessage({ id: 'represented.credit' })}</dt>
              <dd className={summary.credit ? 'is-ok' : 'is-off'}>
                {intl.formatMessage({
                  id: summary.credit ? 'represented.credit.available' : 'represented.credit.notAvailable',
                })}
              </dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
