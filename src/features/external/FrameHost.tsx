import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Wrapper } from '../../../domain/external';
import { isChannelActive } from '../../../machines/frameChannel.machine';
import type { ApplicationFrameActor } from '../../../machines/applicationFrame.machine';
import { pageFrameOf, type ExternalApplicationActor } from '../../../machines/externalApplication.machine';
import { usePortal } from '../../app/PortalContext';

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
 * it scrolls sideways inside its box.
 *
 * It decides nothing: the page's flow (machines/externalApplication.machine.ts) says which frame element to show
 * (its address, and a number that is new for each element, so a new element's first load adds no history entry), and
 * keeps the order system's place and the portal's address in step. This is only the bridge between the frame channel
 * and the DOM: the channel talks to the element while it is mounted (`frame.attach` / `frame.detach`), and the
 * application's `height|px`, `scroll|px` and `scroll-to-view|px` size the element and scroll the window.
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
  const { external, pages } = usePortal();
  const frameChannel = useSelector(pages, (s) => s.context.pages.frameChannel) ?? null;
  const mounted = useSelector(app, pageFrameOf);
  const frameLoading = useSelector(frame ?? undefined, (s) => !!s?.hasTag('frameLoading'));
  // for people who debug and for the end-to-end tests: whether the application answers the channel
  const channelActive = useSelector(frameChannel ?? undefined, (s) => !!s && isChannelActive(s));
  const [iframe, setIframe] = useState<HTMLIFrameElement | null>(null);

  // the DOM bridge: the channel talks to this element while it is mounted (the channel may start just after the
  // element), and the application's height and scroll requests reach the element and the window
  const { attachFrame } = external;
  useEffect(() => {
    if (!iframe || !frameChannel) return;
    const detach = attachFrame(iframe, frameChannel);
    // an application often asks to scroll before its new page has grown (the page was too short to get there): the
    // request is finished once the frame is as high as the application's content, if that follows soon after
    let pending: ScrollRequest | null = null;
    const scroll = (pixels: number, mode: ScrollRequest['mode']) => {
      const request = { pixels, mode, at: performance.now() };
      pending = scrollToFrameOffset(iframe, request) ? null : request;
    };
    const fromChannel = frameChannel.on('*', (e) => {
      if (e.type === 'frame.scroll') scroll(e.pixels, 'top');
      else if (e.type === 'frame.scrollToView') scroll(e.pixels, 'into-view');
      else if (e.type === 'frame.height') {
        iframe.style.height = `${Math.max(e.pixels, 0)}px`;
        if (
          pending &&
          (performance.now() - pending.at > SCROLL_REQUEST_LIFETIME || scrollToFrameOffset(iframe, pending))
        )
          pending = null;
      }
    });
    return () => {
      fromChannel.unsubscribe();
      detach();
    };
  }, [iframe, frameChannel, attachFrame]);

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
            id={wrapper === 'oss-wrapper' ? 'oss-iframe' : 'app-iframe'}
            className="external-frame__iframe"
            src={mounted.src}
            sandbox={FRAME_SANDBOX}
            title={title}
            // the application's height|px sets it from then on (the bridge above); a new element starts here
            style={{ height: INITIAL_HEIGHT }}
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
function scrollToFrameOffset(frame: HTMLIFrameElement, { pixels, mode }: ScrollRequest): boolean {
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
