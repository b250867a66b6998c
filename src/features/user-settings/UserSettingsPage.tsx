/**
 * User settings (spec 2 §2 "User settings", §6): the header with the person's first and last name and personal
 * code, the tabs (edit, roles, password only for the person themself, preferences; a dropdown menu on a phone,
 * below 737 px, spec 2 §9) and the tab's view. Without fgid the signed-in person's own settings are shown.
 * Another person's settings need EDIT_ANY_USER: the route's beforeLoad tells anyone else access was denied and
 * sends them home before this page renders (src/routes/-user-settings-access.ts; the server refuses them with 403
 * as well). Gated by AXAPTA like every settings page (spec 1 §8 error.axapta.dead).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { mayOpenUserSettings } from '../../../domain/user-settings/access';
import { userEditQuery } from '../../api/user-settings/get-edit';
import { usePortal } from '../../app/PortalContext';
import { useAxaptaDeadNotice } from './AxaptaNotice';
import { EditView } from './EditView';
import { PasswordView } from './PasswordView';
import { PreferencesView } from './PreferencesView';
import { RolesView } from './RolesView';
import './user-settings.css';

export type UserSettingsTab = 'edit' | 'roles' | 'password' | 'preferences';

export function UserSettingsPage({ tab, fgid }: { tab: UserSettingsTab; fgid?: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const portal = usePortal();
  const ownId = useSelector(portal.session, (s) => s.context.userContext?.epitPrincipal?.representative.id ?? null);
  const canEditAny = useSelector(portal.session, (s) => !!s.context.userContext?.privileges.includes('EDIT_ANY_USER'));
  const subject = fgid || ownId || '';
  const self = subject !== '' && subject === ownId;
  // the route has checked it; the session may have changed since (a newer context): show nothing of that person
  const allowed = useSelector(portal.session, (s) => mayOpenUserSettings(s.context.userContext, fgid));
  const deadNotice = useAxaptaDeadNotice('userSettings.title');

  if (deadNotice) return deadNotice;
  if (subject === '' || !allowed)
    return (
      <p className="page muted" role="status" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (tab === 'password' && !self)
    return <Navigate to="/user-settings/edit/$fgid" params={{ fgid: subject }} replace />;

  return (
    <section className="page user-settings" aria-labelledby="user-settings-title">
      <Header subject={subject} />
      <Tabs subject={subject} self={self} current={tab} />
      <div className="card us-panel" id="user-settings-panel">
        {tab === 'edit' && <EditView key={subject} subject={subject} canEditAny={canEditAny} />}
        {tab === 'roles' && <RolesView key={subject} subject={subject} self={self} />}
        {tab === 'password' && <PasswordView key={subject} subject={subject} />}
        {tab === 'preferences' && (
          <PreferencesView key={subject} subject={subject} self={self} canEditAny={canEditAny} />
        )}
      </div>
    </section>
  );
}

/** /user-settings/link/{domain}/{language}: the edit view of the signed-in person (the session takes the language). */
export function UserSettingsLink() {
  return <UserSettingsPage tab="edit" />;
}

function Header({ subject }: { subject: string }) {
  const intl = useIntl();
  const { api } = usePortal();
  const user = useQuery(userEditQuery(api, subject));
  return (
    <header className="us-header">
      <h1 id="user-settings-title">
        {user.data ? `${user.data.firstName} ${user.data.lastName}` : intl.formatMessage({ id: 'userSettings.title' })}
      </h1>
      {user.data && (
        <p className="muted" data-testid="user-settings-code">
          {intl.formatMessage({ id: 'user-settings.personal-code' }, { code: user.data.personalCode })}
        </p>
      )}
    </header>
  );
}

const TAB_ROUTE = {
  edit: '/user-settings/edit/$fgid',
  roles: '/user-settings/roles/$fgid',
  password: '/user-settings/password/$fgid',
  preferences: '/user-settings/preferences/$fgid',
} as const;

function Tabs({ subject, self, current }: { subject: string; self: boolean; current: UserSettingsTab }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const tabs: UserSettingsTab[] = self
    ? ['edit', 'roles', 'password', 'preferences']
    : ['edit', 'roles', 'preferences'];
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const label = t('user-settings.tabs');
  const link = (tab: UserSettingsTab, onClick?: () => void) => (
    <Link
      to={TAB_ROUTE[tab]}
      params={{ fgid: subject }}
      aria-current={tab === current ? 'page' : undefined}
      className={`us-tab${tab === current ? ' is-current' : ''}`}
      onClick={onClick}
    >
      {t(`user-settings.tab.${tab}`)}
    </Link>
  );
  return (
    <>
      <nav className="us-tabs" aria-label={label}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab}>{link(tab)}</li>
          ))}
        </ul>
      </nav>
      {/* spec 2 §2, §9: on a phone the tabs become a dropdown menu */}
      <nav className="us-tabs-menu" aria-label={label}>
        <button
          type="button"
          className="button button--ghost us-tabs-menu__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          {t(`user-settings.tab.${current}`)} <span aria-hidden="true">▾</span>
        </button>
        <ul id={menuId} hidden={!open} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
          {tabs.map((tab) => (
            <li key={tab}>{link(tab, () => setOpen(false))}</li>
          ))}
        </ul>
      </nav>
    </>
  );
}
