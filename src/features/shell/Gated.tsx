import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import type { AppLink } from './menu';
import { useAxaptaDead } from './useShellData';

/** Every action that needs the billing system first checks AXAPTA is alive (spec 1 §2, §8): else the toast, nothing else. */
function useAxaptaGate() {
  const { toasts } = usePortal();
  const dead = useAxaptaDead();
  return {
    dead,
    /** runs `action` only while AXAPTA is alive */
    guard: (action: () => void) => {
      if (dead) toasts.send({ type: 'toasts.show', toastType: 'error', messageKey: 'error.axapta.dead' });
      else action();
    },
  };
}

/** A link gated by AXAPTA: while it is dead it is disabled (aria-disabled) and says why. */
export function GatedLink({
  link,
  className,
  children,
  onNavigate,
  testId,
}: {
  link: AppLink;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
  testId?: string;
}) {
  const intl = useIntl();
  const gate = useAxaptaGate();
  const reasonId = useId();
  if (gate.dead) {
    return (
      <span className="gated">
        <a
          role="link"
          tabIndex={0}
          aria-disabled="true"
          aria-describedby={reasonId}
          className={`${className ?? ''} is-disabled`}
          data-testid={testId}
          onClick={() => gate.guard(() => {})}
          onKeyDown={(e) => e.key === 'Enter' && gate.guard(() => {})}
        >
          {children}
        </a>
        <span id={reasonId} className="gate-reason">
          {intl.formatMessage({ id: 'error.axapta.dead.short' })}
        </span>
      </span>
    );
  }
  return (
    <Link {...link} className={className} data-testid={testId} onClick={onNavigate}>
      {children}
    </Link>
  );
}

/** A button gated by AXAPTA (add-customer): stays focusable, aria-disabled with the reason while dead. */
export function GatedButton({
  onClick,
  className,
  children,
  testId,
}: {
  onClick: () => void;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const intl = useIntl();
  const gate = useAxaptaGate();
  const reasonId = useId();
  return (
    <span className="gated">
      <button
        type="button"
        className={`${className ?? ''}${gate.dead ? ' is-disabled' : ''}`}
        aria-disabled={gate.dead || undefined}
        aria-describedby={gate.dead ? reasonId : undefined}
        data-testid={testId}
        onClick={() => gate.guard(onClick)}
      >
        {children}
      </button>
      {gate.dead && (
        <span id={reasonId} className="gate-reason">
          {intl.formatMessage({ id: 'error.axapta.dead.short' })}
        </span>
      )}
    </span>
  );
}
