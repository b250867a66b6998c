/**
 * The password tab (spec 2 §2 "Password view", §4 password usage, §5 username and password; only for the person
 * themself): the current password when the person has one (any change of the sign-on asks it, ASVS 2.1.6; a wrong
 * one is marked on the field and keeps everything typed), the yes/no choice when canDisablePassword holds, username,
 * new password and repeat with the rule text.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import {
  asksCurrentPassword,
  PASSWORD_LABELS,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  validatePassword,
  type PasswordForm,
} from '../../../domain/user-settings';
import type { FormValues } from '../../../machines/settingsForm.machine';
import { passwordSettingsQuery } from '../../api/user-settings/get-password';
import { usePortal } from '../../app/PortalContext';
import { TextField } from '../../ui/Field';
import { FormStatus, SaveBar } from './FormParts';
import { useSettingsForm } from './useSettingsForm';
import { useMessage } from '../../ui/message';

const validate = (v: FormValues) => validatePassword(v as PasswordForm);

export function PasswordView({ subject }: { subject: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const portal = usePortal();
  const form = useSettingsForm('password', portal.userSettings.password, subject, validate);
  const settings = useQuery(passwordSettingsQuery(portal.api, subject));
  const msg = useMessage();
  const id = useId();

  if (form.loading || form.loadFailed)
    return <FormStatus loading={form.loading} onRetry={() => form.send({ type: 'form.retry' })} />;
  const v = form.values as PasswordForm;
  const canDisable = settings.data?.canDisablePassword ?? false;
  const field = (
    name: 'currentPassword' | 'username' | 'password' | 'repeat',
    type: 'text' | 'password',
    autoComplete: string,
  ) => (
    <TextField
      block="us-field"
      name={name}
      type={type}
      autoComplete={autoComplete}
      label={t(PASSWORD_LABELS[name] ?? name)}
      value={v[name]}
      error={msg(form.errors[name])}
      hint={
        name === 'username'
          ? t('user-settings.password.username.rule', { min: USERNAME_MIN, max: USERNAME_MAX })
          : name === 'currentPassword'
            ? t('user-settings.password.current.hint')
            : undefined
      }
      onChange={(value) => form.edit({ [name]: value }, name)}
    />
  );

  return (
    <form
      className="us-form"
      noValidate
      aria-label={t('user-settings.tab.password')}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.save' });
      }}
    >
      {form.restored && (
        <p className="notice" role="status" data-testid="draft-restored">
          {t('user-settings.draft.restored')}
        </p>
      )}
      <p>{t('user-settings.password.explanation')}</p>
      {asksCurrentPassword(v) && (
        <div className="us-grid us-grid--single">{field('currentPassword', 'password', 'current-password')}</div>
      )}
      {canDisable && (
        <fieldset className="us-choice">
          <legend>{t('user-settings.password.use')}</legend>
          {(['yes', 'no'] as const).map((choice) => (
            <label key={choice} htmlFor={`${id}-${choice}`} className="us-choice__option">
              <input
                id={`${id}-${choice}`}
                type="radio"
                name="passwordUsed"
                value={choice}
                checked={v.passwordUsed === choice}
                onChange={() => form.edit({ passwordUsed: choice }, 'passwordUsed')}
              />{' '}
              {t(`user-settings.password.use.${choice}`)}
            </label>
          ))}
        </fieldset>
      )}
      {v.passwordUsed === 'yes' && (
        <div className="us-grid us-grid--single">
          {field('username', 'text', 'username')}
          {field('password', 'password', 'new-password')}
          {field('repeat', 'password', 'new-password')}
          <p className="muted" id={`${id}-rule`} data-testid="password-rule">
            {t('user-settings.password.rule', { min: PASSWORD_MIN })}
          </p>
        </div>
      )}
      <SaveBar enabled={form.saveEnabled} saving={form.saving} />
    </form>
  );
}
