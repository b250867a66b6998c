import { createFileRoute } from '@tanstack/react-router';
import { EulaModal } from '../features/account';

/** user-add-edit (spec 2 §2 "Account creation"): the terms of use of an invitation link; simple context only. */
export const Route = createFileRoute('/user-add/edit/$key')({
  staticData: {
    component: 'user-add-edit',
    access: 'public',
    simpleContext: true,
    parts: ['account'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: function UserAddEdit() {
    const { key } = Route.useParams();
    // a new key is a new flow: remount the modal (and its actor)
    return <EulaModal key={key} inviteKey={key} />;
  },
});
