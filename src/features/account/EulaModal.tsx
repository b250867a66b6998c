/**
 * /user-add/edit/$key and /user-add/edit/ (spec 2 §2 "Account creation", §4 "EULA confirm", §5 "EULA form"): the
 * terms of use (a PDF in the person's language, upper-case code), name corrections when a name is missing, the
 * credentials (the password tab's rules), a start-up preference and the acceptance. Confirm stays disabled until the
 * data has loaded. The flow is machines/eula.machine.ts.
 */
import { useSelector } from '@xstate/react';
import type { EulaActor } from '../../../machines/eula.machine';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  emptyEulaForm,
  eulaLanguageCode,
  eulaParties,
  eulaServiceUrl,
  validateEula,
  type EulaForm,
} from '../../../domain/account';
import { NOPREFERENCE } from '../../../domain/contract';
import { MSG, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../../../domain/user-settings/fields';
import { PREFERENCE_SERVICES } from '../../../domain/user-settings/preferences';
import { usePortal } from '../../app/PortalContext';
import { Modal } from '../../ui/Modal';
import { SelectField, TextField, useMessage } from './Fields';
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
  return actor ? <EulaModalContent actor={actor} invited={inviteKey !== null} /> : null;
}

function EulaModalContent({ actor, invited }: { actor: EulaActor; invited: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const message = useMessage();
  const portal = usePortal();
  const data = useSelector(actor, (s) => s.context.data);
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const notUnique = useSelector(actor, (s) => s.context.usernameNotUnique);
  const currentRefused = useSelector(actor, (s) => s.context.currentPasswordRefused);
  const language = useSelector(portal.session, (s) => s.context.language);
  const domain = useSelector(portal.session, (s) => s.context.domain);
  const [draft, setDraft] = useState<Partial<EulaForm>>({});
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  const info = data?.info ?? null;
  const parties = data?.parties ?? [];
  const base: EulaForm = {
    ...emptyEulaForm(),
    askFirstName: !!info && info.firstName.trim() === '',
    askLastName: !!info && info.lastName.trim() === '',
    // the signed-in person's password is replaced by the confirm: they prove it first (an invitation's key proves it)
    askCurrentPassword: !invited && !!info?.passwordUsed,
  };
  const picked = { ...base, ...draft };
  const form: EulaForm = {
    ...picked,
    serviceUrl: eulaServiceUrl(picked, parties, {
      apiUrl: portal.config.apiUrl,
      domain,
      language,
      packagePrivateUrls: data?.packagePrivateUrls ?? {},
    }),
  };
  const errors = validateEula(form);
  const shown = (field: string) => (submitted || touched[field] ? message(errors[field]) : null);
  const offered = eulaParties(parties, form.service, new Date());

  const edit = <K extends keyof EulaForm>(field: K, value: EulaForm[K]) => {
    // spec 2 §4: changing the service clears the represented choice
    setDraft((d) => ({ ...d, [field]: value, ...(field === 'service' ? { represented: NOPREFERENCE } : {}) }));
    setTouched((t0) => ({ ...t0, [field]: true }));
    if (field === 'username') actor.send({ type: 'eula.usernameEdited' });
    if (field === 'currentPassword') actor.send({ type: 'eula.currentPasswordEdited' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    actor.send({ type: 'eula.confirm', form });
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
            {(form.askFirstName || form.askLastName) && (
              <fieldset className="acc-grid">
                <legend>{t('account.eula.names')}</legend>
                {form.askFirstName && (
                  <TextField
                    name="firstName"
                    label={t('account.eula.first-name')}
                    value={form.firstName}
                    required
                    error={shown('firstName')}
                    onChange={(v) => edit('firstName', v)}
                  />
                )}
                {form.askLastName && (
                  <TextField
                    name="lastName"
                    label={t('account.eula.last-name')}
                    value={form.lastName}
                    required
                    error={shown('lastName')}
                    onChange={(v) => edit('lastName', v)}
                  />
                )}
              </fieldset>
            )}
            <fieldset className="acc-grid">
              <legend>{t('account.eula.credentials')}</legend>
              {form.askCurrentPassword && (
                <TextField
                  name="currentPassword"
                  type="password"
                  label={t('user-settings.password.current')}
                  value={form.currentPassword}
                  autoComplete="current-password"
                  required
                  hint={t('user-settings.password.current.hint')}
                  error={currentRefused ? message({ key: currentRefused }) : shown('currentPassword')}
                  onChange={(v) => edit('currentPassword', v)}
                />
              )}
              <TextField
                name="username"
                label={t('user-settings.password.username')}
                value={form.username}
                autoComplete="username"
                required
                hint={t('user-settings.password.username.rule', { min: USERNAME_MIN, max: USERNAME_MAX })}
                error={notUnique ? message({ key: MSG.usernameNotUnique }) : shown('username')}
                onChange={(v) => edit('username', v)}
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
                onChange={(v) => edit('password', v)}
              />
              <TextField
                name="repeat"
                type="password"
                label={t('user-settings.password.repeat')}
                value={form.repeat}
                autoComplete="new-password"
                required
                error={shown('repeat')}
                onChange={(v) => edit('repeat', v)}
              />
            </fieldset>
            <fieldset className="acc-grid">
              <legend>{t('account.eula.preference')}</legend>
              <SelectField
                name="service"
                label={t('account.eula.service')}
                value={form.service}
                error={shown('service')}
                onChange={(v) => edit('service', v)}
              >
                <option value="">{t('account.eula.choose')}</option>
                {PREFERENCE_SERVICES.map((s) => (
                  <option key={s} value={s}>
                    {t(SERVICE_LABELS[s] ?? s)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                name="represented"
                label={t('account.eula.represented')}
                value={form.represented}
                error={shown('represented')}
                onChange={(v) => edit('represented', v)}
              >
                <option value={NOPREFERENCE}>{t('user-settings.preferences.none')}</option>
                {offered.map((p) => (
                  <option key={p.gid} value={p.gid}>
                    {p.name ?? p.gid}
                  </option>
                ))}
              </SelectField>
            </fieldset>
          </>
        )}
        <div className="acc-accept">
          <input
            id="eula-accept"
            type="checkbox"
            checked={form.accept}
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
