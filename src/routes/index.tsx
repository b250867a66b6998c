import { Navigate, createFileRoute, redirect } from '@tanstack/react-router';
import { effectivePreference, preferredRepresentedToApply, rootRedirect, type NavTarget } from '../../domain/rights';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { usePortal } from '../app/PortalContext';
import { useShell } from '../features/shell';
import { indexSearch } from './-search';

/**
 * Root (spec 1 §2, §4 "Root redirect"): a signed-in user goes to the dashboard, or on the first load of the page to
 * the stored preferred service URL (in-app path after /ui, or a full page redirect without a /ui/ segment), unless a
 * modalName or application parameter is present. When it follows the preference and the preference names a party
 * other than the current one (the next login after "Save and use"), the portal switches to that party first, so the
 * service opens for it; a failed switch still follows the preference. The route only tells the portal (its machine
 * carries out the switch and the navigation after it).
 */
export const Route = createFileRoute('/')({
  staticData: {
    component: 'index',
    access: 'public',
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  // the landing page is the first signed-out screen: in the first chunk, not a chunk of its own
  codeSplitGroupings: [],
  // modalName here, application from the root route (./-search.ts)
  validateSearch: indexSearch,
  beforeLoad: ({ context, search }) => {
    const s = context.session.getSnapshot();
    const target = rootRedirect({
      signedIn: s.hasTag('signedIn'),
      preference: effectivePreference(s.context.userContext),
      params: { modalName: search.modalName ?? null, application: search.application ?? null },
      firstLoad: context.portal.firstLoad,
      atIndex: true,
    });
    if (!target) return;
    if (target.kind === 'dashboard') redirect({ to: '/dashboard', replace: true, throw: true });
    // the preference names another party: the portal switches to it, then opens the service, a failed switch too
    // (machines/portal.machine.ts represented.switchRequested); the page stays pending until it does
    const gid = preferredRepresentedToApply(s.context.userContext, new Date());
    if (gid) {
      const then: NavTarget = target.kind === 'path' ? { ...target, replace: true } : target;
      context.portal.root.send({ type: 'represented.switchRequested', gid, then });
    } else if (target.kind === 'path') redirect({ href: target.path, replace: true, throw: true });
    // a service outside the portal: the browser leaves the SPA
    else context.portal.navigateTo(target);
    return new Promise<never>(() => {});
  },
  component: Welcome,
});

function Welcome() {
  const intl = useIntl();
  const { session } = usePortal();
  const failed = useSelector(session, (s) => s.matches('contextFailed'));
  const signedIn = useSelector(session, (s) => s.hasTag('signedIn'));
  const shell = useShell();
  // the retry below brought the context back: a signed-in person's root redirect, after the first page, is the
  // dashboard (spec 1 §4 "Root redirect"), without a page reload
  if (signedIn) return <Navigate to="/dashboard" replace />;
  if (failed) {
    return (
      <section className="page card card--notice" role="alert">
        <h1>{intl.formatMessage({ id: 'error.context' })}</h1>
        <p>{intl.formatMessage({ id: 'error.client' })}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => session.send({ type: 'session.reload' })}
        >
          {intl.formatMessage({ id: 'common.retry' })}
        </button>
      </section>
    );
  }
  return (
    <section className="page hero">
      <h1>{intl.formatMessage({ id: 'index.title' })}</h1>
      <p className="lead">{intl.formatMessage({ id: 'index.text' })}</p>
      <a className="button button--primary button--large" href={shell.loginHref}>
        {intl.formatMessage({ id: 'header.login' })}
      </a>
    </section>
  );
}
