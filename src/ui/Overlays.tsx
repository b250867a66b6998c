import { useIntl } from 'react-intl';

/** Full loading overlay over the viewport (navigation, session loading). */
export function FullOverlay({ active }: { active: boolean }) {
  const intl = useIntl();
  if (!active) return null;
  return (
    <div
      className="overlay overlay--full"
      role="progressbar"
      aria-busy="true"
      aria-label={intl.formatMessage({ id: 'common.loading' })}
    >
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}

/** The modal overlay host: modals render into it (see ui/Modal.tsx). */
export function ModalOverlayHost() {
  return <div id="modal-overlay" className="modal-host" />;
}
