/**
 * The preferences tab (spec 2 §2 "Preferences view", §4 preference rules and "Save and use", §5): the start-up
 * service and the represented party, both required. Changing the service clears the party; "Save and use" is
 * hidden for EDIT_ANY_USER and while the form is invalid.
 */
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { NOPREFERENCE, type RepresentationRight } from '../../../domain/contract';
import {
  allowedRights,
  PREFERENCE_SERVICES,
  PREFERENCES_LABELS,
  PREFERENCES_TOGETHER,
  validatePreferences,
  type PreferencesForm,
} from '../../../domain/user-settings';
import type { FormValues } from '../../../machines/settingsForm.machine';
import { userRightsQuery } from '../../api/user-settings/get-rights';
import { usePortal } from '../../app/PortalContext';
import { FormConflict } from '../../ui/FormConflict';
import { SelectField } from '../../ui/Field';
import { FormStatus, SaveBar } from './FormParts';
import { useSettingsForm } from './useSettingsForm';
import { useMessage } from '../../ui/message';

const validate = (v: FormValues) => validatePreferences(v as PreferencesForm);

const SERVICE_LABEL: Record<string, string> = {
  [NOPREFERENCE]: 'user-settings.preferences.none',
  'PACKAGE-PRIVATE': 'user-settings.preferences.service.package-private',
  LOGISTICS: 'user-settings.preferences.service.logistics',
  FINANCE: 'app.name.FINANCE',
};

/** Representation rights of the subject: one's own from the context, another user's from the server (spec 2 §6). */
export function useSubjectRights(
  subject: string,
  self: boolean,
): { rights: RepresentationRight[] | null; failed: boolean } {
  const portal = usePortal();
  const own = useSelector(portal.session, (s) => s.context.userContext?.epitPrincipal?.representationRightsCache);
  const other = useQuery({ ...userRightsQuery(portal.api, subject), enabled: !self });
  if (self) return { rights: own ? Object.values(own) : [], failed: false };
  return { rights: other.data ? Object.values(other.data) : null, failed: other.isError };
}

export function PreferencesView({
  subject,
  self,
  canEditAny,
}: {
  subject: string;
  self: boolean;
  canEditAny: boolean;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const portal = usePortal();
  const form = useSettingsForm('preferences', portal.userSettings.preferences, subject, validate, PREFERENCES_TOGETHER);
  const msg = useMessage();
  const { rights } = useSubjectRights(subject, self);
  const v = form.values as PreferencesForm;
  const offered = useMemo(
    () => (rights && v.service ? allowedRights(rights, v.service, new Date()) : []),
    [rights, v.service],
  );

  if (form.loading || form.loadFailed)
    return <FormStatus loading={form.loading} onRetry={() => form.send({ type: 'form.retry' })} />;
  const choose = { value: '', label: t('user-settings.choose') };
  // a changed preference is told by the service's and the party's names, not their codes
  const named = (field: string, value: unknown) => {
    if (typeof value !== 'string' || value === '') return undefined;
    if (field === 'service') return t(SERVICE_LABEL[value] ?? value);
    if (value === NOPREFERENCE) return t('user-settings.preferences.none');
    return rights?.find((r) => r.gid === value)?.name ?? undefined;
  };
  const useShown = !canEditAny && form.saveEnabled;

  return (
    <form
      className="us-form"
      noValidate
      aria-label={t('user-settings.tab.preferences')}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.save' });
      }}
    >
      {form.actor && <FormConflict actor={form.actor} labels={PREFERENCES_LABELS} format={named} />}
      {form.restored && (
        <p className="notice" role="status" data-testid="draft-restored">
          {t('user-settings.draft.restored')}
        </p>
      )}
      <div className="us-grid us-grid--single">
        <SelectField
          block="us-field"
          name="service"
          label={t(PREFERENCES_LABELS.service ?? '')}
          value={v.service}
          error={msg(form.errors.service)}
          // spec 2 §4: changing the service clears the represented choice
          onChange={(service) => form.edit({ service, represented: '' }, 'service')}
          options={[
            ...(v.service ? [] : [choose]),
            ...PREFERENCE_SERVICES.map((s) => ({ value: s, label: t(SERVICE_LABEL[s] ?? s) })),
          ]}
        />
        <SelectField
          block="us-field"
          name="represented"
          label={t(PREFERENCES_LABELS.represented ?? '')}
          value={v.represented}
          error={msg(form.errors.represented)}
          onChange={(represented) => form.edit({ represented }, 'represented')}
          options={[
            ...(v.represented ? [] : [choose]),
            { value: NOPREFERENCE, label: t('user-settings.preferences.none') },
            ...offered.map((r) => ({ value: r.gid, label: r.name ?? r.gid })),
          ]}
        />
      </div>
      <SaveBar enabled={form.saveEnabled} saving={form.saving}>
        {useShown && (
          <button type="button" className="link-button" onClick={() => form.send({ type: 'form.save', andUse: true })}>
            {t('user-settings.preferences.save-and-use')}
          </button>
        )}
      </SaveBar>
    </form>
  );
}
