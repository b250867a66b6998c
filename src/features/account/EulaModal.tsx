/**
 * /user-add/edit/$key and /user-add/edit/ (spec 2 §2 "Account creation", §4 "EULA confirm", §5 "EULA form"): the
 * terms of use (a PDF in the person's language, upper-case code), name corrections when a name is missing, the
 * credentials (the password tab's rules), a start-up preference and the acceptance. Confirm stays disabled until the
 * data has loaded. The flow is machines/eula.machine.ts; the form is its child on the settings forms' machine (values,
 * touched fields, errors, the server's field errors), which this view reads and sends to.
 */
import { useSelector } from '@xstate/react';
import type { EulaActor } from '../../../machines/eula.machine';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { eulaLanguageCode, eulaParties, type EulaForm } from '../../../domain/account';
import { NOPREFERENCE } from '../../../domain/contract';
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../../../domain/user-settings/fields';
import { PREFERENCE_SERVICES } from '../../../domain/user-settings/preferences';
import { usePortal } from '../../app/PortalContext';
import { SelectField, TextField } from '../../ui/Field';
import { useMessage } from '../../ui/message';
import { Modal } from '../../ui/Modal';
import { useFormActor } from '../../ui/useFormActor';
import { useEulaActor } from './useAccountActor';
import './account.css';

const SERVICE_LABELS: Record<string, string> = {
  [NOPREFERENCE]: 'user-settings.preferences.none',
  'PACKAGE-PRIVATE': 'user-settings.preferences.service.package-private',
  LOGISTICS: 'user-settings.preferences.service.logistics',
  FINANCE: 'app.name.FINANCE',
};

export function EulaModal({ inviteKey }: { inviteKey: string | null }) {
  const actor = useEulaActor(inviteKey);
  return actor ? <EulaModalContent actor={actor} /> : null;
}

function EulaModalContent({ actor }: { actor: EulaActor }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const message = useMessage();
  const portal = usePortal();
  const data = useSelector(actor, (s) => s.context.data);
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const flowBusy = useSelector(actor, (s) => s.hasTag('busy'));
  const formActor = useSelector(actor, (s) => s.children.form);
  const form = useFormActor<EulaForm>(formActor);
  const busy = flowBusy || (ready && form.busy);
  const language = useSelector(portal.session, (s) => s.context.language);

  const info = data?.info ?? null;
  // once confirmed the form has ended: what it sent shows while the portal goes on
  const sent = useSelector(actor, (s) => s.context.sent);
  const v: Partial<EulaForm> = formActor ? form.values : (sent ?? {});
  const shown = (field: keyof EulaForm) => message(form.errors[field]);
  const offered = eulaParties(data?.parties ?? [], v.service ?? '', new Date());
  const edit = <K extends keyof EulaForm>(field: K, value: EulaForm[K]) => form.edit({ [field]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.save();
  };
  // the terms of use in the language on screen, whatever the person's language of communication
  const pdfLang = eulaLanguageCode(language);
  const pdfUrl = `${portal.config.apiUrl.replace(/\/+$/, '')}/user-add/eula/${pdfLang}.pdf`;

  return (
    <Modal title={t('account.eula.title')} open protected onClose={() => undefined} className="acc-modal">
      <form className="acc-form" onSubmit={submit} noValidate aria-busy={!ready}>
        {!info ? (
          <p role="status">{t('common.loading')}</p>
        ) : (
          <>
            <p>{t('account.eula.text', { name: `${info.firstName} ${info.lastName}`.trim() })}</p>
            <p>
              <a href={pdfUrl} target="_blank" rel="noopener" data-testid="eula-pdf">
                {t('account.eula.pdf', { language: pdfLang })}
              </a>{' '}
              <span className="muted">{t('common.opensInNewWindow')}</span>
            </p>
            {(v.askFirstName || v.askLastName) && (
              <fieldset className="acc-grid">
                <legend>{t('account.eula.names')}</legend>
                {v.askFirstName && (
                  <TextField
                    block="acc-field"
                    name="firstName"
                    label={t('account.eula.first-name')}
                    value={v.firstName ?? ''}
                    required
                    error={shown('firstName')}
                    onChange={(v) => edit('firstName', v)}
                  />
                )}
                {v.askLastName && (
                  <TextField
                    block="acc-field"
                    name="lastName"
                    label={t('account.eula.last-name')}
                    value={v.lastName ?? ''}
                    required
                    error={shown('lastName')}
                    onChange={(v) => edit('lastName', v)}
                  />
                )}
              </fieldset>
            )}
            <fieldset className="acc-grid">
              <legend>{t('account.eula.credentials')}</legend>
              {v.askCurrentPassword && (
                <TextField
                  block="acc-field"
                  name="currentPassword"
                  type="password"
                  label={t('user-settings.password.current')}
                  value={v.currentPassword ?? ''}
                  autoComplete="current-password"
                  required
                  hint={t('user-settings.password.current.hint')}
                  error={shown('currentPassword')}
                  onChange={(v) => edit('currentPassword', v)}
                />
              )}
              <TextField
                block="acc-field"
                name="username"
                label={t('user-settings.password.username')}
                value={v.username ?? ''}
                autoComplete="username"
                required
                hint={t('user-settings.password.username.rule', { min: USERNAME_MIN, max: USERNAME_MAX })}
                error={shown('username')}
                onChange={(v) => edit('username', v)}
              />
              <TextField
                block="acc-field"
                name="password"
                type="password"
                label={t('user-settings.password.password')}
                value={v.password ?? ''}
                autoComplete="new-password"
                required
                hint={t('user-settings.password.rule', { min: PASSWORD_MIN })}
                error={shown('password')}
                onChange={(v) => edit('password', v)}
              />
              <TextField
                block="acc-field"
                name="repeat"
                type="password"
                label={t('user-settings.password.repeat')}
                value={v.repeat ?? ''}
                autoComplete="new-password"
                required
                error={shown('repeat')}
                onChange={(v) => edit('repeat', v)}
              />
            </fieldset>
            <fieldset className="acc-grid">
              <legend>{t('account.eula.preference')}</legend>
              <SelectField
                block="acc-field"
                name="service"
                label={t('account.eula.service')}
                value={v.service ?? ''}
                error={shown('service')}
                onChange={(x) => edit('service', x)}
                options={[
                  { value: '', label: t('account.eula.choose') },
                  ...PREFERENCE_SERVICES.map((s) => ({ value: s, label: t(SERVICE_LABELS[s] ?? s) })),
                ]}
              />
              <SelectField
                block="acc-field"
                name="represented"
                label={t('account.eula.represented')}
                value={v.represented ?? NOPREFERENCE}
                error={shown('represented')}
                onChange={(x) => edit('represented', x)}
                options={[
                  { value: NOPREFERENCE, label: t('user-settings.preferences.none') },
                  ...offered.map((p) => ({ value: p.gid, label: p.name ?? p.gid })),
                ]}
              />
            </fieldset>
          </>
        )}
        <div className="acc-accept">
          <input
            id="eula-accept"
            type="checkbox"
            checked={!!v.accept}
            aria-invalid={shown('accept') ? true : undefined}
            aria-describedby={shown('accept') ? 'eula-accept-error' : undefined}
            onChange={(e) => edit('accept', e.target.checked)}
          />
          <label htmlFor="eula-accept">{t('account.eula.accept')}</label>
        </div>
        {shown('accept') && (
          <p id="eula-accept-error" className="field-error" data-testid="error-accept">
            {shown('accept')}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!ready || busy}>
            {t('account.eula.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
