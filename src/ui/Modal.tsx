/**
 * The modal shell (spec 1 §4 Modals): role=dialog, aria-modal, labelled by its title; a MODAL_FADE (200 ms) fade
 * on open and close; Escape (key 27) and the overlay click close it unless it is protected;
 * a protected modal shows the close button and takes Escape only when also closeable.
 * Focus is trapped inside and returns to the opener on close.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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
  const [visible, setVisible] = useState(false);
  const canClose = !isProtected || closeable;
  // mount at once on open, start fading out at once on close (state adjusted while rendering, not in an effect)
  if (open && !mounted) setMounted(true);
  if (!open && visible) setVisible(false);

  useEffect(() => {
    if (open) {
      const raf = requestAnimationFrame(() => setVisible(true));
      return () => cancelAnimationFrame(raf);
    }
    const t = setTimeout(() => setMounted(false), MODAL_FADE);
    return () => clearTimeout(t);
  }, [open]);

  useEffect(() => {
    if (!mounted) return;
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    (dialog?.querySelector<HTMLElement>('[autofocus],[data-autofocus]') ?? dialog)?.focus();
    return () => opener?.focus?.();
  }, [mounted]);

  if (!mounted) return null;
  const host = document.getElementById('modal-overlay') ?? document.body;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && canClose) {
      e.stopPropagation();
      (onEscape ?? onClose)();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={`modal-backdrop${visible ? ' is-visible' : ''}${isProtected ? ' modal-protected' : ''}${closeable ? ' modal-closeable' : ''}`}
      style={{ transitionDuration: `${MODAL_FADE}ms` }}
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
