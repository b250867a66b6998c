import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { UserContext } from '../../domain/contract';
import { signedInContext } from '../../tests/support/fixtures/contexts';
import type { ToastRequest } from '../../machines/toasts.machine';
import { checkUserSettingsAccess } from './-user-settings-access';

const SELF = signedInContext.epitPrincipal!.representative.id;
const OTHER = 'EE49004170227';

/** the router context as the guard reads it: the settled session's user context, and the portal's toasts */
function guard(userContext: UserContext, fgid: string, preload = false) {
  const toasts: ToastRequest[] = [];
  const context = {
    session: { getSnapshot: () => ({ context: { userContext } }) },
    portal: { showToast: (t: ToastRequest) => void toasts.push(t) },
  };
  let thrown: unknown = null;
  try {
    checkUserSettingsAccess({ context, params: { fgid }, preload });
  } catch (e) {
    thrown = e;
  }
  return { toasts, thrown };
}

describe('user-settings access (the routes’ beforeLoad)', () => {
  it('lets the person open their own settings, and staff with EDIT_ANY_USER anyone’s', () => {
    expect(guard(signedInContext, SELF)).toEqual({ toasts: [], thrown: null });
    const staff = { ...signedInContext, privileges: [...signedInContext.privileges, 'EDIT_ANY_USER'] };
    expect(guard(staff, OTHER)).toEqual({ toasts: [], thrown: null });
  });

  it("refuses another person's settings: error.auth, and the route redirects home before it loads", () => {
    const { toasts, thrown } = guard(signedInContext, OTHER);
    expect(toasts).toEqual([{ toastType: 'error', messageKey: 'error.auth' }]);
    expect(isRedirect(thrown)).toBe(true);
    expect(isRedirect(thrown) && thrown.options).toMatchObject({ to: '/', replace: true });
  });

  it('with AXAPTA dead, shows error.axapta.dead and goes home, even for the person’s own settings (spec 1 §2)', () => {
    const dead = { ...signedInContext, deadApplications: ['AXAPTA'] };
    for (const fgid of [SELF, '']) {
      const { toasts, thrown } = guard(dead, fgid);
      expect(toasts).toEqual([{ toastType: 'error', messageKey: 'error.axapta.dead' }]);
      expect(isRedirect(thrown) && thrown.options).toMatchObject({ to: '/', replace: true });
    }
    // another application down does not close the settings
    expect(guard({ ...signedInContext, deadApplications: ['OSS'] }, SELF)).toEqual({ toasts: [], thrown: null });
  });

  it('decides nothing on a preload (no message, no redirect)', () => {
    expect(guard(signedInContext, OTHER, true)).toEqual({ toasts: [], thrown: null });
  });
});
