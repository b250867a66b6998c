import { Outlet, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { FullOverlay, ModalOverlayHost, PartialOverlay } from '../../ui/Overlays';
import { Toasts } from '../../ui/Toasts';
import { Header } from './Header';
import { MobileHeader } from './MobileHeader';

/**
 * Root layout (spec 1 §2): mobile site menu and user menu, left panel, desktop menu, header and the
 * viewport (routed view + full loading overlay + partial overlay + modal overlay).
 * The menus and the left panel are filled in by later issues.
 */
export function RootLayout() {
  const portal = usePortal();
  const intl = useIntl();
  const language = useSelector(portal.session, (s) => s.context.language);
  const sessionBusy = useSelector(portal.session, (s) => s.hasTag('busy'));
  const routerPending = useRouterState({ select: (s) => s.status === 'pending' });

  useEffect(() => {
    document.documentElement.lang = language;
    document.title = intl.formatMessage({ id: 'app.title' });
  }, [language, intl]);

  return (
    <div className="shell">
      <a className="skip-link" href="#viewport">
        {intl.formatMessage({ id: 'a11y.skipToContent' })}
      </a>
      <MobileHeader />
      <aside className="left-panel" data-slot="left-panel" hidden />
      <nav className="desktop-menu" data-slot="desktop-menu" hidden aria-label={intl.formatMessage({ id: 'header.menu' })} />
      <Header />
      <main id="viewport" className="viewport" tabIndex={-1}>
        <div className="viewport__view">
          <Outlet />
        </div>
        <FullOverlay active={routerPending || sessionBusy} />
        <PartialOverlay active={false} />
        <ModalOverlayHost />
      </main>
      <footer className="site-footer">
        <span>{intl.formatMessage({ id: 'common.version' }, { version: portal.config.appVersion })}</span>
      </footer>
      <Toasts actor={portal.toasts} />
    </div>
  );
}
