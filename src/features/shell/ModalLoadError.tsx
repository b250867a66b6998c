import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { ESCAPE_KEY, MODAL_LOAD_ERROR } from '../../../machines/modal.machine';
import { usePortal } from '../../app/PortalContext';
import { Modal } from '../../ui/Modal';

/**
 * Spec 1 §8 "Modal content load failure": a modal named in the URL that no component is registered for shows
 * error.modal.load in the modal container (the modal machine opens it as MODAL_LOAD_ERROR).
 */
export function ModalLoadError() {
  const { modals } = usePortal();
  const intl = useIntl();
  const open = useSelector(modals, (s) => s.hasTag('visible') && s.context.current?.component === MODAL_LOAD_ERROR);
  const shown = useSelector(modals, (s) => s.hasTag('shown'));
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'toast.title.error' })}
      onClose={() => modals.send({ type: 'modal.dismiss', via: 'closeButton' })}
      onOverlayClick={() => modals.send({ type: 'modal.dismiss', via: 'overlay' })}
      onEscape={() => modals.send({ type: 'modal.keyDown', keyCode: ESCAPE_KEY })}
      className="modal--load-error"
    >
      <p role="alert" data-testid="modal-load-error" aria-busy={!shown}>
        {intl.formatMessage({ id: 'error.modal.load' })}
      </p>
    </Modal>
  );
}
