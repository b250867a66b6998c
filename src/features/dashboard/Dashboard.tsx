import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { AddressSummary, UserContext } from '../../../domain/contract';
import type { z } from 'zod/mini';
import { usePortal } from '../../app/PortalContext';
import { LineIcon } from '../../ui/LineIcon';
import {
  addContractLink,
  businessSettingsLink,
  codeOfRight,
  countryOfRight,
  dashboardShortcuts,
  hasPrivilege,
  inAppPath,
  isAxaptaDead,
  isInternalUser,
  shortcutUrl,
  showAdminSearch,
} from '../../../domain/rights';
import { ClientManager } from '../shell';
import { GatedButton, GatedLink } from '../shell';
import { appNameKey, settingsLink } from '../shell';
import { useDomain, useUserContext } from '../shell';
import { representedDetailsQuery } from '../../api/context/get-represented-details';
import { userDetailsQuery } from '../../api/context/get-user-details';
import { serviceUrlsQuery } from '../../api/user-settings/get-service-urls';
import { loadMessageParts } from '../../i18n/load';
import { dashboardQueries } from './queries';
import './dashboard.css';

/** The customer search in place (its code and texts are a part of their own, loaded when shown: the first screen stays light). */
const CustomerSearchInPlace = lazy(() =>
  Promise.all([import('../customer-search'), loadMessageParts(['customerSearch'])]).then(([m]) => ({
    default: m.CustomerSearchInPlace,
  })),
);

/**
 * epit-dashboard (spec 1 §2 "User dashboard", "Admin dashboard"; spec 2 §2 "Dashboards"): internal users (IN_AD) get
 * the admin dashboard, everyone else the user dashboard. The child route (/dashboard/:domain/:language/:modalName)
 * renders into the outlet and opens its modal.
 */
export function Dashboard() {
  const ctx = useUserContext();
  if (!ctx?.epitPrincipal) return null;
  return (
    <>
      {isInternalUser(ctx) ? <AdminDashboard ctx={ctx} /> : <UserDashboard ctx={ctx} />}
      <Outlet />
    </>
  );
}

function formatAddress(a: z.infer<typeof AddressSummary> | null | undefined): string | null {
  if (!a) return null;
  return a.padreFullName ?? ([a.street, a.city, a.zipCode].filter(Boolean).join(', ') || null);
}

function UserCard({ ctx }: { ctx: UserContext }) {
  const intl = useIntl();
  const { api } = usePortal();
  const rep = ctx.epitPrincipal!.representative;
  // GET context/getUserDetails: the signed-in user's mobile and address (spec 1 §7)
  const details = useQuery({ ...userDetailsQuery(api, rep.id), enabled: !!rep.id });
  const t = (id: string) => intl.formatMessage({ id });
  const address = formatAddress(details.data?.address);
  return (
    <section className="card dash-card" aria-labelledby="dash-user">
      <div className="dash-card__head">
        <span className="avatar" aria-hidden="true">
          {rep.firstName.charAt(0)}
          {rep.lastName.charAt(0)}
        </span>
        <div>
          <h2 id="dash-user" className="dash-card__title">
            {rep.firstName} {rep.lastName}
          </h2>
          <p className="muted dash-card__sub">{t('dashboard.user.title')}</p>
        </div>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('dashboard.user.mobile')}</dt>
          <dd data-testid="user-mobile">{details.data?.mobile ?? (details.isPending ? '…' : '—')}</dd>
        </div>
        <div>
          <dt>{t('dashboard.user.address')}</dt>
          <dd data-testid="user-address">{address ?? (details.isPending ? '…' : '—')}</dd>
        </div>
      </dl>
      {hasPrivilege(ctx, 'SHOW_MY_SETTINGS') && (
        <Link to="/user-settings/edit/$fgid" params={{ fgid: rep.id }} className="button button--ghost">
          {t('dashboard.settings')}
        </Link>
      )}
    </section>
  );
}

