import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { UserContext } from '../../../domain/contract';
import { externalHeader, panelRepresentees, type Wrapper } from '../../../domain/external';
import {
  applicationFrameOf,
  isApplicationLoading,
  type ExternalApplicationActor,
  type ExternalApplicationInput,
} from '../../../machines/externalApplication.machine';
import { PAGE } from '../../../domain/pages';
import { usePortal } from '../../app/PortalContext';
import { usePageActor } from '../../app/usePageActor';
import { FrameHost } from './FrameHost';
import './external.css';

/**
 * An external application page (spec 1 §2 "External application pages", §4 "External application flow"): the generic
 * external page (`/external/$service`, #app-iframe) and the order-system wrapper (`/oss-wrapper`, #oss-iframe). The
 * portal's pages machine runs its flow (and the frame channel, started with the first such page) while it shows, and
 * hands the flow the session's changes and the route's (the router's resolved navigations, through the portal); the
 * page starts the flow with the route it mounts on, and shows what the flow decides: the header, the loading message,
 * the representee panel, the maintenance or other message, or the frame.
 */
export function ExternalApplicationPage({ service, wrapper }: { service: string; wrapper: Wrapper }) {
  const { session } = usePortal();
  const userContext = useSelector(session, (s) => s.context.userContext);
  if (!userContext) return <LoadingMessage />;
  return <ExternalApplication service={service} wrapper={wrapper} userContext={userContext} />;
}

function ExternalApplication({
  service,
  wrapper,
  userContext,
}: {
  service: string;
  wrapper: Wrapper;
  userContext: UserContext;
}) {
  const { session, external } = usePortal();
  const router = useRouter();
  usePageActor(PAGE.frameChannel, external.frameChannelLogic, undefined, { once: true });
  const app = usePageActor(PAGE.externalApplication, external.applicationLogic, {
    service,
    wrapper,
    // the order system opens where the portal's address points (spec 1 §4 OSS hash sync)
    menuPath: wrapper === 'oss-wrapper' ? router.state.location.hash || null : null,
    userContext,
    language: session.getSnapshot().context.language,
    domain: session.getSnapshot().context.domain,
    clock: { now: () => Date.now() },
  } satisfies ExternalApplicationInput);

  if (!app) return <LoadingMessage />;
  return <ExternalApplicationView app={app} wrapper={wrapper} />;
}

function LoadingMessage() {
  const intl = useIntl();
  return (
    <section className="external-page">
      <p className="external-message" role="status">
        <span className="spinner spinner--small" aria-hidden="true" />
        {intl.formatMessage({ id: 'external.loading' })}
      </p>
    </section>
  );
}

function ExternalApplicationView({ app, wrapper }: { app: ExternalApplicationActor; wrapper: Wrapper }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { session } = usePortal();
  const userContext = useSelector(session, (s) => s.context.userContext);
  const frame = useSelector(app, applicationFrameOf) ?? undefined;
  const application = useSelector(app, (s) => s.context.application ?? s.context.service);
  const roleName = useSelector(frame, (s) => s?.context.roleName ?? null);
  const pageMessage = useSelector(app, (s) => s.context.messageKey);
  const frameMessage = useSelector(frame, (s) => s?.context.messageKey ?? null);
  const messageKey = pageMessage ?? frameMessage;
  const pageLoading = useSelector(app, isApplicationLoading);
  const frameLoading = useSelector(frame, (s) => !!s && isApplicationLoading(s));
  const loading = pageLoading || frameLoading;
  const maintenance = useSelector(app, (s) => s.matches('maintenance'));
  const panelOpen = useSelector(frame, (s) => !!s?.matches('representeeRequired'));
  const frameLoadFailed = useSelector(frame, (s) => !!s?.matches('frameLoadFailed'));
  const header = externalHeader(userContext, application);
  const title = t(header.titleKey);

  return (
    <section className="external-page" aria-labelledby="external-title">
      <header className="external-header">
        <h1 id="external-title">{title}</h1>
        <dl className="external-header__facts" data-testid="external-header">
          {header.representedName && (
            <div>
              <dt>{t('represented.label')}</dt>
              <dd data-testid="external-represented">
                {header.representedName}
                {header.code && (
                  <>
                    {' '}
                    <span className="external-header__code">
                      (
                      <span className="visually-hidden">
                        {t(
                          header.codeKind === 'personalCode'
                            ? 'dashboard.represented.personalCode'
                            : 'dashboard.represented.regCode',
                        )}{' '}
                      </span>
                      <span data-testid="external-code">{header.code}</span>)
                    </span>
                  </>
                )}
              </dd>
            </div>
          )}
          {roleName && (
            <div>
              <dt>{t('external.role')}</dt>
              <dd data-testid="external-role">{roleName}</dd>
            </div>
          )}
        </dl>
      </header>

      {panelOpen && messageKey && <RepresenteePanel messageKey={messageKey} application={application} />}
      {maintenance && (
        <div className="card card--notice external-notice" role="alert" data-testid="external-maintenance">
          <h2>{t('error.maintenance.title')}</h2>
          <p>{t('error.maintenance.description')}</p>
        </div>
      )}
      {frameLoadFailed && messageKey && (
        <div className="card card--notice external-notice external-load-error" data-testid="external-load-error">
          <p role="alert">{t(messageKey)}</p>
          <button type="button" className="button button--primary" onClick={() => app.send({ type: 'frame.retry' })}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!panelOpen && !maintenance && !frameLoadFailed && !loading && messageKey && (
        <p className="notice notice--error" role="alert" data-testid="external-message">
          {/* error.representation-failure names the application (spec 1 §8) */}
          {intl.formatMessage({ id: messageKey }, { services: t(`error.service.${application}`) })}
        </p>
      )}
      <FrameHost app={app} frame={frame ?? null} loading={loading} wrapper={wrapper} title={title} />
    </section>
  );
}

/**
 * The representee panel (spec 1 §4 "External application flow"): select.represented or illegal.represented, and
 * the representees who may use the application; a pick changes the represented party without leaving the page.
 */
function RepresenteePanel({ messageKey, application }: { messageKey: string; application: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { session, representedChange, root } = usePortal();
  const principal = useSelector(session, (s) => s.context.userContext?.epitPrincipal ?? null);
  const busy = useSelector(representedChange, (s) => s.hasTag('busy'));
  const options = panelRepresentees(principal, application, { today: new Date(), locale: intl.locale });

  return (
    <section className="card external-panel" aria-labelledby="external-panel-title" data-testid="representee-panel">
      <h2 id="external-panel-title" className="external-panel__title">
        {t('representee.change')}
      </h2>
      <p role="alert" className="external-panel__message" data-testid="representee-panel-message">
        {t(messageKey)}
      </p>
      {options.length > 0 ? (
        <>
          <h3 className="external-panel__subtitle">{t('external.representees')}</h3>
          <ul className="external-panel__list">
            {options.map((r) => (
              <li key={r.gid}>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  onClick={() => root.send({ type: 'represented.changeRequested', gid: r.gid })}
                >
                  {r.name}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('external.representees.none')}</p>
      )}
    </section>
  );
}
