/**
 * The rights edit modal (spec 2 §2 "Rights edit modal", §4, §5): the person's identity on the left, one section per
 * supported application on the right, Save and Remove all rights. It shows the rightsEdit child actor of the rights
 * list (machines/rightsEdit.machine.ts); the view only selects and sends. After a save refused because another
 * administrator saved the person's rights meanwhile, it says which applications' roles they changed and offers both
 * roles where both changed one (the machine's `conflict`).
 */
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useCallback, useId, useRef, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  boardPositionOf,
  DOMAIN_LANGUAGES,
  MAX,
  offeredCountries,
  RIGHTS_DOMAINS,
  type RightsDomain,
} from '../../../domain/represented-settings';
import {
  canSaveRights,
  isAdminBoxDisabled,
  rightsEditIssues,
  visibleIssues,
  type AppSection,
  type RightsEditActor,
} from '../../../machines/rightsEdit.machine';
import type { RoleFormValue } from '../../../domain/represented-settings';
import { boardPositionQuery } from '../../api/enterprise/get-board-position';
import { usePortal } from '../../app/PortalContext';
import { Modal } from '../../ui/Modal';
import { CheckboxInput, SelectInput, TextInput } from './fields';
import { appNameKey, noPackageText } from './app-names';

const sameIssues = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);

const FIELD_LABEL: Record<string, string> = {
  personalCode: 'represented-settings.user.personalCode',
  firstName: 'represented-settings.user.firstName',
  lastName: 'represented-settings.user.lastName',
  email: 'represented-settings.user.email',
  begin: 'represented-settings.validity.from',
  end: 'represented-settings.validity.to',
};
const FIELD_MAX: Record<string, number> = {
  personalCode: MAX.personalCode,
  firstName: MAX.personName,
  lastName: MAX.personName,
  email: MAX.email,
};

