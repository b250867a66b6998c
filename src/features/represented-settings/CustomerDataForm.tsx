/**
 * The 'business customer data' tab (spec 2 §2, §4 contact address, §5 "Represented edit"): settings, information
 * and address sections with a Save button. One settings form actor per visit (machines/settingsForm.machine.ts with
 * the rules of domain/represented-settings/customer-form.ts); Save is disabled while invalid or pending, and a
 * failed save keeps what was typed.
 */
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { AddressSuggestion } from '../../../domain/address';
import {
  CUSTOMER_FIELD_LABELS,
  EMPTY_CUSTOMER_ADDRESS,
  MAX,
  type CustomerForm,
  type RepresentedCustomer,
} from '../../../domain/represented-settings';
import type { AddressValue } from '../../../domain/fields';
import {
  canSave,
  visibleErrors,
  type FormErrors,
  type SettingsFormActor,
} from '../../../machines/settingsForm.machine';
import { usePortal } from '../../app/PortalContext';
import { usePageActor } from '../../app/usePageActor';
import { PAGE } from '../../../domain/pages';
import { FormConflict } from '../../ui/FormConflict';
import { useMessage } from '../../ui/message';
import { AddressAutocomplete } from '../address';
import { CheckboxInput, TextInput } from './fields';
import { customerFormValidate } from './wire';

const sameErrors = (a: FormErrors, b: FormErrors) => JSON.stringify(a) === JSON.stringify(b);
const picked = (a: AddressSuggestion): AddressValue => ({
  padreId: a.padreId,
  padreFullName: a.padreFullName,
  street: a.street,
  zipCode: a.zipCode,
  city: a.settlement,
  country: 'EE',
  showGazetter: true,
});

export function CustomerDataForm({ customer }: { customer: RepresentedCustomer }) {
  const portal = usePortal();
  const canEditAnyCustomer = useSelector(
    portal.session,
    (s) => !!s.context.userContext?.privileges.includes('EDIT_ANY_CUSTOMER'),
  );
  // one logic per visit (the page keys this form by customer): it keeps the customer as last saved; the portal's
  // pages machine runs the form while it shows, and shows what it reports
  const [logic] = useState(() => portal.representedSettings.customerFormLogic(customer, { canEditAnyCustomer }));
  const actor = usePageActor(PAGE.customerDataForm, logic, {
    subject: customer.id,
    validate: customerFormValidate(customer),
  });
  return actor ? (
    <CustomerDataFields actor={actor} customer={customer} canEditAnyCustomer={canEditAnyCustomer} />
  ) : null;
}

