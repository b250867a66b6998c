import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { usePortal } from '../app/PortalContext';
import { useShell } from '../features/shell/useShell';

/** Root (spec 1 §2, §4): a signed-in user goes to the dashboard; the preference redirect comes later. */
export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => {
    if (context.session.getSnapshot().hasTag('signedIn')) throw redirect({ to: '/dashboard', replace: true });
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
        <button type="button" className="button button--primary" onClick={() => session.send({ type: 'session.reload' })}>
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
