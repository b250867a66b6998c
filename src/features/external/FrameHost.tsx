import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { CHANNEL_METHOD, ossUpdateInitialData, portalHashFromOss, type Wrapper } from '../../../machines/lib/external';
import { isChannelActive } from '../../../machines/frameChannel.machine';
import type { ApplicationFrameActor } from '../../../machines/applicationFrame.machine';
import { frameSourceOf, type ExternalApplicationActor } from '../../../machines/externalApplication.machine';
import { usePortal } from '../../app/PortalContext';
import { frameDocumentKey, guidOf, withMenuPath } from '../../../machines/lib/external';

/** spec 1 §9: the frame has a fixed width of 1020 px (external.css); its height follows the application */
const INITIAL_HEIGHT = 600;
/** how long after a scroll request the frame's growth still completes it (ms) */
const SCROLL_REQUEST_LIFETIME = 2_000;

interface ScrollRequest {
  /** an offset inside the frame */
  pixels: number;
  /** 'top': to the top of the window (below the sticky header); 'into-view': only as far as needed */
  mode: 'top' | 'into-view';
  /** performance.now() of the request */
  at: number;
}

interface MountedFrame {
  src: string;
  /** a new number mounts a new iframe element: its first load adds no entry to the browser history */
  n: number;
}

/**
 * What an application in the frame may do: run its scripts on its own origin (the channel, its pages), post its
 * forms, open popups and downloads (documents, invoices) that are ordinary windows. Never navigate the portal's tab:
 * an application, compromised or not, has no business taking the person away from the portal (no
 * `allow-top-navigation`, not even on a click). `allow-same-origin` is safe only because the applications live on
 * their own origin (APPS_ORIGIN / APP_*_URL), never the portal's.
 */
const FRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

/**
 * The frame (spec 1 §2 "External application pages"): an iframe with id `oss-iframe` (order system) or `app-iframe`,
 * 1020 px wide and as high as the application says (`height|px`), under a loading overlay while it loads; on a phone
 * it scrolls sideways inside its box. It is the frame channel's other end (`frame.attach` / `frame.detach`), follows
 * `scroll|px` and `scroll-to-view|px`, and for the order system keeps the portal's address and the frame in step
 * (spec 1 §4 "OSS hash sync"). Whether the frame keeps its document or loads another is the flow's decision
 * (machines/applicationFrame.machine.ts); the frame channel's word that the application is ready reaches the flow
 * through the portal's pages machine.
 */
