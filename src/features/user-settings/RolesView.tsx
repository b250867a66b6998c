/**
 * The roles tab (spec 2 §2 "Roles view", §4 role validity, §8): the represented customers by name with the OSS and
 * PERIODICALS roles. A cell shows the role name (the main role highlighted, a tooltip with begin and end, an empty
 * end 'unlimited'), a dash (no role, or one whose end date has passed: the rights list's rule), or 'not active';
 * when loading an application fails, error.client spans its column and the customers stay. OSS roles come from
 * user-settings/roles/clientapp/OSS; the PERIODICALS customer call is disabled (spec 2 §7), so its roles come from
 * the representation rights.
 */
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Role, RolesAndPackets, UserRole } from '../../../domain/contract';
import { roleCell, roleFor } from '../../../domain/rights';
import { rolesAndPacketsQuery } from '../../api/roles-and-packets/get-roles-and-packets';
import { ossRolesQuery } from '../../api/user-settings/get-oss-roles';
import { usePortal } from '../../app/PortalContext';
import { useSubjectRights } from './PreferencesView';

const APPS = ['OSS', 'PERIODICALS'] as const;
type App = (typeof APPS)[number];

function roleIndex(data: RolesAndPackets | undefined): Map<number, Role> {
  const m = new Map<number, Role>();
  for (const p of data?.packets ?? []) for (const c of p.categories) for (const r of c.roles) m.set(r.id, r);
  return m;
}

export function RolesView({ subject, self }: { subject: string; self: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const portal = usePortal();
  const timeout = portal.config.roleRequestTimeout;
  const language = useSelector(portal.session, (s) => s.context.language);
  const { rights, failed } = useSubjectRights(subject, self);
  const oss = useQuery(ossRolesQuery(portal.api, subject, timeout));
  const defs = {
    OSS: useQuery(rolesAndPacketsQuery(portal.api, 'OSS', false, timeout)),
    PERIODICALS: useQuery(rolesAndPacketsQuery(portal.api, 'PERIODICALS', false, timeout)),
  };
  const names = { OSS: roleIndex(defs.OSS.data), PERIODICALS: roleIndex(defs.PERIODICALS.data) };
  const rows = useMemo(
    () =>
      (rights ?? [])
        .filter((r) => !(r.isPerson && r.gid === subject))
        .sort((a, b) => (a.name ?? a.gid).localeCompare(b.name ?? b.gid, language)),
    [rights, subject, language],
  );

  if (failed)
    return (
      <p role="alert" className="notice notice--error">
        {t('error.server')}
      </p>
    );
  if (!rights)
    return (
      <p className="muted" role="status" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (rows.length === 0) return <p>{t('user-settings.roles.none')}</p>;

  const columnFailed: Record<App, boolean> = {
    OSS: oss.isError || defs.OSS.isError,
    PERIODICALS: defs.PERIODICALS.isError,
  };
  const columnLoading: Record<App, boolean> = {
    OSS: oss.isPending || defs.OSS.isPending,
    PERIODICALS: defs.PERIODICALS.isPending,
  };
  const roleOf = (app: App, gid: string): UserRole | undefined => {
    if (app === 'PERIODICALS')
      return roleFor(
        rights.find((r) => r.gid === gid),
        app,
      );
    const item = oss.data?.find((i) => i.customerId === gid && i.application === 'OSS');
    return item
      ? { application: 'OSS', roleId: item.roleId, begin: item.begin, end: item.end, notActive: item.notActive }
      : undefined;
  };

  return (
    <div className="us-roles">
      <table className="us-roles__table">
        <caption className="visually-hidden">{t('user-settings.tab.roles')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('user-settings.roles.customer')}</th>
            <th scope="col">{t('user-settings.roles.app.OSS')}</th>
            <th scope="col">{t('user-settings.roles.app.PERIODICALS')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.gid} data-testid={`roles-row-${r.gid}`}>
              <th scope="row">
                <span className="us-roles__name">{r.name ?? r.gid}</span>{' '}
                <span className="muted us-roles__code">{r.gid}</span>
              </th>
              {APPS.map((app) => {
                if (columnFailed[app])
                  return i === 0 ? (
                    <td key={app} rowSpan={rows.length} className="us-roles__failed" data-testid={`roles-error-${app}`}>
                      <span role="alert">{t('error.client')}</span>
                    </td>
                  ) : null;
                return (
                  <td key={app} data-testid={`roles-cell-${app}`}>
                    {columnLoading[app] ? (
                      <span className="muted">{t('common.loading')}</span>
                    ) : (
                      <RoleCell role={roleOf(app, r.gid)} def={names[app]} language={language} />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RoleCell({ role, def, language }: { role: UserRole | undefined; def: Map<number, Role>; language: string }) {
  const intl = useIntl();
  const tipId = useId();
  // the rights list's rule: an ended role is no role, an inactive or not yet begun one is 'not active'
  const cell = roleCell(role, new Date());
  if (cell.kind === 'none')
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{intl.formatMessage({ id: 'user-settings.roles.no-role' })}</span>
      </>
    );
  if (cell.kind === 'notActive')
    return <span className="us-roles__inactive">{intl.formatMessage({ id: 'user-settings.roles.not-active' })}</span>;
  const shown = cell.role;
  const d = shown.roleId === null ? undefined : def.get(shown.roleId);
  const name = d?.names[language] ?? d?.names.en ?? String(shown.roleId);
  const content: ReactNode = d?.primary ? <strong className="us-roles__main">{name}</strong> : name;
  return (
    <span className="us-roles__role" tabIndex={0} aria-describedby={tipId} data-main={d?.primary ? 'true' : undefined}>
      {content}
      <span role="tooltip" id={tipId} className="us-roles__tip">
        {intl.formatMessage(
          { id: 'user-settings.roles.validity' },
          { begin: shown.begin ?? '–', end: shown.end || intl.formatMessage({ id: 'user-settings.roles.unlimited' }) },
        )}
      </span>
    </span>
  );
}
