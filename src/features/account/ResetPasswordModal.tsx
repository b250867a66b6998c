/**
 * /user-add/reset-password/$key (spec 2 §2 "Account creation", §4, §5): a modal to set a username and password with
 * the password tab's rules; the flow is machines/resetPassword.machine.ts.
 */
import { useSelector } from '@xstate/react';
import type { ResetPasswordActor } from '../../../machines/resetPassword.machine';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { validateCredentials, type CredentialsForm } from '../../../domain/account/forms';
import { MSG, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../../../domain/user-settings/fields';
import { Modal } from '../../ui/Modal';
import { TextField, useMessage } from './Fields';
import { useResetPasswordActor } from './useAccountActor';
import './account.css';

export function ResetPasswordModal({ resetKey }: { resetKey: string }) {
  const actor = useResetPasswordActor(resetKey);
  return actor ? <ResetPasswordModalContent actor={actor} /> : null;
}

function ResetPasswordModalContent({ actor }: { actor: ResetPasswordActor }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const message = useMessage();
  const user = useSelector(actor, (s) => s.context.user);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const notUnique = useSelector(actor, (s) => s.context.usernameNotUnique);
  const [form, setForm] = useState<CredentialsForm>({ username: '', password: '', repeat: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validateCredentials(form);
  const shown = (field: keyof CredentialsForm) => (submitted || touched[field] ? message(errors[field]) : null);

  const edit = (field: keyof CredentialsForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setTouched((t0) => ({ ...t0, [field]: true }));
    if (field === 'username') actor.send({ type: 'reset.usernameEdited' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    actor.send({ type: 'reset.submit', form });
  };

  return (
    <Modal
      title={t('account.reset.title')}
      open
      protected
      closeable
      onClose={() => actor.send({ type: 'reset.cancel' })}
      className="acc-modal"
    >
      {loading || !user ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <form className="acc-form" onSubmit={submit} noValidate>
          <p>{t('account.reset.text', { name: `${user.firstName} ${user.lastName}` })}</p>
          <TextField
            name="username"
            label={t('user-settings.password.username')}
            value={form.username}
            autoComplete="username"
            required
            hint={t('user-settings.password.username.rule', { min: USERNAME_MIN, max: USERNAME_MAX })}
            error={notUnique ? message({ key: MSG.usernameNotUnique }) : shown('username')}
            onChange={edit('username')}
          />
          <TextField
            name="password"
            type="password"
            label={t('user-settings.password.password')}
            value={form.password}
            autoComplete="new-password"
            required
            hint={t('user-settings.password.rule', { min: PASSWORD_MIN })}
            error={shown('password')}
            onChange={edit('password')}
          />
          <TextField
            name="repeat"
            type="password"
            label={t('user-settings.password.repeat')}
            value={form.repeat}
            autoComplete="new-password"
            required
            error={shown('repeat')}
            onChange={edit('repeat')}
          />
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('account.reset.save')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