export function RightsEditModal({ actor }: { actor: RightsEditActor }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const mode = useSelector(actor, (s) => s.context.mode);
  const identity = useSelector(actor, (s) => s.context.identity);
  const namesLocked = useSelector(actor, (s) => s.context.namesLocked);
  const wasAdmin = useSelector(actor, (s) => s.context.wasAdmin);
  const sections = useSelector(actor, (s) => s.context.sections);
  const roles = useSelector(actor, (s) => s.context.roles);
  const allowZZ = useSelector(actor, (s) => s.context.permissionNoCheckPersonalCode);
  const issues = useSelector(actor, visibleIssues, sameIssues);
  const saveEnabled = useSelector(actor, canSaveRights);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const lookingUp = useSelector(actor, (s) => s.hasTag('lookingUp'));
  const adminDisabled = useSelector(actor, isAdminBoxDisabled);
  const confirming = useSelector(actor, (s) => s.hasTag('confirmingRemoveAll'));
  const customerId = useSelector(actor, (s) => s.context.customerId);
  // the person the job title is asked for: the edited user, or a new user once the typed code is a valid one
  const personId = useSelector(
    actor,
    (s) =>
      s.context.userId ??
      (rightsEditIssues(s.context).personalCode
        ? null
        : `${s.context.identity.country}${s.context.identity.personalCode}`),
  );
  const portal = usePortal();
  const position = boardPositionOf(useQuery(boardPositionQuery(portal.api, customerId, personId)).data?.value);
  const confirmIds = { title: useId(), text: useId() };
  // the question replaces the buttons while it is asked; when it goes (Cancel, Escape) the focus goes back to
  // "Remove all rights", which comes back with the buttons (a stable callback: React calls it as the button comes)
  const askedFromRemoveAll = useRef(false);
  const removeAllRef = useCallback((el: HTMLButtonElement | null) => {
    if (!el || !askedFromRemoveAll.current) return;
    askedFromRemoveAll.current = false;
    el.focus();
  }, []);
  const message = (key: string) => {
    const m = issues[key];
    if (!m) return null;
    const field = key.includes('.') ? key.split('.')[1] : key;
    return t(m, { field: t(FIELD_LABEL[field] ?? field), max: FIELD_MAX[field] ?? 0 });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'rights.save' });
  };
  const close = () => {
    if (confirming) actor.send({ type: 'rights.removeAllCancelled' });
    else if (!busy) actor.send({ type: 'rights.close' });
  };
  const name = `${identity.firstName} ${identity.lastName}`.trim();

  return (
    <Modal
      open
      onClose={close}
      closeable
      className="rs-modal"
      title={mode === 'new' ? t('represented-settings.modal.new') : t('represented-settings.modal.edit', { name })}
    >
      <form className="rs-modal__body" onSubmit={submit} noValidate aria-busy={busy} data-testid="rights-modal">
        <RightsConflictView actor={actor} />
        <fieldset className="rs-identity">
          <legend>{t('represented-settings.user')}</legend>
          {/* the country that issued the personal code (spec 2 §2 "issuing country"); the domain below is the
              country where the service is used */}
          <SelectInput
            name="country"
            label={t('represented-settings.user.country')}
            value={identity.country}
            disabled={mode === 'edit'}
            options={offeredCountries(allowZZ).map((c) => ({
              value: c,
              label: t(`represented-settings.country.${c}`),
            }))}
            onChange={(country) => actor.send({ type: 'rights.identity', patch: { country } })}
          />
          <TextInput
            name="personalCode"
            label={t(FIELD_LABEL.personalCode)}
            value={identity.personalCode}
            readOnly={mode === 'edit'}
            maxLength={MAX.personalCode}
            error={message('personalCode')}
            hint={lookingUp ? t('represented-settings.lookingUp') : undefined}
            onChange={(personalCode) => actor.send({ type: 'rights.identity', patch: { personalCode } })}
          />
          <TextInput
            name="firstName"
            label={t(FIELD_LABEL.firstName)}
            value={identity.firstName}
            readOnly={namesLocked}
            error={message('firstName')}
            onChange={(firstName) => actor.send({ type: 'rights.identity', patch: { firstName } })}
          />
          <TextInput
            name="lastName"
            label={t(FIELD_LABEL.lastName)}
            value={identity.lastName}
            readOnly={namesLocked}
            error={message('lastName')}
            onChange={(lastName) => actor.send({ type: 'rights.identity', patch: { lastName } })}
          />
          <TextInput
            name="email"
            type="email"
            label={t(FIELD_LABEL.email)}
            value={identity.email}
            error={message('email')}
            onChange={(email) => actor.send({ type: 'rights.identity', patch: { email } })}
          />
          {mode === 'new' && (
            <div className="rs-pair">
              <SelectInput
                name="domain"
                label={t('represented-settings.user.domain')}
                value={identity.domain}
                options={RIGHTS_DOMAINS.map((d) => ({ value: d, label: t(`represented-settings.country.${d}`) }))}
                onChange={(d) => actor.send({ type: 'rights.domain', domain: d as RightsDomain })}
              />
              <SelectInput
                name="language"
                label={t('represented-settings.user.language')}
                value={identity.language}
                options={DOMAIN_LANGUAGES[identity.domain].map((l) => ({
                  value: l,
                  label: t(`represented-settings.language.${l}`),
                }))}
                onChange={(language) => actor.send({ type: 'rights.identity', patch: { language } })}
              />
            </div>
          )}
          {/* spec 2 §2 "labels for job title": the position held in the company per the business register */}
          {position && (
            <dl className="rs-job-title">
              <dt>{t('represented-settings.user.jobTitle')}</dt>
              <dd data-testid="job-title">{t(`represented-settings.position.${position}`)}</dd>
            </dl>
          )}
          <CheckboxInput
            name="admin"
            label={t('represented-settings.user.admin')}
            checked={identity.admin}
            disabled={adminDisabled}
            hint={adminDisabled ? t('represented-settings.user.admin.self') : undefined}
            onChange={(admin) => actor.send({ type: 'rights.admin', admin })}
          />
        </fieldset>

        <div className="rs-apps">
          {sections.map((section) => (
            <AppSectionView
              key={section.application}
              actor={actor}
              section={section}
              admin={identity.admin}
              role={roles[section.application]}
              message={message}
            />
          ))}
        </div>

        {confirming ? (
          // an irreversible step asks first (spec 2 §4 "Remove all rights"): nothing is saved until it is confirmed
          <div
            role="alertdialog"
            aria-labelledby={confirmIds.title}
            aria-describedby={confirmIds.text}
            className="rs-confirm"
          >
            <p id={confirmIds.title} className="rs-confirm__title">
              {t('represented-settings.removeAll.confirm.title')}
            </p>
            <p id={confirmIds.text}>{t('represented-settings.removeAll.confirm.text', { name })}</p>
            <div className="rs-actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => actor.send({ type: 'rights.removeAllConfirmed' })}
              >
                {t('represented-settings.removeAll.confirm.yes')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                autoFocus
                onClick={() => actor.send({ type: 'rights.removeAllCancelled' })}
              >
                {t('common.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="rs-actions rs-modal__actions">
            <button type="submit" className="button button--primary" disabled={!saveEnabled} aria-busy={busy}>
              {busy ? t('represented-settings.saving') : t('represented-settings.save')}
            </button>
            {mode === 'edit' && !wasAdmin && (
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                ref={removeAllRef}
                onClick={() => {
                  askedFromRemoveAll.current = true;
                  actor.send({ type: 'rights.removeAll' });
                }}
              >
                {t('represented-settings.removeAll')}
              </button>
            )}
            <button type="button" className="button button--ghost" disabled={busy} onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
        )}
      </form>
    </Modal>
  );
}

function AppSectionView({
  actor,
  section,
  admin,
  role,
  message,
}: {
  actor: RightsEditActor;
  section: AppSection;
  admin: boolean;
  role: {
    categoryId: string | null;
    roleId: number | null;
    validity: 'UNLIMITED' | 'LIMITED';
    begin: string;
    end: string;
  };
  message: (key: string) => string | null;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const group = useId();
  const app = section.application;
  const title = t(appNameKey(app));
  const locale = intl.locale;
  const note = admin
    ? t('represented-settings.note.mainAdmin')
    : section.status === 'failed'
      ? t('error.client')
      : section.status === 'noPackage'
        ? noPackageText(t, app)
        : null;
  const category = section.categories.find((c) => c.category === role.categoryId);
  return (
    <fieldset className="rs-app" data-testid={`section-${app}`}>
      <legend>{title}</legend>
      {note ? (
        <p className="rs-note" data-testid={`note-${app}`}>
          {note}
        </p>
      ) : (
        <>
          <div role="radiogroup" aria-label={t('represented-settings.category', { app: title })} className="rs-radios">
            <label className="rs-radio">
              <input
                type="radio"
                name={`${group}-cat`}
                checked={role.categoryId === null}
                onChange={() => actor.send({ type: 'rights.category', application: app, category: null })}
              />
              {t('represented-settings.category.none')}
            </label>
            {section.categories.map((c) => (
              <label key={c.category} className="rs-radio">
                <input
                  type="radio"
                  name={`${group}-cat`}
                  checked={role.categoryId === c.category}
                  onChange={() => actor.send({ type: 'rights.category', application: app, category: c.category })}
                />
                {c.names[locale] ?? c.names.en ?? t(`represented-settings.category.${c.category}`)}
              </label>
            ))}
          </div>
          {category && category.roles.length > 1 && (
            <div
              role="radiogroup"
              aria-label={t('represented-settings.role', { app: title })}
              className="rs-radios rs-roles"
            >
              {category.roles.map((r) => (
                <label key={r.id} className="rs-radio">
                  <input
                    type="radio"
                    name={`${group}-role`}
                    checked={role.roleId === r.id}
                    onChange={() => actor.send({ type: 'rights.role', application: app, roleId: r.id })}
                  />
                  {r.names[locale] ?? r.names.en ?? String(r.id)}
                </label>
              ))}
            </div>
          )}
          {category && category.roles.length === 1 && (
            <p className="muted">{category.roles[0].names[locale] ?? category.roles[0].names.en}</p>
          )}
          {role.roleId !== null && (
            <div className="rs-validity">
              <div
                role="radiogroup"
                aria-label={t('represented-settings.validity', { app: title })}
                className="rs-radios"
              >
                {(['UNLIMITED', 'LIMITED'] as const).map((v) => (
                  <label key={v} className="rs-radio">
                    <input
                      type="radio"
                      name={`${group}-validity`}
                      checked={role.validity === v}
                      onChange={() => actor.send({ type: 'rights.validity', application: app, validity: v })}
                    />
                    {t(`represented-settings.validity.${v}`)}
                  </label>
                ))}
              </div>
              {role.validity === 'LIMITED' && (
                <div className="rs-pair">
                  <TextInput
                    name={`${app}-begin`}
                    type="date"
                    label={t('represented-settings.validity.from')}
                    value={role.begin}
                    error={message(`${app}.begin`)}
                    onChange={(begin) => actor.send({ type: 'rights.dates', application: app, begin })}
                  />
                  <TextInput
                    name={`${app}-end`}
                    type="date"
                    label={t('represented-settings.validity.to')}
                    value={role.end}
                    error={message(`${app}.end`)}
                    onChange={(end) => actor.send({ type: 'rights.dates', application: app, end })}
                  />
                </div>
              )}
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}

/** A role row as one line: the role's name (or no rights), and its dates when limited. */
function roleText(
  t: (id: string, values?: Record<string, string | number>) => string,
  formatDay: (iso: string) => string,
  locale: string,
  section: AppSection | undefined,
  value: RoleFormValue,
): string {
  if (value.roleId === null) return t('represented-settings.category.none');
  const role = section?.categories.flatMap((c) => c.roles).find((r) => r.id === value.roleId);
  const name = role ? (role.names[locale] ?? role.names.en ?? String(role.id)) : String(value.roleId);
  return value.validity === 'LIMITED'
    ? t('represented-settings.conflict.limited', {
        role: name,
        begin: formatDay(value.begin),
        end: formatDay(value.end),
      })
    : name;
}

/**
 * What a refused save found (the machine's `conflict`): the applications whose role the other administrator changed
 * (the dialog took their roles) and, for each application both changed, the two roles to choose from.
 */
function RightsConflictView({ actor }: { actor: RightsEditActor }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const conflict = useSelector(actor, (s) => s.context.conflict);
  const reloading = useSelector(actor, (s) => s.hasTag('conflict'));
  const sections = useSelector(actor, (s) => s.context.sections);
  const base = useSelector(actor, (s) => s.context.base);
  const titleId = useId();
  const name = useId();
  if (reloading)
    return (
      <p className="form-conflict" role="status" aria-busy="true" data-testid="rights-conflict-loading">
        {t('conflict.loading')}
      </p>
    );
  if (!conflict) return null;
  const formatDay = (iso: string) => (iso ? intl.formatDate(`${iso}T00:00:00`) : '…');
  const section = (app: string) => sections.find((s) => s.application === app);
  const text = (app: string, value: unknown) =>
    roleText(t, formatDay, intl.locale, section(app), value as RoleFormValue);
  const both = Object.entries(conflict.both);
  return (
    <section className="form-conflict" role="alert" aria-labelledby={titleId} data-testid="rights-conflict">
      <h2 id={titleId}>{t('conflict.title')}</h2>
      <p>{t('conflict.intro')}</p>
      {conflict.taken.length > 0 && (
        <>
          <p>{t('represented-settings.conflict.taken')}</p>
          <ul data-testid="rights-conflict-taken">
            {conflict.taken.map((app) => (
              <li key={app} data-testid={`rights-conflict-taken-${app}`}>
                {t(appNameKey(app))}: {text(app, base[app])}
              </li>
            ))}
          </ul>
        </>
      )}
      {both.length > 0 && (
        <>
          <p>{t('represented-settings.conflict.both')}</p>
          {both.map(([app, offered]) => (
            <fieldset key={app} className="form-conflict__choice" data-testid={`rights-conflict-both-${app}`}>
              <legend>{t(appNameKey(app))}</legend>
              {(['mine', 'theirs'] as const).map((side) => (
                <label key={side}>
                  <input
                    type="radio"
                    name={`${name}-${app}`}
                    checked={(conflict.chosen[app] ?? 'mine') === side}
                    onChange={() => actor.send({ type: 'rights.choose', application: app, side })}
                  />{' '}
                  {t(`conflict.${side}`, { value: text(app, offered[side]) })}
                </label>
              ))}
            </fieldset>
          ))}
        </>
      )}
    </section>
  );
}
