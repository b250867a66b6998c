import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { effectivePreference, preferredRepresentedToApply, rootRedirect } from '../../machines/lib/rights';
import { redirectBrowser } from '../app/browser';
import { switchRepresented } from '../app/switch-represented';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { usePortal } from '../app/PortalContext';
import { useShell } from '../features/shell';
import { indexSearch } from './-search';

/**
 * Root (spec 1 §2, §4 "Root redirect"): a signed-in user goes to the dashboard, or on the first load of the page to
 * the stored preferred service URL (in-app path after /ui, or a full page redirect without a /ui/ segment), unless a
 * modalName or application parameter is present. When it follows the preference and the preference names a party
 * other than the current one (the next login after "Save and use", issue 9), it switches to that party first, so the
 * service opens for it; a failed switch still follows the preference.
 */
export const Route = createFileRoute('/')({
  // issue 12: the landing page is the first signed-out screen: in the first chunk, not a chunk of its own
  codeSplitGroupings: [],
  // modalName here, application from the root route (./-search.ts)
  validateSearch: indexSearch,
  beforeLoad: async ({ context, search }) => {
    const s = context.session.getSnapshot();
    const target = rootRedirect({
      signedIn: s.hasTag('signedIn'),
      preference: effectivePreference(s.context.userContext),
      params: { modalName: search.modalName ?? null, application: search.application ?? null },
      firstLoad: context.portal.firstLoad,
      atIndex: true,
    });
    if (!target) return;
    if (target.kind !== 'dashboard') {
      const gid = preferredRepresentedToApply(s.context.userContext, new Date());
      if (gid) await switchRepresented(context.portal.representedChange, gid);
    }
    if (target.kind === 'path') redirect({ href: target.path, replace: true, throw: true });
    else if (target.kind === 'redirect') {
      redirectBrowser(target.url);
      await new Promise<never>(() => {}); // the browser leaves the SPA
    } else redirect({ to: '/dashboard', replace: true, throw: true });
  },
  component: Welcome,
});

function Welcome() {
  const intl = useIntl();
  const { session } = usePortal();
  const failed = useSelector(session, (s) => s.matches('contextFailed'));
  const signedIn = useSelector(session, (s) => s.hasTag('signedIn'));
  const router = useRouter();
  const shell = useShell();
  // the retry below brought the context back (issue 13): the root redirect above decides where to go, no page reload
  useEffect(() => {
    if (signedIn) void router.invalidate();
  }, [signedIn, router]);
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
