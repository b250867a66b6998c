/**
 * /user-add/reset-password/$key (spec 2 §2 "Account creation", §4, §5): a modal to set a username and password with
 * the password tab's rules; the flow is machines/resetPassword.machine.ts.
 */
import { useSelector } from '@xstate/react';
import type { ResetPasswordActor } from '../../../machines/resetPassword.machine';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { CredentialsForm } from '../../../domain/account/forms';
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../../../domain/user-settings/fields';
import { TextField } from '../../ui/Field';
import { useMessage } from '../../ui/message';
import { Modal } from '../../ui/Modal';
import { useFormActor } from '../../ui/useFormActor';
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
  const flowBusy = useSelector(actor, (s) => s.hasTag('busy'));
  const editing = useSelector(actor, (s) => s.matches('editing'));
  const form = useFormActor<CredentialsForm>(useSelector(actor, (s) => s.children.form));
  const busy = flowBusy || (editing && form.busy);
  const shown = (field: keyof CredentialsForm) => message(form.errors[field]);
  const edit = (field: keyof CredentialsForm) => (value: string) => form.edit({ [field]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.save();
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
            block="acc-field"
            name="username"
            label={t('user-settings.password.username')}
            value={form.values.username ?? ''}
            autoComplete="username"
            required
            hint={t('user-settings.password.username.rule', { min: USERNAME_MIN, max: USERNAME_MAX })}
            error={shown('username')}
            onChange={edit('username')}
          />
          <TextField
            block="acc-field"
            name="password"
            type="password"
            label={t('user-settings.password.password')}
            value={form.values.password ?? ''}
            autoComplete="new-password"
            required
            hint={t('user-settings.password.rule', { min: PASSWORD_MIN })}
            error={shown('password')}
            onChange={edit('password')}
          />
          <TextField
            block="acc-field"
            name="repeat"
            type="password"
            label={t('user-settings.password.repeat')}
            value={form.values.repeat ?? ''}
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
