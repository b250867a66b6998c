/**
 * The modal shell (spec 1 §4 Modals): role=dialog, aria-modal, labelled by its title; a MODAL_FADE (200 ms) fade
 * on open and close; Escape (key 27) and the overlay click close it unless it is protected;
 * a protected modal shows the close button and takes Escape only when also closeable.
 * It takes the focus on open, keeps Tab inside (also inside a dialog nested in it) and gives the focus back to its
 * opener on close.
 */
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { MODAL_FADE } from '../../machines/modal.machine';

export interface ModalProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** modal-protected: no overlay-click close; no close button or Escape unless closeable */
  protected?: boolean;
  closeable?: boolean;
  /** the optional class parameter of the spec */
  className?: string;
  /** Escape (key 27) on a closeable modal; defaults to onClose (the modal machine wants the key code) */
  onEscape?: () => void;
  /** overlay click on an unprotected modal; defaults to onClose */
  onOverlayClick?: () => void;
  /** extra content in the header, before the close button */
  headerExtra?: ReactNode;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The open modals, the newest last: only the newest answers keys that reach the document. */
const openDialogs: HTMLElement[] = [];

/**
 * Tab and Shift+Tab go round inside `scope`: past its last control to its first and back. The focus may also be on
 * something that Tab does not stop at (the dialog itself, a heading or a message that took it) or outside (the
 * focused control was removed or disabled, so the focus fell to the page): then too the next stop is inside.
 */
function keepTabInside(scope: HTMLElement, e: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>) {
  const items = [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.checkVisibility());
  const active = document.activeElement;
  const inside = !!active && scope.contains(active);
  // the stops left in the direction of travel
  const ahead = inside
    ? items.filter((el) =>
        e.shiftKey
          ? el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING
          : active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
      )
    : [];
  if (ahead.length > 0) return;
  e.preventDefault();
  (e.shiftKey ? items.at(-1) : items[0])?.focus();
  if (!scope.contains(document.activeElement)) scope.focus();
}

/**
 * The focus goes back where it was before the modal opened. Only when it is still in the modal or fell to the page:
 * a modal that closes because the portal went to another page leaves that page's focus alone. An opener that is gone
 * (the choice modal opened by the sign-in itself, a menu that closed) gives the focus to the main content.
 */
function giveFocusBack(dialog: HTMLElement, opener: Element | null) {
  const active = document.activeElement;
  if (active && active !== document.body && !dialog.contains(active)) return;
  const back = opener instanceof HTMLElement && opener !== document.body && opener.isConnected ? opener : null;
  if (back) back.focus();
  else document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
}

export function Modal({
  title,
  open,
  onClose,
  children,
  protected: isProtected = false,
  closeable = false,
  className,
  onEscape,
  onOverlayClick,
  headerExtra,
}: ModalProps) {
  const intl = useIntl();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(open);
  // the modal overlay (ui/Overlays.tsx) is the modal's container for its whole life: a portal that moved to another
  // container would build the dialog again and lose its focus. A modal rendered in the same commit as the overlay
  // (the first screen, when the choice opens with it) takes it in a task of its own right after; until then it shows
  // nothing, which looks the same as the first frame of its fade. Not in a frame callback: that work would be part
  // of the frame that paints, and not in a layout effect: the first render's task would grow by the dialog's render
  const [host, setHost] = useState(() => document.getElementById('modal-overlay'));
  useEffect(() => {
    if (host) return;
    const t = setTimeout(() => setHost(document.getElementById('modal-overlay') ?? document.body));
    return () => clearTimeout(t);
  }, [host]);
  const canClose = !isProtected || closeable;
  const escape = onEscape ?? onClose;
  // the document listener below lives as long as the modal is open; this reads the newest props
  const escapeFromOutside = useEffectEvent(() => {
    if (canClose) escape();
  });
  // mount at once on open (state adjusted while rendering, not in an effect); stay mounted while fading out
  if (open && !mounted) setMounted(true);

  // open: take the focus (the [autofocus] control, else the dialog itself) and answer the keys that reach
  // the document; close: the focus goes back to the opener at once, the dialog leaves after the fade
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) {
      const t = setTimeout(() => setMounted(false), MODAL_FADE);
      return () => clearTimeout(t);
    }
    const opener = document.activeElement;
    dialog.querySelector<HTMLElement>('[autofocus],[data-autofocus]')?.focus();
    if (!dialog.contains(document.activeElement)) dialog.focus();
    openDialogs.push(dialog);
    // keys from outside the dialog: its focused control was removed or disabled (a step of the flow ended, a
    // signing made the fields read-only) and the focus fell to the page; Tab brings it back, Escape still closes
    const onDocumentKey = (e: KeyboardEvent) => {
      if (openDialogs.at(-1) !== dialog || dialog.contains(e.target as Node)) return;
      if (e.key === 'Tab') keepTabInside(dialog, e);
      else if (e.key === 'Escape') escapeFromOutside();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => {
      document.removeEventListener('keydown', onDocumentKey);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      giveFocusBack(dialog, opener);
    };
  }, [open, host]);

  if (!mounted || !host) return null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && canClose) {
      e.stopPropagation();
      escape();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    // a dialog inside this one (the ID-card PIN, a question before an irreversible step) keeps Tab to itself
    const inner = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(
      '[role="dialog"],[role="alertdialog"]',
    );
    e.stopPropagation();
    keepTabInside(inner && dialogRef.current.contains(inner) ? inner : dialogRef.current, e);
  };

  return createPortal(
    <div
      // open: `is-visible` fades the dialog in with a CSS animation as it enters the document; closed: the
      // class goes, and the dialog fades out (a transition) before it leaves (styles.css)
      className={`modal-backdrop${open ? ' is-visible' : ''}${isProtected ? ' modal-protected' : ''}${closeable ? ' modal-closeable' : ''}`}
      style={{ transitionDuration: `${MODAL_FADE}ms`, animationDuration: `${MODAL_FADE}ms` }}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !isProtected) (onOverlayClick ?? onClose)();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {headerExtra}
          {canClose && (
            <button
              type="button"
              className="icon-button"
              aria-label={intl.formatMessage({ id: 'modal.close' })}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    host,
  );
}
