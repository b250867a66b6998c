/** /test-component/$id (spec 2 §2): a demo page that shows the id and can open a test modal and a partial. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Modal } from '../../ui/Modal';
import { DevGate } from './DevGate';
import './dev-pages.css';

export function TestComponentPage({ id }: { id: string }) {
  return (
    <DevGate>
      <TestComponent id={id} />
    </DevGate>
  );
}

function TestComponent({ id }: { id: string }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const [modal, setModal] = useState(false);
  const [partial, setPartial] = useState(false);
  return (
    <section className="page card dev-page">
      <h1>{t('devpages.component.title')}</h1>
      <p data-testid="test-component-id">{t('devpages.component.id', { id })}</p>
      <div className="button-row">
        <button type="button" className="button" onClick={() => setModal(true)}>
          {t('devpages.component.open-modal')}
        </button>
        <button type="button" className="button" aria-expanded={partial} onClick={() => setPartial((p) => !p)}>
          {t('devpages.component.toggle-partial')}
        </button>
      </div>
      {partial && (
        <section className="card" aria-label={t('devpages.component.partial')}>
          <p>{t('devpages.component.partial-text', { id })}</p>
        </section>
      )}
      <Modal title={t('devpages.component.modal')} open={modal} onClose={() => setModal(false)} closeable>
        <p>{t('devpages.component.modal-text', { id })}</p>
        <button type="button" className="button" onClick={() => setModal(false)}>
          {t('common.close')}
        </button>
      </Modal>
    </section>
  );
}
