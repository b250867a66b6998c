import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordModal } from '../features/account';

/** user-add-reset-password (spec 2 §2 "Account creation"): set a username and password from a reset link. */
export const Route = createFileRoute('/user-add/reset-password/$key')({
  staticData: {
    component: 'user-add-reset-password',
    access: 'public',
    parts: ['account'],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  component: function UserAddResetPassword() {
    const { key } = Route.useParams();
    return <ResetPasswordModal key={key} resetKey={key} />;
  },
});
