/**
 * The customer-add modal (spec 1 §2 "Customer-add modal", §4 customer-add steps 1–9, §5, §8): on screen while the
 * modals machine shows it (the one owner of "open": its close button and Escape go there), with the customer-add
 * flow's content while the flow (systemId 'customerAdd') is `open`. The view only selects and sends; every decision
 * is the machines' (machines/customerAdd.machine.ts, which owns the signing panel, and its children: companyLookup
 * for the company field, customerConfirmation for the action area, and the signing attempt, whose verification code
 * the panel shows); it reads their states and tags. The field rules are shared with them
 * (domain/customer-add/rules.ts); the form's data entry is the flow's `details` child on the settings forms'
 * machine, which this view reads and sends to.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { usePortal } from '../../app/PortalContext';
import { TextField } from '../../ui/Field';
import { formatRef, useMessage } from '../../ui/message';
import { Modal } from '../../ui/Modal';
import { useFormActor } from '../../ui/useFormActor';
import { CUSTOMER_ADD_COMPONENT } from '../../../domain/pages';
import { ESCAPE_KEY } from '../../../machines/modal.machine';
import { ADDITIONAL_INFO_MAX } from '../../../domain/contract';
import { EMAIL_MAX, PHONE_MAX } from '../../../domain/fields';
import type { CustomerAddActor } from '../../../machines/customerAdd.machine';
import type { SigningMethod } from '../../../machines/signing.machine';
import { staffConfirmLabelKey, validatePhone, type ConfirmationForm } from '../../../domain/customer-add/rules';
import { CompanyAutocomplete } from './CompanyAutocomplete';
import { PinDialog } from './PinDialog';
import type { PinPrompt } from './id-card';
import './customer-add.css';

/** General terms of the contract, one small PDF per language (public/terms/, made by tools/terms/make-pdfs.ts). */
export function termsPdfUrl(baseUrl: string, language: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/terms/general-terms-${language}.pdf`;
}

/** The modal, while the portal's customerAddModal machine runs the flow (from the modal's first opening on). */
export function CustomerAddModal() {
  const { customerAddModal, customerAdd } = usePortal();
  const actor = useSelector(customerAddModal, (s) => s.context.flow);
  return actor ? <CustomerAddDialog actor={actor} pinPrompt={customerAdd.pinPrompt} /> : null;
}

function CustomerAddDialog({ actor, pinPrompt }: { actor: CustomerAddActor; pinPrompt: PinPrompt }) {
  const intl = useIntl();
  const { modals } = usePortal();
  const open = useSelector(
    modals,
    (s) => s.hasTag('visible') && s.context.current?.component === CUSTOMER_ADD_COMPONENT,
  );
  const running = useSelector(actor, (s) => s.matches('open'));
  const staff = useSelector(actor, (s) => s.context.privileges.includes('ADD_ANY_CUSTOMER'));
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: staff ? 'customer-search.add' : 'customer-add.title' })}
      onClose={() => modals.send({ type: 'modal.dismiss', via: 'closeButton' })}
      onEscape={() => modals.send({ type: 'modal.keyDown', keyCode: ESCAPE_KEY })}
      protected
      closeable
      className="modal--customer-add"
    >
      {running && <CustomerAddContent actor={actor} />}
      <PinDialog prompt={pinPrompt} />
    </Modal>
  );
}

function CustomerAddContent({ actor }: { actor: CustomerAddActor }) {
  const intl = useIntl();
  const customer = useSelector(actor, (s) => s.context.customer);
  const staff = useSelector(actor, (s) => s.context.privileges.includes('ADD_ANY_CUSTOMER'));
  const lookup = useSelector(actor, (s) => s.children.companyLookup);
  const confirmation = useSelector(actor, (s) => s.children.customerConfirmation);
  // signing (the flow) or asking for rights / adding the customer (the confirmation): everything waits
  const signingBusy = useSelector(actor, (s) => s.hasTag('busy'));
  const creating = useSelector(confirmation, (s) => !!s?.hasTag('busy'));
  const busy = signingBusy || creating;
  const loadingCustomer = useSelector(lookup, (s) => !!s?.matches('loadingCompany'));
  // a request that failed: its message; the modal and everything typed stay
  const confirmationNotice = useSelector(confirmation, (s) => s?.context.notice ?? null);
  const lookupNotice = useSelector(lookup, (s) => s?.context.notice ?? null);
  const notice = confirmationNotice ?? lookupNotice;
  const lookupFailed = useSelector(lookup, (s) => !!s?.matches('lookupFailed'));
  const signing = useSelector(actor, (s) => s.matches({ open: 'signing' }));
  const area = useSelector(confirmation, (s) => {
    if (!s) return 'search';
    if (s.matches('confirmingAsStaff') || (staff && s.matches('creating'))) return 'staff';
    if (s.matches('rightsAlreadyExist')) return 'rightsExist';
    if (s.matches('confirmingRights') || s.matches('creating')) return 'confirmRights';
    if (s.matches('confirmingContract')) return 'contract';
    return 'search';
  });
  const view = signing ? 'signing' : area;

  return (
    <div className="customer-add" aria-busy={busy}>
      <p>{intl.formatMessage({ id: 'customer-add.description' })}</p>
      <CompanyAutocomplete actor={actor} disabled={busy} />
      {notice && view !== 'signing' && (
        <div className="customer-add__failure" role="alert">
          <p className="field-error">{formatRef(intl, notice)}</p>
          {lookupFailed && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'customerAdd.retry' })}
            >
              {intl.formatMessage({ id: 'common.retry' })}
            </button>
          )}
        </div>
      )}
      {loadingCustomer && (
        <p role="status" className="muted">
          {intl.formatMessage({ id: 'common.loading' })}
        </p>
      )}
      {customer && view !== 'search' && (
        <dl className="facts customer-add__company" aria-label={customer.name}>
          <div>
            <dt>{intl.formatMessage({ id: 'customer-add.reg-code.label' })}</dt>
            <dd>{customer.regCode}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'customer-add.address.label' })}</dt>
            <dd>{customer.address?.padreFullName ?? '—'}</dd>
          </div>
        </dl>
      )}
      {view === 'staff' && (
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => actor.send({ type: 'customerAdd.confirm' })}
          >
            {intl.formatMessage({ id: staffConfirmLabelKey(customer) })}
          </button>
        </div>
      )}
      {view === 'rightsExist' && (
        <p className="card card--notice" role="status">
          {intl.formatMessage({ id: 'customer-add.rights-exist' })}
        </p>
      )}
      {(view === 'contract' || view === 'signing' || view === 'confirmRights') && (
        <ConfirmationFormView actor={actor} view={view} busy={busy} />
      )}
      {view === 'signing' && <SigningPanel actor={actor} busy={busy} />}
    </div>
  );
}

function ConfirmationFormView({
  actor,
  view,
  busy,
}: {
  actor: CustomerAddActor;
  view: 'contract' | 'signing' | 'confirmRights';
  busy: boolean;
}) {
  const intl = useIntl();
  const { config, session } = usePortal();
  const language = useSelector(session, (s) => s.context.language);
  const id = useId();
  const message = useMessage();
  const form = useFormActor<ConfirmationForm>(useSelector(actor, (s) => s.children.details));
  const values = form.values;

  // a text field points out its mistake once the person leaves it; a checkbox as soon as it is clicked
  const field = (name: 'email' | 'additionalInfo', max: number, multiline: boolean, required: boolean) => (
    <TextField
      block="form-field"
      name={name}
      type={multiline ? 'text' : 'email'}
      rows={multiline ? 3 : undefined}
      autoComplete={multiline ? undefined : 'email'}
      label={intl.formatMessage({
        id: name === 'email' ? 'customer-add.email.label' : 'customer-add.additional-info.label',
      })}
      value={values[name] ?? ''}
      maxLength={max}
      disabled={busy}
      required={required}
      showRequired={required}
      error={message(form.errors[name])}
      onChange={(v) => form.edit({ [name]: v }, { touch: false })}
      onBlur={() => form.touch(name)}
    />
  );

  const checkbox = (name: 'terms' | 'board', labelKey: string) => {
    const err = message(form.errors[name]);
    return (
      <div className="form-check">
        <input
          id={`${id}-${name}`}
          type="checkbox"
          checked={!!values[name]}
          disabled={busy}
          aria-invalid={!!err}
          aria-describedby={err ? `${id}-${name}-err` : undefined}
          onChange={(e) => form.edit({ [name]: e.target.checked })}
        />
        <label htmlFor={`${id}-${name}`}>{intl.formatMessage({ id: labelKey })}</label>
        {err && (
          <p id={`${id}-${name}-err`} className="field-error">
            {err}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="customer-add__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: view === 'confirmRights' ? 'customerAdd.confirm' : 'customerAdd.sign' });
      }}
    >
      {field('email', EMAIL_MAX, false, true)}
      {field('additionalInfo', ADDITIONAL_INFO_MAX, true, false)}
      {checkbox('terms', 'customer-add.terms.label')}
      {checkbox('board', 'customer-add.board.label')}
      <p>
        <a
          href={termsPdfUrl(config.baseUrl, language)}
          target="_blank"
          rel="noopener"
          type="application/pdf"
          hrefLang={language}
        >
          {intl.formatMessage({ id: 'customer-add.terms-pdf' })}
        </a>
      </p>
      {view !== 'signing' && (
        <div className="button-row">
          {/* spec 1 §4 step 3: 'Sign' is enabled when the confirmation is valid */}
          <button type="submit" className="button button--primary" disabled={busy || !form.valid}>
            {intl.formatMessage({ id: view === 'confirmRights' ? 'customer-add.confirm' : 'customer-add.sign' })}
          </button>
        </div>
      )}
    </form>
  );
}

/**
 * A part that replaces the control the person was on (the Sign button gives way to the signing methods; the fields
 * turn read-only while a signing runs) takes the focus when it appears, so the keyboard stays in the dialog where the
 * flow went on. One function for every render: React calls it when the element comes and goes, not on each render.
 */
const focusOnArrival = (el: HTMLElement | null) => el?.focus();

function SigningPanel({ actor, busy }: { actor: CustomerAddActor; busy: boolean }) {
  const intl = useIntl();
  const id = useId();
  const phone = useSelector(actor, (s) => s.context.form.phone);
  const showPhoneError = useSelector(actor, (s) => s.context.showPhoneError);
  const notice = useSelector(actor, (s) => s.context.signingNotice);
  const signingNow = useSelector(actor, (s) => s.hasTag('busy'));
  // the attempt under way (machines/signing.machine.ts): its verification code while the person confirms it
  const attempt = useSelector(actor, (s) => s.children.signing);
  const challengeId = useSelector(attempt, (s) => (s?.hasTag('verificationCode') ? s.context.challengeId : null));
  const phoneError = showPhoneError ? validatePhone(phone).phone : undefined;
  const start = (m: SigningMethod) => actor.send({ type: 'signing.start', method: m });

  return (
    <section className="signing-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={focusOnArrival} tabIndex={-1}>
        {intl.formatMessage({ id: 'customer-add.signing.title' })}
      </h3>
      {/* an attempt that ended here (a cancelled PIN, no card in the reader): its message takes the focus, which the
          attempt's disabled buttons or the PIN dialog had; Tab goes on to the methods */}
      {notice && (
        <p className="field-error" role="alert" ref={focusOnArrival} tabIndex={-1}>
          {formatRef(intl, notice)}
        </p>
      )}
      <div className="signing-panel__methods">
        <div className="signing-panel__method">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => start('idCard')}>
            {intl.formatMessage({ id: 'customer-add.method.id-card' })}
          </button>
        </div>
        <div className="signing-panel__method">
          <div className="form-field">
            <label htmlFor={`${id}-phone`}>{intl.formatMessage({ id: 'customer-add.phone.label' })}</label>
            <input
              id={`${id}-phone`}
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_MAX}
              value={phone}
              disabled={busy}
              aria-invalid={!!phoneError}
              aria-describedby={phoneError ? `${id}-phone-err` : undefined}
              onChange={(e) => actor.send({ type: 'customerAdd.change', values: { phone: e.target.value } })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (!busy) start('mobileId');
                }
              }}
            />
            {phoneError && (
              <p id={`${id}-phone-err`} className="field-error">
                {formatRef(intl, phoneError)}
              </p>
            )}
          </div>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => start('mobileId')}>
            {intl.formatMessage({ id: 'customer-add.method.mobile-id' })}
          </button>
        </div>
        <div className="signing-panel__method">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => start('smartId')}>
            {intl.formatMessage({ id: 'customer-add.method.smart-id' })}
          </button>
        </div>
      </div>
      {signingNow && (
        <div className="signing-panel__progress" role="status" aria-live="polite" ref={focusOnArrival} tabIndex={-1}>
          {challengeId && (
            <p className="verification-code" data-testid="verification-code">
              {intl.formatMessage(
                { id: 'customer-add.verification-code' },
                {
                  code: (
                    <strong key="code" className="verification-code__value">
                      {challengeId}
                    </strong>
                  ),
                },
              )}
            </p>
          )}
          <p className="signing-panel__waiting">
            <span className="spinner spinner--small" aria-hidden="true" />{' '}
            {intl.formatMessage({ id: 'customer-add.signing.waiting' })}
          </p>
        </div>
      )}
    </section>
  );
}