function UserDashboard({ ctx }: { ctx: UserContext }) {
  const intl = useIntl();
  const { api, representedChoice, root, config, session } = usePortal();
  const domain = useDomain();
  const language = useSelector(session, (s) => s.context.language);
  const principal = ctx.epitPrincipal!;
  const rep = principal.represented;
  const right = rep ? principal.representationRightsCache[rep.gid] : undefined;
  const business = !!rep && !rep.isPerson;
  const dead = isAxaptaDead(ctx);
  // GET context/representedDetails (spec 1 §4 Context changes): a business party's details come from the back
  // office, so they are not asked while AXAPTA is marked dead
  const details = useQuery({ ...representedDetailsQuery(api, rep?.gid ?? null), enabled: business && !dead });
  const repDetails = details.data ?? rep?.details ?? null;
  const settings = settingsLink(businessSettingsLink(principal, new Date()));
  const shortcuts = dashboardShortcuts(ctx, domain, new Date());
  const needsPackageUrls = !rep || rep.isPerson;
  // GET user-settings/service-urls: the package-private LOGISTICS address per domain (spec 1 §2, §7)
  const serviceUrls = useQuery({
    ...serviceUrlsQuery(api),
    enabled: needsPackageUrls && shortcuts.some((s) => s.service === 'LOGISTICS'),
  });
  const addContract = addContractLink(domain, config.offerFormUrl);
  const canRepresent = hasPrivilege(ctx, 'SHOW_REPRESENTEES');
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      <LoadFailure ctx={ctx} />
      <div className="dashboard__grid">
        <div className="dashboard__main">
          <UserCard ctx={ctx} />

          <section className="card dash-card" aria-labelledby="dash-represented" data-testid="represented-block">
            <p className="muted dash-card__sub">
              {t(business ? 'dashboard.represented.business' : 'dashboard.represented')}
            </p>
            {rep ? (
              <>
                <h2 id="dash-represented" className="dash-card__title" data-testid="represented">
                  {rep.name}
                </h2>
                <dl className="facts">
                  <div>
                    <dt>{t(rep.isPerson ? 'dashboard.represented.personalCode' : 'dashboard.represented.regCode')}</dt>
                    <dd data-testid="represented-code">{repDetails?.regCode ?? (right ? codeOfRight(right) : '—')}</dd>
                  </div>
                  <div>
                    <dt>{t('dashboard.represented.country')}</dt>
                    <dd data-testid="represented-country">{right ? countryOfRight(right) : '—'}</dd>
                  </div>
                  {business && (
                    <div className="facts__wide">
                      <dt>{t('dashboard.represented.legalAddress')}</dt>
                      <dd data-testid="legal-address">{formatAddress(repDetails?.address) ?? '—'}</dd>
                    </div>
                  )}
                </dl>
                {settings && (
                  <GatedLink link={settings} className="button button--ghost" testId="business-settings-link">
                    {t('dashboard.businessSettings')}
                  </GatedLink>
                )}
              </>
            ) : (
              <>
                <h2 id="dash-represented" className="dash-card__title" data-testid="represented">
                  {t('represented.none')}
                </h2>
                {canRepresent && (
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => representedChoice.send({ type: 'choice.open', path: '/dashboard' })}
                  >
                    {t('representee.placeholder')}
                  </button>
                )}
              </>
            )}
          </section>

          {/* no shortcut at all (a private person without invoicing management): no empty heading */}
          {shortcuts.length > 0 && (
            <section className="dash-shortcuts" aria-labelledby="dash-shortcuts">
              <h2 id="dash-shortcuts" className="section-title">
                {t('dashboard.shortcuts')}
              </h2>
              <ul className="shortcuts" data-testid="shortcuts">
                {shortcuts.map((s) => {
                  const target = shortcutUrl({
                    apiUrl: config.apiUrl,
                    represented: rep,
                    domain,
                    language,
                    application: s.service,
                    packagePrivateUrls: serviceUrls.data,
                  });
                  const url = target.url;
                  const path = url ? inAppPath(url) : null;
                  const content = (
                    <>
                      <AppIcon code={s.iconCode} />
                      <span className="shortcut__name">{t(appNameKey(s.name, s.service))}</span>
                    </>
                  );
                  return (
                    <li key={s.service} data-service={s.service}>
                      {path ? (
                        <Link to={path} className="shortcut">
                          {content}
                        </Link>
                      ) : url ? (
                        <a href={url} className="shortcut">
                          {content}
                        </a>
                      ) : (
                        <span className="shortcut is-disabled">{content}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </div>

        <aside className="dashboard__side" aria-label={t('dashboard.sidebar')}>
          {business && repDetails?.clientManagerName && (
            <div className="card dash-card">
              <ClientManager details={repDetails} />
            </div>
          )}
          {canRepresent && (
            <section className="card dash-card" aria-labelledby="dash-contract">
              <h2 id="dash-contract" className="dash-card__title dash-card__title--small">
                {t('dashboard.addContract.title')}
              </h2>
              <p className="muted">{t('dashboard.addContract.text')}</p>
              {addContract.kind === 'modal' ? (
                <GatedButton
                  className="button button--primary"
                  testId="add-contract"
                  onClick={() => root.send({ type: 'customerAdd.requested' })}
                >
                  {t('dashboard.addContract')}
                </GatedButton>
              ) : addContract.href ? (
                <a
                  className="button button--primary"
                  href={addContract.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="add-contract"
                >
                  {t('dashboard.addContract')}
                  <span className="visually-hidden"> {t('common.opensInNewWindow')}</span>
                </a>
              ) : null}
            </section>
          )}
        </aside>
      </div>
    </section>
  );
}

function AdminDashboard({ ctx }: { ctx: UserContext }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const search = showAdminSearch(ctx);
  return (
    <section className="dashboard" aria-labelledby="dashboard-title" data-testid="admin-dashboard">
      <h1 id="dashboard-title">{t('admin.title')}</h1>
      <LoadFailure ctx={ctx} />
      <div className="dashboard__grid">
        <div className="dashboard__main">
          <UserCard ctx={ctx} />
          {search ? (
            <div className="admin-search">
              <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
                <CustomerSearchInPlace />
              </Suspense>
            </div>
          ) : (
            <p className="card dash-card muted">{t('admin.noSearch')}</p>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * One notice for the dashboard's own loads: when any of them got no answer or a server error, it
 * says so with a retry that loads the failed ones again; the rest of the page stays as it is. It only watches the
 * queries the cards use (the same keys, ./queries.ts) and never starts one itself.
 */
function LoadFailure({ ctx }: { ctx: UserContext }) {
  const intl = useIntl();
  const { api, queryClient } = usePortal();
  const domain = useDomain();
  const selected = dashboardQueries(api, ctx, domain);
  const keys = selected
    ? [selected.userDetails, selected.representedDetails, selected.serviceUrls].flatMap((q) => (q ? [q.queryKey] : []))
    : [];
  const { failed, retrying } = useQueryStates(keys);
  if (!failed.length) return null;
  return (
    <div className="card card--notice dash-failure" role="alert">
      <p>{intl.formatMessage({ id: 'error.client' })}</p>
      <button
        type="button"
        className="button button--ghost"
        disabled={retrying}
        onClick={() => failed.forEach((queryKey) => void queryClient.refetchQueries({ queryKey }))}
      >
        {intl.formatMessage({ id: 'common.retry' })}
      </button>
    </div>
  );
}

/**
 * What the cache holds for `keys`, without observing (so without starting) a query: the keys whose last load failed,
 * and whether any of them is loading again.
 */
function useQueryStates(keys: readonly QueryKey[]) {
  const { queryClient } = usePortal();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  // a string, so that an unchanged state is the same snapshot
  const states = useSyncExternalStore(subscribe, () =>
    keys
      .map((queryKey) => {
        const query = cache.find({ queryKey, exact: true });
        return query ? `${query.state.status} ${query.state.fetchStatus}` : '';
      })
      .join('|'),
  ).split('|');
  return {
    failed: keys.filter((_, i) => states[i]?.startsWith('error')),
    retrying: states.some((state) => state.endsWith('fetching')),
  };
}

/** Application icons by iconCode (logistics, finance, periodics). */
function AppIcon({ code }: { code: string }) {
  const paths: Record<string, string> = {
    logistics: 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5zM3 7.5 12 12l9-4.5M12 12v9',
    finance: 'M4 5h16v14H4zM4 9h16M8 14h3M8 17h6',
    periodics: 'M5 4h11l3 3v13H5zM8 9h8M8 13h8M8 17h5',
  };
  return (
    <span className={`shortcut__icon shortcut__icon--${code}`} aria-hidden="true">
      <LineIcon d={paths[code] ?? paths.logistics} size={28} strokeWidth={1.7} />
    </span>
  );
}
