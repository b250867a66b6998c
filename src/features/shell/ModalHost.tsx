import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { Modal } from '../../ui/Modal';
import { ESCAPE_KEY } from '../../../machines/modal.machine';
import { modalDefinition } from './modal-registry';

// features register further modals in a `modals.ts` of their own (modal-registry.ts); loaded here
import.meta.glob('../*/modals.ts', { eager: true });

/**
 * Renders the modal machine's current modal through ui/Modal (spec 1 §4): protected / closeable classes, Escape (key
 * 27), overlay click, 200 ms fade (the machine's fadingIn/fadingOut; the view fades alongside).
 */
export function ModalHost() {
  const intl = useIntl();
  const { modals } = usePortal();
  const current = useSelector(modals, (s) => s.context.current);
  const open = useSelector(modals, (s) => s.matches('fadingIn') || s.matches('shown'));
  const def = current ? modalDefinition(current.component) : undefined;
  // a component that is not registered renders itself (customer-add: features/customer-add/CustomerAddModal.tsx)
  if (!current || !def) return null;
  const Content = def.Component;
  return (
    <Modal
      key={current.component}
      open={open}
      title={intl.formatMessage({ id: def.titleKey })}
      protected={current.protected}
      closeable={current.closeable}
      className={current.classes.join(' ')}
      onClose={() => modals.send({ type: 'modal.dismiss', via: 'closeButton' })}
      onOverlayClick={() => modals.send({ type: 'modal.dismiss', via: 'overlay' })}
      onEscape={() => modals.send({ type: 'modal.keyDown', keyCode: ESCAPE_KEY })}
    >
      <Content params={current.params} close={(result) => modals.send({ type: 'modal.close', result })} />
    </Modal>
  );
}
