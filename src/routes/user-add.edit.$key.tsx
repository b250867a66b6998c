import { createFileRoute } from '@tanstack/react-router';
import { useIntl } from 'react-intl';

/** Public (component user-add-edit): the session loads only the simple context here (spec 1 §4). */
export const Route = createFileRoute('/user-add/edit/$key')({ component: UserAddEdit });

function UserAddEdit() {
  const intl = useIntl();
  return (
    <section className="page card">
      <h1>{intl.formatMessage({ id: 'userAdd.title' })}</h1>
      <p>{intl.formatMessage({ id: 'userAdd.text' })}</p>
    </section>
  );
}
