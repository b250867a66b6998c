import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * A view the first screen does not show: its code is a chunk of its own, fetched the
 * first time the view is to be shown, and kept. `lazyView` is called once per view, at module level.
 */
export interface LazyViewCode<P extends object> {
  load: () => Promise<void>;
  /** whether the view's code has arrived */
  loaded: () => boolean;
  subscribe: (listener: () => void) => () => void;
  /** the view itself, once loaded (nothing before) */
  View: ComponentType<P>;
}

export function lazyView<P extends object>(
  importView: () => Promise<ComponentType<P>>,
  {
    loadAtOnce = false,
  }: {
    /** the page will most likely show the view at once: its code is asked for now, beside the first screen's data */
    loadAtOnce?: boolean;
  } = {},
): LazyViewCode<P> {
  let view: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const code: LazyViewCode<P> = {
    load: () =>
      (pending ??= importView().then(
        (v) => {
          view = v;
          listeners.forEach((l) => l());
        },
        (error: unknown) => {
          // a chunk that did not arrive: the next attempt asks again
          pending = null;
          throw error;
        },
      )),
    loaded: () => view !== null,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    View: function LoadedView(props: P) {
      const Loaded = view;
      return Loaded && <Loaded {...props} />;
    },
  };
  // a failure here is not reported: LazyView asks again, and says so, when the view is to be shown
  if (loadAtOnce) code.load().catch(() => undefined);
  return code;
}

/**
 * Renders `code`'s view once it has loaded (from then on always, so it keeps its own state); before that nothing
 * while not `shown`. Once shown, it loads the code, saying so meanwhile (common.loading) and, when the chunk cannot
 * be fetched, an alert with a retry button. The alert says `failure`: by default the spec's text for requested
 * content that cannot be loaded (error.content.load, spec 1 §8 "Lightbox", the panels and parts that load on request);
 * a modal's content says error.modal.load (spec 1 §8 "Modal content load failure").
 * `frame` puts those two where the view would show (a modal's container, so the page behind stays covered).
 */
export function LazyView<P extends object>({
  code,
  shown,
  props,
  frame = (pending) => pending,
  failure = 'error.content.load',
}: {
  code: LazyViewCode<P>;
  shown: boolean;
  props: P;
  frame?: (pending: ReactNode) => ReactNode;
  /** the message key of the alert when the code cannot be fetched */
  failure?: 'error.content.load' | 'error.modal.load';
}) {
  const intl = useIntl();
  const loaded = useSyncExternalStore(code.subscribe, code.loaded);
  const [attempt, setAttempt] = useState<number | null>(null);
  const [failed, setFailed] = useState<number | null>(null);
  // the first time it is to be shown (state adjusted while rendering, not in an effect)
  if (shown && !loaded && attempt === null) setAttempt(0);
  useEffect(() => {
    if (attempt === null) return;
    let current = true;
    code.load().catch((error: unknown) => {
      console.error(error);
      if (current) setFailed(attempt);
    });
    return () => {
      current = false;
    };
  }, [code, attempt]);
  if (loaded) return <code.View {...props} />;
  if (!shown) return null;
  if (failed === null || failed !== attempt)
    return frame(
      <p className="muted" role="status">
        {intl.formatMessage({ id: 'common.loading' })}
      </p>,
    );
  return frame(
    <div role="alert">
      <p>{intl.formatMessage({ id: failure })}</p>
      <button type="button" className="button button--ghost" onClick={() => setAttempt(attempt + 1)}>
        {intl.formatMessage({ id: 'common.retry' })}
      </button>
    </div>,
  );
}
