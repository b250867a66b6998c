/**
 * /osgi-admin (spec 2 §2 "Deployment admin page"): the deployment packages, Install only for epit-web, epit-core
 * and ep-osgi packages (spec 2 §5 "a name match"), and the installed bundles. DEPLOYMENT_ADMIN only (route guard
 * and server); not in live run mode.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { isDeployable } from '../../../domain/dev-pages/contract';
import { installDeployment } from '../../api/deployment/install-deployment';
import { bundlesQuery } from '../../api/deployment/list-bundles';
import { deploymentsQuery } from '../../api/deployment/list-deployments';
import { usePortal } from '../../app/PortalContext';
import { DevGate } from './DevGate';
import './dev-pages.css';

export function OsgiAdminPage() {
  return (
    <DevGate staffOnly={false}>
      <OsgiAdmin />
    </DevGate>
  );
}

function OsgiAdmin() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const portal = usePortal();
  const { api, showToast } = portal;
  const deployments = useQuery(deploymentsQuery(api));
  const bundles = useQuery(bundlesQuery(api));
  const install = useMutation({
    mutationFn: (deployment: string) => installDeployment(portal, deployment),
    onSuccess: () => showToast({ toastType: 'success', messageKey: 'devpages.osgi.installed' }),
    onError: () => showToast({ toastType: 'error', messageKey: 'error.server' }),
  });

  return (
    <section className="page card dev-page">
      <h1>{t('devpages.osgi.title')}</h1>
      <h2>{t('devpages.osgi.packages')}</h2>
      {deployments.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : deployments.isError ? (
        <p role="alert">{t('error.server')}</p>
      ) : deployments.data.value.length === 0 ? (
        <p>{t('devpages.osgi.no-packages')}</p>
      ) : (
        <table className="dev-table" aria-label={t('devpages.osgi.packages')}>
          <thead>
            <tr>
              <th scope="col">{t('devpages.osgi.name')}</th>
              <th scope="col">{t('devpages.osgi.version')}</th>
              <th scope="col">{t('devpages.osgi.source')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('devpages.osgi.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deployments.data.value.map((d) => (
              <tr key={d.name}>
                <td>{d.name}</td>
                <td>{d.version}</td>
                <td>{t(`devpages.osgi.source.${d.source}`)}</td>
                <td>
                  {isDeployable(d.name) && (
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={install.isPending}
                      aria-label={t('devpages.osgi.install-name', { name: d.name })}
                      onClick={() => install.mutate(d.name)}
                    >
                      {t('devpages.osgi.install')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t('devpages.osgi.bundles')}</h2>
      {bundles.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : bundles.isError ? (
        <p role="alert">{t('error.server')}</p>
      ) : (
        <table className="dev-table" aria-label={t('devpages.osgi.bundles')}>
          <thead>
            <tr>
              <th scope="col">{t('devpages.osgi.symbolic-name')}</th>
              <th scope="col">{t('devpages.osgi.location')}</th>
              <th scope="col">{t('devpages.osgi.version')}</th>
              <th scope="col">{t('devpages.osgi.type')}</th>
            </tr>
          </thead>
          <tbody>
            {bundles.data.value.map((b) => (
              <tr key={`${b.symbolicName}@${b.bundleVersion}`}>
                <td>{b.symbolicName}</td>
                <td className="dev-break">{b.location}</td>
                <td>{b.bundleVersion}</td>
                <td>{t(b.applicationBundle ? 'devpages.osgi.type.app' : 'devpages.osgi.type.library')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
