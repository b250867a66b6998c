import { createFileRoute, redirect } from '@tanstack/react-router';
import { effectivePreference, rootRedirect } from '../../machines/lib/rights';
import { redirectBrowser } from '../app/portal';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { usePortal } from '../app/PortalContext';
import { useShell } from '../features/shell';

/**
 * Root (spec 1 §2, §4 "Root redirect"): a signed-in user goes to the dashboard, or on the first load of the page to
 * the stored preferred service URL (in-app path after /ui, or a full page redirect without a /ui/ segment), unless a
 * modalName or application parameter is present.
 */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context, search }) => {
    const s = context.session.getSnapshot();
    const q = search as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
    const target = rootRedirect({
      signedIn: s.hasTag('signedIn'),
      preference: effectivePreference(s.context.userContext),
      params: { modalName: str(q.modalName), application: str(q.application) },
      firstLoad: context.portal.firstLoad,
      atIndex: true,
    });
    if (!target) return;
    if (target.kind === 'path') throw redirect({ href: target.path, replace: true });
    if (target.kind === 'redirect') {
      redirectBrowser(target.url);
      await new Promise<never>(() => {}); // the browser leaves the SPA
    }
    throw redirect({ to: '/dashboard', replace: true });
  },
  component: Welcome,
});

function Welcome() {
  const intl = useIntl();
  const { session } = usePortal();
  const failed = useSelector(session, (s) => s.matches('contextFailed'));
  const shell = useShell();
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
