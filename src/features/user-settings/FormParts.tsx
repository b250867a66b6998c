/** Pieces every settings form shares: the loading / load-failure state and the save bar. */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

export function FormStatus({ loading, onRetry }: { loading: boolean; onRetry: () => void }) {
  const intl = useIntl();
  if (loading)
    return (
      <p className="muted" role="status" aria-busy="true">
        {intl.formatMessage({ id: 'common.loading' })}
      </p>
    );
  return (
    <div role="alert" className="notice notice--error">
      <p>{intl.formatMessage({ id: 'error.server' })}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {intl.formatMessage({ id: 'common.retry' })}
      </button>
    </div>
  );
}

/** Save is disabled while the form is invalid or a save is pending (spec 2 §4). */
export function SaveBar({ enabled, saving, children }: { enabled: boolean; saving: boolean; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="us-actions">
      <button type="submit" className="button button--primary" disabled={!enabled} aria-busy={saving || undefined}>
        {intl.formatMessage({ id: saving ? 'user-settings.saving' : 'user-settings.save' })}
      </button>
      {children}
    </div>
  );
}
