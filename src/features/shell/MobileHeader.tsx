import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { useShell } from './useShell';
import { LazyView, lazyView } from './LazyView';

// the user menu panel is a chunk of its own, fetched the first time the panel opens
const userMenuPanel = lazyView(() => import('./UserMenuPanel').then((m) => m.UserMenuPanel));
// and so is the site menu, fetched the first time it opens
const siteMenu = lazyView(() => import('./SiteMenu').then((m) => m.SiteMenu));

/**
 * The compact header shown at 736 px and below (spec 1 §2): a site-menu button (the main menu tree with the external
 * applications by their translated names), the logo and a user-menu button (the user menu panel).
 */
export function MobileHeader() {
  const intl = useIntl();
  const shell = useShell();
  const [open, setOpen] = useState<'site' | 'user' | null>(null);
  const siteId = useId();
  const userId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const toggle = (which: 'site' | 'user') => setOpen((o) => (o === which ? null : which));

  return (
    <div className="mobile-header">
      <div className="mobile-header__bar">
        <button
          type="button"
          className="icon-button"
          aria-expanded={open === 'site'}
          aria-controls={siteId}
          onClick={() => toggle('site')}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{intl.formatMessage({ id: 'header.menu' })}</span>
        </button>
        <Logo href={shell.homeUrl} />
        <button
          type="button"
          className="icon-button"
          aria-expanded={open === 'user'}
          aria-controls={userId}
          onClick={() => toggle('user')}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <path
              d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className="visually-hidden">{intl.formatMessage({ id: 'header.userMenu' })}</span>
        </button>
      </div>
      <div id={siteId} className="mobile-panel" hidden={open !== 'site'}>
        <LanguageSwitcher languages={shell.languages} current={shell.language} onChange={shell.setLanguage} />
        {shell.signedIn && <LazyView code={siteMenu} shown={open === 'site'} props={{ onDone: () => setOpen(null) }} />}
      </div>
      <div id={userId} className="mobile-panel" hidden={open !== 'user'}>
        {shell.signedIn ? (
          <LazyView code={userMenuPanel} shown={open === 'user'} props={{ onDone: () => setOpen(null) }} />
        ) : (
          <a className="button button--primary" href={shell.loginHref}>
            {intl.formatMessage({ id: 'header.login' })}
          </a>
        )}
      </div>
    </div>
  );
}
