/**
 * Boot (conventions): fetch config.json next to the app → parse PortalConfig → actors → router → render.
 * Nothing about the API is built in: the same build serves the reference backend or a real one.
 */
// first: zod without eval, before any module makes a schema (./app/no-eval.ts)
import './app/no-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { COOKIE, PortalConfig } from '../domain/contract';
import { readCookie } from './app/cookies';
import { resolveLanguage } from '../domain/session/rules';
import { loadMessageParts, loadMessages, prepareLocaleData } from './i18n/load';
import bootTexts from 'virtual:epit-boot-texts';
import { App } from './app/App';
import { createPortal, type PortalOptions } from './app/portal';
import { createPortalRouter } from './app/router';
import { watchPreloadErrors } from './app/release';
import './ui/styles.css';

async function loadConfig(): Promise<PortalConfig> {
  const res = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
  return PortalConfig.parse(await res.json());
}

/** resolves in a task of its own, after what the browser has queued meanwhile (input, a network answer) */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  // the flow book's live view (dev only, src/features/flow-book), attached to the portal in other tabs
  if (import.meta.env.DEV && location.pathname === `${import.meta.env.BASE_URL}dev/flows`)
    return (await import('./features/flow-book')).showFlowBook();
  // the session starts in the cookie's language (machines/session.machine.ts): its messages load beside config.json
  // and the session's first request (no round trip waits for another); awaited before the first render
  const firstLanguage = resolveLanguage(null, readCookie(COOKIE.language));
  const firstMessages = loadMessages(firstLanguage);
  prepareLocaleData(firstLanguage);
  firstMessages.catch(() => undefined); // a failure is reported where it is awaited, below
  const config = await loadConfig();
  const options: PortalOptions = {};
  let devPanel: React.ComponentType | undefined;
  if (import.meta.env.DEV) {
    // their texts (src/i18n/message-parts.ts 'dev'): awaited with the language's below
    loadMessageParts(['dev']).catch(() => undefined);
    // dev only: the offline inspector (and ?inspect → Stately inspector); not in the production bundle
    const dev = await import('./app/inspector');
    const tools = dev.createDevInspection({ stately: new URLSearchParams(location.search).has('inspect') });
    const flows = (await import('./features/flow-book')).createFlowBroadcast();
    options.inspect = (e) => (tools.inspect(e), flows(e));
    // the system-error modal and the 100-line debug overlay (features/debug), dev only as well
    const { DebugAids } = await import('./features/debug');
    const Inspector = tools.Panel;
    devPanel = () => (
      <>
        <Inspector />
        <DebugAids />
      </>
    );
  }
  watchPreloadErrors();
  const portal = createPortal(config, options);
  // the actor system, the router and the first route's start are three tasks: on a slow phone (four times a fast
  // machine's time) each is long enough by itself, and two in one task keep input waiting longer (Lighthouse's total
  // blocking time, docs/performance.md). The session's first request is already on its way
  await nextTask();
  const router = createPortalRouter(portal);
  await nextTask();
  // The first route resolves (the guard with the session's first answer, the route's code) before React renders, so
  // the first render below is the whole first screen, in slices (a transition). Left to RouterProvider, the router
  // committed it later through its store, whose updates React renders synchronously: the shell, the page and the
  // choice modal in one task of 50–200 ms, with the modal's focus forcing a layout in it (docs/performance.md). The
  // router's onResolved (router.tsx) then comes just before that render instead of just after it; RouterProvider
  // finds the location resolved and does not load it again.
  // A slow API keeps the first route pending: once the router's pendingMs has passed (its root route's loading view,
  // routes/__root.tsx, is then due) the render goes ahead and shows it, as it would when rendered at once.
  const pendingMs = router.options.defaultPendingMs ?? 1000;
  const firstRoute = router.load().catch((error: unknown) => console.error(error));
  const loadingViewDue = new Promise<void>((resolve) => setTimeout(resolve, pendingMs));
  await firstMessages;
  // the development build renders at once, as a slow API does: the inspector's panel, part of the tree, shows the
  // session's boot live (its loadingContext among it)
  if (!import.meta.env.DEV) await Promise.race([firstRoute, loadingViewDue]);
  await loadMessages(portal.session.getSnapshot().context.language);
  const root = createRoot(document.getElementById('root')!);
  // the first render as a transition: React renders it in slices of a few milliseconds, yielding to the browser
  // between them, instead of one task of the whole tree (on a slow phone over 200 ms in which no input is handled:
  // Lighthouse's total blocking time, docs/performance.md). The screen it commits is the same.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App portal={portal} router={router} devPanel={devPanel} />
      </StrictMode>,
    ),
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
    main.textContent = bootTexts[language];
    document.documentElement.lang = language;
    root.replaceChildren(main);
  }
});
