/**
 * The edit tab (spec 2 §2 "Edit view", §5): contact data, the language of communication and the address picked
 * from the address register; staff with EDIT_ANY_USER also send a password reset link (spec 2 §6, §8).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { AddressSuggestion } from '../../../domain/address';
import {
  EDIT_LABELS,
  EMPTY_ADDRESS,
  PREFERRED_LANGUAGES,
  validateEdit,
  type EditForm,
  type UserEditAnswer,
} from '../../../domain/user-settings';
import type { FormValues } from '../../../machines/settingsForm.machine';
import { ApiError } from '../../api/client';
import { userEditQuery } from '../../api/user-settings/get-edit';
import { usePortal } from '../../app/PortalContext';
import { AddressAutocomplete } from '../address';
import { SelectField, TextField } from '../../ui/Field';
import { FormStatus, SaveBar } from './FormParts';
import { useSettingsForm } from './useSettingsForm';
import { useMessage } from '../../ui/message';
import { FormConflict } from '../../ui/FormConflict';

const validate = (v: FormValues) => validateEdit(v as EditForm);
const LANGUAGE_NAME: Record<string, string> = {
  EST: 'lang.name.et',
  ENG: 'lang.name.en',
  RUS: 'lang.name.ru',
  LAV: 'lang.name.lv',
  LIT: 'lang.name.lt',
};

export function EditView({ subject, canEditAny }: { subject: string; canEditAny: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const portal = usePortal();
  const form = useSettingsForm('edit', portal.userSettings.edit, subject, validate);
  const msg = useMessage();
  const user = useQuery(userEditQuery(portal.api, subject));
  const reset = useMutation({
    mutationFn: (u: UserEditAnswer) => portal.userSettings.sendPasswordReset(u),
    onSuccess: () => portal.showToast({ toastType: 'success', messageKey: 'user-settings.reset.success' }),
    // a refusal the server explains (an address someone else set less than a day ago) is said as it is
    onError: (e) =>
      portal.showToast({
        toastType: 'error',
        messageKey: e instanceof ApiError && e.messageKey ? e.messageKey : 'error.server',
      }),
  });

  if (form.loading || form.loadFailed)
    return <FormStatus loading={form.loading} onRetry={() => form.send({ type: 'form.retry' })} />;
  const v = form.values as EditForm;
  const text = (name: keyof EditForm, type: 'text' | 'email' | 'tel' = 'text', autoComplete?: string) => (
    <TextField
      block="us-field"
      name={name}
      type={type}
      autoComplete={autoComplete}
      label={t(EDIT_LABELS[name] ?? name)}
      value={typeof v[name] === 'string' ? v[name] : ''}
      error={msg(form.errors[name])}
      onChange={(value) => form.edit({ [name]: value }, name)}
    />
  );
  const pick = (a: AddressSuggestion) =>
    form.edit(
      {
        address: {
          padreId: a.padreId,
          padreFullName: a.padreFullName,
          street: a.street,
          zipCode: a.zipCode,
          settlement: a.settlement,
          county: a.county,
          countyName: a.countyName,
          municipality: a.municipality,
          municipalityName: a.municipalityName,
        },
      },
      'address',
    );

  return (
    <form
      className="us-form"
      noValidate
      aria-label={t('user-settings.tab.edit')}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.save' });
      }}
    >
      {form.actor && <FormConflict actor={form.actor} labels={EDIT_LABELS} />}
      {form.restored && (
        <p className="notice" role="status" data-testid="draft-restored">
          {t('user-settings.draft.restored')}
        </p>
      )}
      <div className="us-grid">
        {text('firstName', 'text', 'given-name')}
        {text('lastName', 'text', 'family-name')}
        {text('email', 'email', 'email')}
        {text('mobile', 'tel', 'tel')}
        {text('phone', 'tel')}
        <SelectField
          block="us-field"
          name="preferredLanguage"
          label={t(EDIT_LABELS.preferredLanguage ?? '')}
          value={v.preferredLanguage}
          error={msg(form.errors.preferredLanguage)}
          onChange={(value) => form.edit({ preferredLanguage: value }, 'preferredLanguage')}
          options={[
            ...(v.preferredLanguage ? [] : [{ value: '', label: t('user-settings.choose') }]),
            ...PREFERRED_LANGUAGES.map((l) => ({ value: l, label: t(LANGUAGE_NAME[l] ?? l) })),
          ]}
        />
      </div>
      {v.address && (
        <fieldset className="us-address">
          <legend>{t('user-settings.edit.address')}</legend>
          <AddressAutocomplete
            label={t('user-settings.edit.address.search')}
            text={v.address.padreFullName ?? ''}
            picked={!!v.address.padreId}
            testId="address-input"
            error={msg(form.errors.address)}
            onType={(typed) => form.edit({ address: { ...EMPTY_ADDRESS, padreFullName: typed } }, 'address')}
            onPick={pick}
          />
        </fieldset>
      )}
      <SaveBar enabled={form.saveEnabled} saving={form.saving}>
        {canEditAny && user.data && (
          <button
            type="button"
            className="button button--ghost"
            disabled={reset.isPending}
            onClick={() => user.data && reset.mutate(user.data)}
          >
            {t('user-settings.reset.send')}
          </button>
        )}
      </SaveBar>
    </form>
  );
}
