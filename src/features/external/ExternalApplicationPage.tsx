import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { createActor } from 'xstate';
import type { UserContext } from '../../../machines/lib/contract';
import { externalHeader, type Wrapper } from '../../../machines/lib/external';
import { visibleRepresentees } from '../../../machines/lib/rights';
import { isApplicationLoading, type ExternalApplicationActor } from '../../../machines/externalApplication.machine';
import { usePortal } from '../../app/PortalContext';
import type { Portal } from '../../app/portal';
import { FrameHost } from './FrameHost';
import './external.css';

/**
 * An external application page (spec 1 §2 "External application pages", §4 "External application flow"): the generic
 * external page (`/external/$service`, #app-iframe) and the order-system wrapper (`/oss-wrapper`, #oss-iframe). It
 * runs one externalApplication actor for as long as it is shown, hands it the session's changes (language, user
 * context, REPRESENTEE-CHANGE) and the route's, and shows what it decides: the header, the loading message, the
 * representee panel, the maintenance or other message, or the frame.
 */
export function ExternalApplicationPage({ service, wrapper }: { service: string; wrapper: Wrapper }) {
  const app = useExternalApplication(service, wrapper);
  if (!app) return <LoadingMessage />;
  return <ExternalApplicationView app={app} wrapper={wrapper} />;
}

const profileCodeOf = (ctx: UserContext) => ctx.epitPrincipal?.represented?.details?.userProfileCode ?? null;

/** The page's actor: created when the page shows (with the session's context), stopped when it goes. */
function useExternalApplication(service: string, wrapper: Wrapper): ExternalApplicationActor | null {
  const portal = usePortal();
  const router = useRouter();
  const { session, external } = portal;
  const userContext = useSelector(session, (s) => s.context.userContext);
  const language = useSelector(session, (s) => s.context.language);
  const [app, setApp] = useState<ExternalApplicationActor | null>(null);
  const hasContext = userContext !== null;
  // the route the actor starts with; later route changes are events (below)
  const route = useRef({ service, wrapper });

  useEffect(() => {
    const s = session.getSnapshot();
    const ctx = s.context.userContext;
    if (!ctx) return;
    const { service: routedService, wrapper: routedWrapper } = route.current;
    const actor = createActor(external.applicationLogic, {
      input: {
        service: routedService,
        wrapper: routedWrapper,
        // the order system opens where the portal's address points (spec 1 §4 OSS hash sync)
        menuPath: routedWrapper === 'oss-wrapper' ? router.state.location.hash || null : null,
        userContext: ctx,
        language: s.context.language,
        profileCode: profileCodeOf(ctx),
      },
      inspect: portal.inspect,
    });
    forwardEmitted(actor, portal, router);
    actor.start();
    setApp(actor);
    return () => {
      actor.stop();
      setApp(null);
    };
    // one actor per page (and per signed-in context): later changes of the route and the session are events
  }, [hasContext, external, session, portal, router]);

  useEffect(() => {
    if (!app) return;
    const c = app.getSnapshot().context;
    if (c.service !== service || c.wrapper !== wrapper)
      app.send({ type: 'external.routeChanged', service, wrapper, menuPath: null });
  }, [app, service, wrapper]);

  useEffect(() => {
    if (app && userContext && app.getSnapshot().context.userContext !== userContext)
      app.send({ type: 'external.contextChanged', userContext, profileCode: profileCodeOf(userContext) });
  }, [app, userContext]);

  useEffect(() => {
    if (app && app.getSnapshot().context.language !== language)
      app.send({ type: 'external.languageChanged', language });
  }, [app, language]);

  // spec 1 §4: the shell fires REPRESENTEE-CHANGE (a DOM event) after it adopted the new context
  useEffect(() => {
    if (!app) return;
    const onChange = (e: Event) => {
      const detail: unknown = e instanceof CustomEvent ? e.detail : null;
      const cause = detail && typeof detail === 'object' && 'cause' in detail && detail.cause === 'SC' ? 'SC' : 'RC';
      const ctx = session.getSnapshot().context.userContext;
      if (ctx) app.send({ type: 'external.contextChanged', userContext: ctx, profileCode: profileCodeOf(ctx) });
      app.send({ type: 'REPRESENTEE-CHANGE', cause });
    };
    window.addEventListener('REPRESENTEE-CHANGE', onChange);
    return () => window.removeEventListener('REPRESENTEE-CHANGE', onChange);
  }, [app, session]);

  return app;
}

/** What the flow emits goes to the router, the toasts and the log. */
function forwardEmitted(actor: ExternalApplicationActor, portal: Portal, router: ReturnType<typeof useRouter>) {
  actor.on('navigation.requested', ({ target }) => {
    if (target.kind !== 'path') return portal.navigateTo(target);
    // the page replaces itself (another wrapper, the finance recovery page): Back must not land on a redirect again
    const hash = router.state.location.hash;
    const href = target.path === '/oss-wrapper' && hash ? `${target.path}#${hash}` : target.path;
    void router.navigate({ href, replace: true });
  });
  actor.on('toast.show', (e) => portal.showToast(e.toast));
  actor.on('warning', (e) => portal.logWarning(e));
  actor.on('frame.loadFailed', (e) =>
    portal.logWarning({
      type: 'warning',
      code: 'externalApplication.frameLoadFailed',
      detail: { application: e.application, documentLoaded: e.documentLoaded },
    }),
  );
  actor.on('roles.loadFailed', (e) =>
    portal.logWarning({ type: 'warning', code: 'roles.loadFailed', detail: { application: e.application } }),
  );
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
  const application = useSelector(app, (s) => s.context.application ?? s.context.service);
  const roleName = useSelector(app, (s) => s.context.roleName);
  const messageKey = useSelector(app, (s) => s.context.messageKey);
  const loading = useSelector(app, isApplicationLoading);
  const maintenance = useSelector(app, (s) => s.matches('maintenance'));
  const panelOpen = useSelector(app, (s) => s.matches('representeeRequired'));
  const frameLoadFailed = useSelector(app, (s) => s.matches('frameLoadFailed'));
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
          {t(messageKey)}
        </p>
      )}
      <FrameHost app={app} wrapper={wrapper} title={title} />
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
  const { session, representedChange } = usePortal();
  const principal = useSelector(session, (s) => s.context.userContext?.epitPrincipal ?? null);
  const busy = useSelector(representedChange, (s) => s.hasTag('busy'));
  const current = principal?.represented?.gid ?? null;
  const collator = new Intl.Collator(intl.locale, { sensitivity: 'base' });
  const today = new Date();
  const forApplication = visibleRepresentees(principal, { application }, today).filter((r) => r.gid !== current);
  // an application without roles in the rights (invoicing management): every party may be tried, the flow decides
  const candidates = forApplication.length
    ? forApplication
    : visibleRepresentees(principal, { all: true }, today).filter((r) => r.gid !== current);
  const options = candidates.sort((a, b) => collator.compare(a.name ?? '', b.name ?? ''));

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
                  onClick={() =>
                    representedChange.send({ type: 'represented.change', gid: r.gid, externalComponent: true })
                  }
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
