/**
 * The 'user rights' tab (spec 2 §2 "/settings/rights", §4 rights list filter and load, §8, §9 page size 20).
 * One rightsList actor per visit (machines/rightsList.machine.ts). The rows are derived in memory with memoised
 * selectors (domain/represented-settings/list.ts) and only the current page is rendered, so a keystroke in
 * the search box or a page change stays a few milliseconds at 10,000 users.
 */
import { useSelector } from '@xstate/react';
import { memo, useCallback, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  buildRows,
  filterRows,
  RESULT_NO_PACKAGE,
  RIGHTS_APPLICATIONS,
  rightsPageCount,
  rightsPageOf,
  roleCell,
  type Admin,
  type AppLoad,
  type RightsFilter,
  type RightsRow,
  type RoleTree,
} from '../../../domain/represented-settings';
import { appNameKey, noPackagePlaceholder } from './app-names';
import { hasLoadError, type RightsListActor } from '../../../machines/rightsList.machine';
import type { RightsEditActor } from '../../../machines/rightsEdit.machine';
import { usePortal } from '../../app/PortalContext';
import { usePageActor } from '../../app/usePageActor';
import { PAGE } from '../../../domain/pages';
import { Pager } from '../../ui/Pager';
import { RightsEditModal } from './RightsEditModal';

/** role id → its name in the current language, per application */
export function useRoleNames(trees: Record<string, RoleTree | null>): (app: string, roleId: number | null) => string {
  const intl = useIntl();
  const maps = useMemo(() => {
    const out: Record<string, Map<number, Record<string, string>>> = {};
    for (const [app, tree] of Object.entries(trees)) {
      const m = new Map<number, Record<string, string>>();
      for (const p of tree?.packets ?? []) for (const c of p.categories) for (const r of c.roles) m.set(r.id, r.names);
      out[app] = m;
    }
    return out;
  }, [trees]);
  const locale = intl.locale;
  return useCallback(
    (app: string, roleId: number | null) => {
      if (roleId === null) return '—';
      const names = maps[app]?.get(roleId);
      return names?.[locale] ?? names?.en ?? String(roleId);
    },
    [maps, locale],
  );
}

export function RightsPanel({ customerId }: { customerId: string }) {
  const portal = usePortal();
  const currentUserId = useSelector(
    portal.session,
    (s) => s.context.userContext?.epitPrincipal?.representative.id ?? '',
  );
  const [today] = useState(() => new Date());
  // the portal's pages machine runs the list while the tab shows, and shows what it reports
  const actor = usePageActor(
    PAGE.rightsList,
    portal.representedSettings.rightsListLogic,
    { customerId, currentUserId, today },
    { restartKey: customerId },
  );
  return actor ? <RightsList actor={actor} today={today} /> : null;
}