export function FrameHost({
  app,
  frame,
  loading,
  wrapper,
  title,
}: {
  app: ExternalApplicationActor;
  frame: ApplicationFrameActor | null;
  /** the page shows its loading message */
  loading: boolean;
  wrapper: Wrapper;
  title: string;
}) {
  const intl = useIntl();
  const portal = usePortal();
  const router = useRouter();
  const { external, session, pages } = portal;
  const { frameSlot } = external;
  const frameChannel = useSelector(pages, (s) => s.context.pages.frameChannel) ?? null;
  const oss = wrapper === 'oss-wrapper';
  const frameSrc = useSelector(frame ?? undefined, (s) => (s ? frameSourceOf(s) : null));
  const frameLoading = useSelector(frame ?? undefined, (s) => !!s?.hasTag('frameLoading'));
  // for people who debug and for the end-to-end tests: whether the application answers the channel
  const channelActive = useSelector(frameChannel ?? undefined, (s) => !!s && isChannelActive(s));
  const [mounted, setMounted] = useState<MountedFrame | null>(null);
  const mountedRef = useRef<MountedFrame | null>(null);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const [iframe, setIframe] = useState<HTMLIFrameElement | null>(null);

  /** ossUpdateInitialData with the portal's state now (spec 1 §4: customerId, language, domain, urlHash) */
  const notifyOss = useCallback(
    (portalHash: string) => {
      const src = mountedRef.current?.src;
      const customerId = src ? guidOf(src) : null;
      if (!customerId || !frameChannel) return;
      const { language, domain } = session.getSnapshot().context;
      frameChannel.send({
        type: 'channel.notify',
        method: CHANNEL_METHOD.ossUpdateInitialData,
        params: ossUpdateInitialData({ customerId, language, domain, portalHash }),
      });
    },
    [frameChannel, session],
  );

  // the flow's frame address → keep the frame, or load another document
  useEffect(() => {
    const prev = mountedRef.current;
    const mount = (next: MountedFrame | null) => {
      mountedRef.current = next;
      setMounted(next);
    };
    if (frameSrc) {
      if (prev && frameDocumentKey(prev.src, { oss }) === frameDocumentKey(frameSrc, { oss })) {
        // the same document: it stays where the person is; the order system hears the new language over the channel
        if (oss) notifyOss(router.state.location.hash);
        return;
      }
      // the order system opens where the portal's address points, or at its start for another customer
      const src = oss ? withMenuPath(frameSrc, prev ? '' : router.state.location.hash) : frameSrc;
      setHeight(INITIAL_HEIGHT);
      mount({ src, n: (prev?.n ?? 0) + 1 });
    } else if (!loading && !frameLoading && prev) {
      // a message instead of the frame (maintenance, representee): the frame goes; it returns with a fresh load
      mount(null);
    }
  }, [frameSrc, loading, frameLoading, oss, notifyOss, router]);

  // the channel talks to this iframe while it is mounted (the channel may start just after the frame mounts)
  const { attachFrame } = external;
  useEffect(
    () => (iframe && frameChannel ? attachFrame(iframe, frameChannel) : undefined),
    [iframe, frameChannel, attachFrame],
  );

  // the application's height and scroll requests for the portal's window, and the order system's hash (spec 1 §4
  // OSS hash sync): a bridge from the frame channel to the DOM and the router, which no actor needs to hear
  const pendingScroll = useRef<ScrollRequest | null>(null);
  useEffect(() => {
    if (!frameChannel) return;
    const scroll = (pixels: number, mode: ScrollRequest['mode']) => {
      const request = { pixels, mode, at: performance.now() };
      pendingScroll.current = scrollToFrameOffset(frameSlot.current, request) ? null : request;
    };
    /** the hash this page set itself: its navigation is not sent back to the frame */
    let ownHash: string | null = null;
    const fromChannel = frameChannel.on('*', (e) => {
      if (e.type === 'frame.height') setHeight(Math.max(e.pixels, 0));
      else if (e.type === 'frame.scroll') scroll(e.pixels, 'top');
      else if (e.type === 'frame.scrollToView') scroll(e.pixels, 'into-view');
      else if (oss && e.type === 'frame.notification' && e.method === CHANNEL_METHOD.ossChangeUrlHash) {
        const hash = portalHashFromOss(e.params);
        if (hash === null) return;
        const fragment = hash.replace(/^#/, '');
        if (fragment === router.state.location.hash) return;
        ownHash = fragment;
        // replace, not push: the frame's own navigation already made the history entry
        void router.navigate({ to: '/oss-wrapper', search: true, hash: fragment, replace: true, resetScroll: false });
      }
    });
    const toFrame = oss
      ? router.subscribe('onResolved', ({ toLocation }) => {
          const own = ownHash !== null && toLocation.hash === ownHash;
          ownHash = null;
          const stillHere = router.state.matches.some((m) => m.routeId === '/oss-wrapper');
          if (!own && stillHere) notifyOss(toLocation.hash);
        })
      : () => undefined;
    return () => {
      fromChannel.unsubscribe();
      toFrame();
    };
  }, [frameChannel, frameSlot, oss, router, notifyOss]);
  // an application often asks to scroll before its new page has grown (the page was too short to get there): the
  // request is finished once the frame is as high as the application's content, if that follows soon after
  useEffect(() => {
    const request = pendingScroll.current;
    if (!request) return;
    if (performance.now() - request.at > SCROLL_REQUEST_LIFETIME || scrollToFrameOffset(frameSlot.current, request))
      pendingScroll.current = null;
  }, [height, frameSlot]);

  const overlay = loading || frameLoading;
  if (!mounted && !overlay) return null;
  return (
    <div className="external-frame" data-testid="external-frame" data-channel={channelActive ? 'active' : 'inactive'}>
      {/* focusable: on a phone the box scrolls sideways, which the keyboard must reach too */}
      <div className="external-frame__scroller" tabIndex={0} role="region" aria-label={title}>
        {mounted && (
          <iframe
            key={mounted.n}
            ref={setIframe}
            id={oss ? 'oss-iframe' : 'app-iframe'}
            className="external-frame__iframe"
            src={mounted.src}
            sandbox={FRAME_SANDBOX}
            title={title}
            style={{ height }}
            onLoad={() => app.send({ type: 'frame.loaded' })}
          />
        )}
      </div>
      {overlay && (
        <div
          className="overlay external-frame__overlay"
          role="status"
          aria-live="polite"
          data-testid="external-loading"
        >
          <span className="spinner" aria-hidden="true" />
          <span>{intl.formatMessage({ id: 'external.loading' })}</span>
        </div>
      )}
    </div>
  );
}

/**
 * spec 1 §4: `scroll|px` scrolls the portal's window so that this offset of the frame is at the top (below the sticky
 * header); `scroll-to-view|px` scrolls only as far as needed to bring it into view. True when the window got there
 * (false: the page is not long enough yet).
 */
function scrollToFrameOffset(frame: HTMLIFrameElement | null, { pixels, mode }: ScrollRequest): boolean {
  if (!frame) return true;
  const header = stickyHeaderHeight();
  const y = frame.getBoundingClientRect().top + pixels; // in the window's coordinates
  const margin = 16;
  let target = window.scrollY;
  if (mode === 'top') target = window.scrollY + y - header;
  else if (y < header + margin) target = window.scrollY + y - header - margin;
  else if (y > window.innerHeight - margin) target = window.scrollY + y - window.innerHeight + margin * 4;
  target = Math.max(0, Math.round(target));
  if (target !== Math.round(window.scrollY)) window.scrollTo({ top: target });
  return Math.abs(window.scrollY - target) <= 1;
}

/** The height of the header that stays on top while the page scrolls (desktop or mobile, whichever shows). */
function stickyHeaderHeight(): number {
  for (const el of document.querySelectorAll<HTMLElement>('.site-header, .mobile-header')) {
    const style = getComputedStyle(el);
    if (style.display !== 'none' && (style.position === 'sticky' || style.position === 'fixed'))
      return el.getBoundingClientRect().height;
  }
  return 0;
}
