import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { isCodeLoadError, portalBuild, reloadOnceFor } from '../../app/release';
import { FullOverlay } from '../../ui/Overlays';

/**
 * A route that failed (a code file a release removed, a loader's error), in the portal's own look. A code file that
 * could not load reloads the page once at its address (src/app/release.ts); after that, or for any other failure,
 * the page says so with Try again, which loads the route again (a code failure: the whole page, whose files may be
 * back). The failure is logged with the route and the build.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const intl = useIntl();
  const router = useRouter();
  const codeFailed = isCodeLoadError(error);
  const reloading = codeFailed && reloadOnceFor.pending(window.location.href);
  // once the failure is on screen: the one reload, or the log line (a ref callback runs when its element shows)
  const onShown = useCallback(
    (shown: HTMLElement | null) => {
      if (!shown) return;
      const route = router.state.matches.at(-1)?.routeId ?? '__root__';
      if (reloading) reloadOnceFor(window.location.href);
      else console.error('route failed', { route, build: portalBuild(), error });
    },
    [error, reloading, router],
  );
  if (reloading)
    return (
      <div ref={onShown}>
        <FullOverlay active />
      </div>
    );
  const tryAgain = () => {
    if (codeFailed) window.location.reload();
    else {
      reset();
      void router.invalidate();
    }
  };
  return (
    <section ref={onShown} className="page card route-error" role="alert">
      <h1>{intl.formatMessage({ id: 'error.page.title' })}</h1>
      <p>{intl.formatMessage({ id: codeFailed ? 'error.page.code' : 'error.page.text' })}</p>
      <button type="button" className="button" onClick={tryAgain}>
        {intl.formatMessage({ id: 'common.retry' })}
      </button>
    </section>
  );
}