function RightsList({ actor, today }: { actor: RightsListActor; today: Date }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const portal = usePortal();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const apps = useSelector(actor, (s) => s.context.apps);
  const trees = useSelector(actor, (s) => s.context.trees);
  const admins = useSelector(actor, (s) => s.context.admins);
  const search = useSelector(actor, (s) => s.context.search);
  const filter = useSelector(actor, (s) => s.context.filter);
  const page = useSelector(actor, (s) => s.context.page);
  const loadError = useSelector(actor, hasLoadError);
  const editor = useSelector(actor, (s) => s.children.rightsEdit as RightsEditActor | undefined);
  const roleName = useRoleNames(trees);
  const readMore = useSelector(portal.session, (s) => s.context.userContext?.homeUrls[s.context.domain] ?? null);

  // memoised selectors: rows once per load, the filter once per keystroke, the page once per page change
  const rows = useMemo(() => buildRows(nonNull(apps), admins, today), [apps, admins, today]);
  const filtered = useMemo(() => filterRows(rows, search, filter), [rows, search, filter]);
  const pages = rightsPageCount(filtered.length);
  const current = Math.min(page, pages);
  const pageRows = useMemo(() => rightsPageOf(filtered, current), [filtered, current]);
  const loaded = !loading || rows.length > 0 || admins.length > 0;
  const empty = !loading && rows.length === 0 && admins.length === 0;

  const ids = { search: useId(), admins: useId(), users: useId(), filter: useId() };

  return (
    <div className="rs-rights" aria-busy={loading}>
      <div className="rs-toolbar">
        <div className="rs-field rs-search">
          <label htmlFor={ids.search}>{t('represented-settings.search')}</label>
          <input
            id={ids.search}
            type="search"
            value={search}
            autoComplete="off"
            data-testid="rights-search"
            onChange={(e) => actor.send({ type: 'rights.search', text: e.target.value })}
          />
        </div>
        <button
          type="button"
          className="button button--primary"
          disabled={loading}
          data-testid="rights-add"
          onClick={() => actor.send({ type: 'rights.add' })}
        >
          {t('represented-settings.addUser')}
        </button>
      </div>

      {loading && (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {!loading && loadError && (
        <p role="alert" className="field-error" data-testid="rights-error">
          {t('error.server')}
        </p>
      )}
      {empty && (
        <p role="status" className="rs-notice" data-testid="rights-none">
          {t('represented-settings.no-rights-found')}
        </p>
      )}

      {loaded && admins.length > 0 && <AdminsTable admins={admins} headingId={ids.admins} actor={actor} />}

      <fieldset className="rs-filter" data-testid="rights-filter">
        <legend>{t('represented-settings.filter')}</legend>
        {(['active', 'notActive'] as const).map((f) => (
          <label key={f} className="rs-radio">
            <input
              type="radio"
              name={ids.filter}
              value={f}
              checked={filter === f}
              onChange={() => actor.send({ type: 'rights.filter', filter: f satisfies RightsFilter })}
            />
            {t(`represented-settings.filter.${f}`)}
          </label>
        ))}
      </fieldset>

      <h2 id={ids.users} className="rs-subtitle">
        {t('represented-settings.users')}
      </h2>
      <p className="muted" role="status" data-testid="rights-count">
        {t('represented-settings.users.count', { count: filtered.length })}
      </p>
      <div className="rs-table-wrap">
        <table className="rs-table" aria-labelledby={ids.users} data-testid="rights-users">
          <thead>
            <tr>
              <th scope="col">{t('represented-settings.col.name')}</th>
              <th scope="col">{t('represented-settings.col.userId')}</th>
              {RIGHTS_APPLICATIONS.map((app) => (
                <th scope="col" key={app}>
                  {t(appNameKey(app))}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('represented-settings.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pageRows.map((row, i) => (
              <UserRow
                key={row.userId}
                row={row}
                first={i === 0}
                span={pageRows.length}
                apps={apps}
                today={today}
                roleName={roleName}
                readMore={readMore}
                showEnded={filter === 'notActive'}
                actor={actor}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={current}
        pageCount={pages}
        label={t('pager.label', { what: t('represented-settings.users') })}
        onPage={(p) => actor.send({ type: 'rights.page', page: p })}
      />
      {editor && <RightsEditModal actor={editor} />}
    </div>
  );
}

const nonNull = (apps: Record<string, AppLoad | null>): Record<string, AppLoad> => {
  const out: Record<string, AppLoad> = {};
  for (const [k, v] of Object.entries(apps)) if (v) out[k] = v;
  return out;
};

function AdminsTable({ admins, headingId, actor }: { admins: Admin[]; headingId: string; actor: RightsListActor }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <section className="rs-admins">
      <h2 id={headingId} className="rs-subtitle">
        {t('represented-settings.admins')}
      </h2>
      <div className="rs-table-wrap">
        <table className="rs-table" aria-labelledby={headingId} data-testid="rights-admins">
          <thead>
            <tr>
              <th scope="col">{t('represented-settings.col.name')}</th>
              <th scope="col">{t('represented-settings.col.userId')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('represented-settings.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {admins.map((a) => {
              const name = `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim();
              return (
                <tr key={a.userId}>
                  <td data-label={t('represented-settings.col.name')}>{name}</td>
                  <td data-label={t('represented-settings.col.userId')}>{a.userId}</td>
                  <td className="rs-actions-cell">
                    <button
                      type="button"
                      className="button button--ghost rs-edit"
                      aria-label={t('represented-settings.editUser', { name })}
                      onClick={() => actor.send({ type: 'rights.edit', userId: a.userId })}
                    >
                      {t('represented-settings.edit')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One user row; memo: a keystroke re-renders only the rows whose data changed (none) plus the new page's. */
const UserRow = memo(function UserRow({
  row,
  first,
  span,
  apps,
  today,
  roleName,
  readMore,
  showEnded,
  actor,
}: {
  row: RightsRow;
  first: boolean;
  span: number;
  apps: Record<string, AppLoad | null>;
  today: Date;
  roleName: (app: string, roleId: number | null) => string;
  readMore: string | null;
  /** the not-active filter: ended roles show with the 'not active' marker instead of a dash */
  showEnded: boolean;
  actor: RightsListActor;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const name = `${row.firstName} ${row.lastName}`.trim();
  return (
    <tr data-testid="rights-row" data-user={row.userId}>
      <td data-label={t('represented-settings.col.name')}>{name}</td>
      <td data-label={t('represented-settings.col.userId')}>{row.userId}</td>
      {RIGHTS_APPLICATIONS.map((app) => {
        const load = apps[app];
        // placeholders span the column: a disrupted service, or no package (spec 2 §2)
        if (load && (!load.ok || load.answer.result === RESULT_NO_PACKAGE)) {
          if (!first) return null;
          return (
            <td
              key={app}
              rowSpan={span}
              className="rs-placeholder"
              data-label={t(appNameKey(app))}
              data-testid={`placeholder-${app}`}
            >
              {!load.ok ? (
                t('represented-settings.service-disrupted')
              ) : (
                <>
                  {noPackagePlaceholder(t, app)}{' '}
                  {readMore && (
                    <a href={readMore} target="_blank" rel="noreferrer">
                      {t('represented-settings.readMore')}
                      <span className="visually-hidden"> {t('common.opensInNewWindow')}</span>
                    </a>
                  )}
                </>
              )}
            </td>
          );
        }
        const role = row.roles[app];
        const shown = roleCell(role, today);
        const cell =
          shown.kind === 'none' && showEnded && role && role.roleId !== null
            ? { kind: 'notActive' as const, role }
            : shown;
        return (
          <td key={app} data-label={t(appNameKey(app))} data-testid={`cell-${app}`}>
            {cell.kind === 'none' && <span aria-label={t('represented-settings.noRole')}>—</span>}
            {cell.kind !== 'none' && (
              <>
                <span className="rs-role">{roleName(app, cell.role.roleId)}</span>
                <span className="rs-dates muted">
                  {' '}
                  {cell.role.begin ?? ''} – {cell.role.end ?? t('represented-settings.unlimited')}
                </span>
                {cell.kind === 'notActive' && (
                  <span className="badge rs-not-active"> {t('represented-settings.notActive')}</span>
                )}
              </>
            )}
          </td>
        );
      })}
      <td className="rs-actions-cell">
        <button
          type="button"
          className="button button--ghost rs-edit"
          aria-label={t('represented-settings.editUser', { name })}
          onClick={() => actor.send({ type: 'rights.edit', userId: row.userId })}
        >
          {t('represented-settings.edit')}
        </button>
      </td>
    </tr>
  );
});
