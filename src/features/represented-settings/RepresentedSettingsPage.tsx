/**
 * Business customer settings (spec 2 §2 "Represented settings"): the header with the customer's name and registry
 * code, the tabs 'business customer data' (only for a customer of EE or unknown country) and 'user rights', and the
 * tab's panel. Without a jgid the current represented party's. Gated by AXAPTA like every settings page (spec 1 §8).
 * The server decides who may see a customer (403 → error.auth and home, handled by the API client).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { hasEditTab } from '../../../domain/represented-settings';
import { isAxaptaDead } from '../../../domain/rights';
import { representedCustomerQuery } from '../../api/settings/get-customer';
import { usePortal } from '../../app/PortalContext';
import { CustomerDataForm } from './CustomerDataForm';
import { RightsPanel } from './RightsPanel';
import './represented-settings.css';

export type RepresentedSettingsTab = 'edit' | 'rights';

export function RepresentedSettingsPage({ tab, jgid }: { tab: RepresentedSettingsTab; jgid?: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const portal = usePortal();
  const currentJgid = useSelector(portal.session, (s) => s.context.userContext?.epitPrincipal?.represented?.gid ?? '');
  const contextLoaded = useSelector(portal.session, (s) => s.context.userContext !== null);
  const dead = useSelector(portal.session, (s) => isAxaptaDead(s.context.userContext));
  const customerId = jgid || currentJgid;
  const customer = useQuery({ ...representedCustomerQuery(portal.api, customerId), enabled: customerId !== '' });
  const title = t(tab === 'edit' ? 'representedSettings.edit.title' : 'representedSettings.rights.title');

  if (dead)
    return (
      <section className="page card card--notice" aria-labelledby="rs-title">
        <h1 id="rs-title">{title}</h1>
        <p role="alert" data-testid="axapta-dead-page">
          {t('error.axapta.dead')}
        </p>
        <Link to="/dashboard" className="button button--ghost">
          {t('common.backHome')}
        </Link>
      </section>
    );
  if (customerId === '')
    return contextLoaded ? (
      <section className="page card card--notice" aria-labelledby="rs-title">
        <h1 id="rs-title">{title}</h1>
        <p role="status">{t('represented.none')}</p>
      </section>
    ) : (
      <p className="page muted" role="status" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  // spec 2 §2: a customer whose country is not EE (nor unknown) has no edit tab: the rights tab instead
  const editTab = customer.data ? hasEditTab(customer.data.country) : true;
  if (tab === 'edit' && customer.data && !editTab)
    return <Navigate to="/settings/rights/$jgid" params={{ jgid: customerId }} replace />;

  return (
    <section className="page represented-settings" aria-labelledby="rs-title">
      <header className="rs-header">
        <h1 id="rs-title" data-testid="rs-name">
          {customer.data?.name ?? title}
        </h1>
        {customer.data?.regCode && (
          <p className="muted">
            {t('represented-settings.regCode')}: <span data-testid="rs-regcode">{customer.data.regCode}</span>
          </p>
        )}
      </header>
      <nav className="rs-tabs" aria-label={t('represented-settings.tabs')}>
        <ul>
          {editTab && (
            <li>
              <Link
                to="/settings/represented/$jgid"
                params={{ jgid: customerId }}
                className="rs-tab"
                aria-current={tab === 'edit' ? 'page' : undefined}
              >
                {t('represented-settings.tab.edit')}
              </Link>
            </li>
          )}
          <li>
            <Link
              to="/settings/rights/$jgid"
              params={{ jgid: customerId }}
              className="rs-tab"
              aria-current={tab === 'rights' ? 'page' : undefined}
            >
              {t('represented-settings.tab.rights')}
            </Link>
          </li>
        </ul>
      </nav>
      <div className="card rs-panel">
        {tab === 'edit' &&
          (customer.data ? (
            <CustomerDataForm key={customer.data.id} customer={customer.data} />
          ) : customer.isError ? (
            <p role="alert" className="field-error">
              {t('error.server')}
            </p>
          ) : (
            <p className="muted" role="status" aria-busy="true">
              {t('common.loading')}
            </p>
          ))}
        {tab === 'rights' && <RightsPanel key={customerId} customerId={customerId} />}
      </div>
    </section>
  );
}
