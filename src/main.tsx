/**
 * Boot (conventions): fetch config.json next to the app → parse PortalConfig → actors → router → render.
 * Nothing about the API is built in: the same build serves the reference backend or a real one.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { COOKIE, PortalConfig } from '../machines/lib/contract';
import { readCookie } from './app/cookies';
import { CATALOGUES, resolveMessage } from './i18n/messages';
import { resolveLanguage } from '../machines/lib/session/rules';
import { App } from './app/App';
import { createPortal, type PortalOptions } from './app/portal';
import { createPortalRouter } from './app/router';
import './ui/styles.css';

async function loadConfig(): Promise<PortalConfig> {
  const res = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
  return PortalConfig.parse(await res.json());
}

async function boot() {
  const config = await loadConfig();
  const options: PortalOptions = {};
  let devPanel: React.ComponentType | undefined;
  if (import.meta.env.DEV) {
    // dev only: the offline inspector (and ?inspect → Stately inspector); not in the production bundle
    const dev = await import('./app/inspector');
    const tools = dev.createDevInspection({ stately: new URLSearchParams(location.search).has('inspect') });
    options.inspect = tools.inspect;
    // issue 11: the system-error modal and the 100-line debug overlay (features/debug), dev only as well
    const { DebugAids } = await import('./features/debug');
    const Inspector = tools.Panel;
    devPanel = () => (
      <>
        <Inspector />
        <DebugAids />
      </>
    );
  }
  const portal = createPortal(config, options);
  const router = createPortalRouter(portal);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App portal={portal} router={router} devPanel={devPanel} />
    </StrictMode>,
  );
}

// After logout the back button must not show signed-in content from the back-forward cache.
window.addEventListener('pageshow', (e) => {
  if (e.persisted) location.reload();
});

boot().catch((error) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) {
    const language = resolveLanguage(null, readCookie(COOKIE.language));
    const main = document.createElement('main');
    main.className = 'boot-error';
    main.setAttribute('role', 'alert');
    main.textContent = resolveMessage(CATALOGUES, language, 'error.client');
    document.documentElement.lang = language;
    root.replaceChildren(main);
  }
});