function CustomerDataFields({
  actor,
  customer,
  canEditAnyCustomer,
}: {
  actor: SettingsFormActor;
  customer: RepresentedCustomer;
  canEditAnyCustomer: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const values = useSelector(actor, (s) => s.context.values) as Partial<CustomerForm>;
  const errors = useSelector(actor, visibleErrors, sameErrors);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const saveEnabled = useSelector(actor, canSave);
  const edit = (patch: Partial<CustomerForm>, field?: string) =>
    actor.send({ type: 'form.edit', values: patch, field: field ?? Object.keys(patch)[0] });
  const message = useMessage();
  const headingIds = { settings: useId(), info: useId(), address: useId() };

  if (loading || values.name === undefined)
    return (
      <p className="muted" role="status" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  const v = values as CustomerForm;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.save' });
  };
  const label = (field: string) => t(CUSTOMER_FIELD_LABELS[field]);
  const managed = !!customer.addressContactManaged;

  return (
    <form className="rs-form" onSubmit={submit} noValidate aria-busy={saving}>
      <FormConflict actor={actor} labels={CUSTOMER_FIELD_LABELS} />
      <section aria-labelledby={headingIds.settings} className="rs-section">
        <h2 id={headingIds.settings}>{t('represented-settings.section.settings')}</h2>
        <div className="rs-grid">
          <TextInput
            name="name"
            label={label('name')}
            value={v.name}
            maxLength={MAX.name}
            error={message(errors.name)}
            onChange={(x) => edit({ name: x })}
          />
          <TextInput
            name="phone"
            type="tel"
            label={label('phone')}
            value={v.phone}
            error={message(errors.phone)}
            onChange={(x) => edit({ phone: x })}
          />
          <TextInput
            name="email"
            type="email"
            label={label('email')}
            value={v.email}
            error={message(errors.email)}
            onChange={(x) => edit({ email: x })}
          />
          <TextInput
            name="homepage"
            type="url"
            label={label('homepage')}
            value={v.homepage}
            error={message(errors.homepage)}
            onChange={(x) => edit({ homepage: x })}
          />
          <TextInput
            name="eShop"
            type="url"
            label={label('eShop')}
            value={v.eShop}
            error={message(errors.eShop)}
            onChange={(x) => edit({ eShop: x })}
          />
        </div>
        <CheckboxInput
          name="vatNrExists"
          label={t('represented-settings.field.vatNrExists')}
          checked={v.vatNrExists}
          onChange={(x) => edit({ vatNrExists: x }, 'vatNr')}
        />
        {v.vatNrExists && (
          <TextInput
            name="vatNr"
            label={label('vatNr')}
            value={v.vatNr}
            error={message(errors.vatNr)}
            onChange={(x) => edit({ vatNr: x })}
          />
        )}
        {canEditAnyCustomer && (
          <CheckboxInput
            name="permissionNoCheckPersonalCode"
            label={t('represented-settings.field.skipCheck')}
            checked={v.permissionNoCheckPersonalCode}
            onChange={(x) => edit({ permissionNoCheckPersonalCode: x })}
          />
        )}
      </section>

      <section aria-labelledby={headingIds.info} className="rs-section" data-testid="rs-info">
        <h2 id={headingIds.info}>{t('represented-settings.section.info')}</h2>
        <dl className="rs-facts">
          <dt>{t('represented-settings.creditLimit')}</dt>
          <dd data-testid="rs-credit">
            {customer.creditLimit != null && customer.creditLimit >= 1
              ? `${intl.formatNumber(customer.creditLimit)} €`
              : t('represented-settings.creditLimit.none')}
          </dd>
          <dt>{t('represented-settings.custmanager')}</dt>
          <dd data-testid="rs-custmanager">
            {customer.custmanagerName ? (
              <>
                {customer.custmanagerName}
                {customer.custmanagerPhone && (
                  <>
                    <br />
                    <a href={`tel:${customer.custmanagerPhone.replace(/\s/g, '')}`}>{customer.custmanagerPhone}</a>
                  </>
                )}
                {customer.custmanagerEmail && (
                  <>
                    <br />
                    <a href={`mailto:${customer.custmanagerEmail}`}>{customer.custmanagerEmail}</a>
                  </>
                )}
              </>
            ) : (
              '—'
            )}
          </dd>
        </dl>
      </section>

      <section aria-labelledby={headingIds.address} className="rs-section">
        <h2 id={headingIds.address}>{t('represented-settings.section.address')}</h2>
        <AddressAutocomplete
          label={label('addressLegal')}
          text={v.addressLegal.padreFullName}
          picked={!!v.addressLegal.padreId || !v.addressLegal.showGazetter}
          error={message(errors.addressLegal)}
          testId="rs-address-legal"
          onType={(text) =>
            edit({ addressLegal: { ...v.addressLegal, padreId: null, padreFullName: text, showGazetter: true } })
          }
          onPick={(a) => edit({ addressLegal: picked(a) })}
        />
        <CheckboxInput
          name="contactEnabled"
          label={t('represented-settings.field.contactEnabled')}
          checked={v.contactEnabled}
          disabled={managed}
          hint={managed ? t('represented-settings.contactManaged') : undefined}
          onChange={(x) =>
            // spec 2 §4: turning the contact address off clears its full name
            edit({ contactEnabled: x, addressContact: x ? v.addressContact : EMPTY_CUSTOMER_ADDRESS }, 'addressContact')
          }
        />
        {v.contactEnabled && (
          <AddressAutocomplete
            label={label('addressContact')}
            text={v.addressContact.padreFullName}
            picked={!!v.addressContact.padreId || !v.addressContact.showGazetter}
            disabled={managed}
            error={message(errors.addressContact)}
            testId="rs-address-contact"
            onType={(text) =>
              edit({ addressContact: { ...v.addressContact, padreId: null, padreFullName: text, showGazetter: true } })
            }
            onPick={(a) => edit({ addressContact: picked(a) })}
          />
        )}
      </section>

      <div className="rs-actions">
        <button type="submit" className="button button--primary" disabled={!saveEnabled} aria-busy={saving}>
          {saving ? t('represented-settings.saving') : t('represented-settings.save')}
        </button>
      </div>
    </form>
  );
}
