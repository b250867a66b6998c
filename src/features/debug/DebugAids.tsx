/**
 * Development-only debug aids (spec 1 §8; loaded by main.tsx behind import.meta.env.DEV, so never in dist/): a
 * system-error modal with the stack, and an overlay of the last DEBUG_OVERLAY_MAX_LINES log lines.
 */
import { useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { Modal } from '../../ui/Modal';
import { createDebugLog, installDebugCapture, type DebugLog } from './debug-log';
import './debug.css';

/** The page's one log, fed once the module loads (dev only). */
export const debugLog: DebugLog = createDebugLog();
installDebugCapture(debugLog);

export function DebugAids({ log = debugLog }: { log?: DebugLog }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const lines = useSyncExternalStore(log.subscribe, log.lines);
  const error = useSyncExternalStore(log.subscribe, log.error);
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="debug-overlay" data-open={open}>
        <button type="button" className="button button--ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {t('debug.overlay.toggle')} ({lines.length})
        </button>
        {open && (
          <pre className="debug-overlay__lines" data-testid="debug-overlay" aria-label={t('debug.overlay.title')}>
            {lines.join('\n')}
          </pre>
        )}
      </div>
      <Modal title={t('debug.error.title')} open={error !== null} onClose={() => log.setError(null)} closeable>
        <p role="alert">{error?.message}</p>
        {error?.stack && <pre className="debug-stack">{error.stack}</pre>}
      </Modal>
    </>
  );
}
