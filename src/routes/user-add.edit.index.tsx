import { createFileRoute } from '@tanstack/react-router';
import { EulaModal } from '../features/account';

/** user-add-edit without a key (spec 2 §2): the signed-in person accepts the terms of use; simple context only. */
export const Route = createFileRoute('/user-add/edit/')({
  staticData: {
    component: 'user-add-edit',
    access: 'public',
    simpleContext: true,
    parts: ['account'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: function UserAddEditOwn() {
    return <EulaModal inviteKey={null} />;
  },
});
