import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { Toast, ToastsActor } from '../../machines/toasts.machine';

/** Toasts at the top right (280 px). Errors are announced assertively and stay until closed. */
export function Toasts({ actor }: { actor: ToastsActor }) {
  const toasts = useSelector(actor, (s) => s.context.toasts);
  const intl = useIntl();
  const valuesOf = (t: Toast) => ({
    ...t.values,
    ...Object.fromEntries(
      Object.entries(t.valueKeys).map(([name, keys]) => [
        name,
        keys.map((id) => intl.formatMessage({ id })).join(', '),
      ]),
    ),
  });
  return (
    <section className="toasts" aria-label={intl.formatMessage({ id: 'toast.region' })}>
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast--${t.toastType}`}
          role={t.toastType === 'error' ? 'alert' : 'status'}
          aria-live={t.toastType === 'error' ? 'assertive' : 'polite'}
        >
          <div className="toast__body">
            <p className="toast__title">{intl.formatMessage({ id: t.titleKey })}</p>
            <p className="toast__text">{intl.formatMessage({ id: t.messageKey }, valuesOf(t))}</p>
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label={intl.formatMessage({ id: 'toast.close' })}
            onClick={() => actor.send({ type: 'toasts.close', id: t.id })}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
