import { Outlet, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { FullOverlay, ModalOverlayHost } from '../../ui/Overlays';
import { Toasts } from '../../ui/Toasts';
import { MobileHeader } from './MobileHeader';
import { ChoiceModal } from './ChoiceModal';
import { ShellNotices } from './DeadAppNotice';
import { Footer } from './Footer';
import { LazyView, lazyView } from './LazyView';
import { signedInWide, useWideScreen, wideScreen } from './wide-screen';
import { MODAL_LOAD_ERROR } from '../../../machines/modal.machine';
import './shell.css';

// the desktop header is hidden at 736 px and below (the compact header stands in): it loads when the window is wide
// enough to show it, at once when the page starts that wide
const header = lazyView(() => import('./Header').then((m) => m.Header), { loadAtOnce: wideScreen() });
// the menu rail and its side panel are hidden at 736 px and below (the compact header's site menu is there instead):
// they load when the window is wide enough to show them
const mainMenu = lazyView(() => import('./MainMenu').then((m) => m.MainMenu), { loadAtOnce: signedInWide() });
// spec 1 §8 "Modal content load failure" shows only for a URL naming an unknown modal: a chunk of its own (and when
// even that cannot load, LazyView says the same, error.modal.load; other parts say error.content.load)
const modalLoadError = lazyView(() => import('./ModalLoadError').then((m) => m.ModalLoadError));

/**
 * Root layout (spec 1 §2): mobile site menu and user menu, left panel, desktop menu, header and the
 * viewport (routed view + full loading overlay + modal overlay).
 * Signed in: the main menu rail with its side panel (left panel), the shell notices and the represented-choice modal.
 * The modal machine's modals render themselves into the modal overlay (customer-add: features/customer-add).
 */
export function RootLayout() {
  const portal = usePortal();
  const intl = useIntl();
  const sessionBusy = useSelector(portal.session, (s) => s.hasTag('busy'));
  const routerPending = useRouterState({ select: (s) => s.status === 'pending' });
  const signedIn = useSelector(portal.session, (s) => s.hasTag('signedIn'));
  const wide = useWideScreen();
  const loadFailed = useSelector(portal.modals, (s) => s.context.current?.component === MODAL_LOAD_ERROR);

  // the language of the texts on screen (a newly chosen one shows once its messages have loaded)
  useEffect(() => {
    document.documentElement.lang = intl.locale;
    document.title = intl.formatMessage({ id: 'app.title' });
  }, [intl]);

  return (
    <div className={`shell${signedIn ? ' shell--signed-in' : ''}`}>
      <a className="skip-link" href="#viewport">
        {intl.formatMessage({ id: 'a11y.skipToContent' })}
      </a>
      <MobileHeader />
      <LazyView
        code={header}
        shown={wide}
        props={{}}
        frame={(pending) => (
          <header className="site-header">
            <div className="site-header__inner">{pending}</div>
          </header>
        )}
      />
      <div className="shell__body">
        {signedIn && (
          <div className="left-panel" data-slot="left-panel">
            <LazyView
              code={mainMenu}
              shown={wide}
              props={{}}
              frame={(pending) => <div className="main-menu">{pending}</div>}
            />
          </div>
        )}
        <main id="viewport" className="viewport" tabIndex={-1}>
          {signedIn && <ShellNotices />}
          <div className="viewport__view">
            <Outlet />
          </div>
          <FullOverlay active={routerPending || sessionBusy} />
          <ModalOverlayHost />
          <LazyView code={modalLoadError} shown={loadFailed} props={{}} failure="error.modal.load" />
        </main>
      </div>
      {signedIn && <ChoiceModal />}
      <Footer />
      <Toasts actor={portal.toasts} />
    </div>
  );
}
