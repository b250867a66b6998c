/**
 * The composition root: the portal's actors with their systemIds and real effects, one chapter per part.
 * Read it as a table of contents; each part wires itself (src/app/system.ts, features/<f>/wire.ts).
 */
import type { PortalConfig } from '../../machines/lib/contract';
import { selectFirstLoad } from '../../machines/navigation.machine';
import type { NavTarget } from '../../machines/lib/rights';
import { wireShell, type Shell } from '../features/shell';
import { accountServiceRedirect, createSigning, wireCustomerAdd, type Signing } from '../features/customer-add';
import { wireExternal, type External } from '../features/external';
import { wireAccount, type Account } from '../features/account';
import { wireRepresentedSettings, type RepresentedSettings } from '../features/represented-settings';
import { wireUserSettings, type UserSettings } from '../features/user-settings';
import { redirectBrowser } from './browser';
import { createSystem, type PortalOptions, type PortalSystem } from './system';
import { createNavigationEvents, type NavigationEvents } from './navigation-events';

export type { PortalOptions } from './system';

export interface Portal extends PortalSystem, Shell {
  /** issue 4: the customer-add actor (it invokes the signing machine), its ID-card adapter and PIN prompt */
  signing: Signing;
  /** issue 8: the frame channel and the external application flow (features/external) */
  external: External;
  /** issue 10: business customer settings and rights (features/represented-settings) */
  representedSettings: RepresentedSettings;
  /** spec 1 §4 navigation events and trackers (navigation-events.ts) */
  navigationEvents: NavigationEvents;
  /** issue 11: the reset-password and terms-of-use flows (features/account), one actor per visit */
  account: Account;
  /** issue 9: the user-settings forms' effects (features/user-settings) */
  userSettings: UserSettings;
  /** carries out a machine's `navigation.requested` (the router once it exists, a page load until then) */
  navigateTo: (target: NavTarget) => void;
  /** no route has been on screen yet in this page load (spec 1 §4 "Root redirect": the first load) */
  readonly firstLoad: boolean;
}

export function createPortal(config: PortalConfig, options: PortalOptions = {}): Portal {
  // 1. configuration, API, query cache, navigator; the session, the navigation guard and the toasts
  const system = createSystem(config, options);
  const { api, session, navigation, navigator } = system;

  // 2. the shell (spec 1 §2, §4): represented choice and change, dead-application poll, side panel, modals
  const shell = wireShell(system);

  // 3. customer-add (issue 4): the modal system decides when it shows; the signing actor runs the flow
  const signing = createSigning({
    config,
    api,
    showToast: system.showToast,
    redirect: accountServiceRedirect(
      config,
      api,
      session,
      (path) => navigator.navigateTo({ kind: 'path', path }),
      redirectBrowser,
    ),
    inspect: options.inspect,
  });
  wireCustomerAdd(signing, shell.modals, session, api);

  // 3b. external applications (issue 8): the frame channel (started here) and the per-page application flow
  const external = wireExternal(system);

  // 3d. user settings (issue 9): the settings forms' effects; each tab runs its own form actor
  const userSettings = wireUserSettings(system, shell.switchRepresented);

  // 3e. business customer settings and rights (issue 10): page actors with real effects
  const representedSettings = wireRepresentedSettings(system);

  // 3f. account creation (issue 11): the reset-password and terms-of-use flows with their real calls
  const account = wireAccount(system);

  // 3c. navigation events and trackers (spec 1 §4), heard before the actors start
  const navigationEvents = createNavigationEvents(system);

  // 4. start: the session last, so its first snapshot reaches every subscriber wired above
  for (const actor of [
    system.toasts,
    navigation,
    shell.modals,
    shell.sidePanel,
    shell.representedChoice,
    shell.representedChange,
    shell.deadApplicationPoll,
    signing.actor,
    session,
  ])
    actor.start();

  return {
    ...system,
    ...shell,
    signing,
    external,
    representedSettings,
    navigationEvents,
    account,
    userSettings,
    navigateTo: (target) => navigator.navigateTo(target),
    get firstLoad() {
      return selectFirstLoad(navigation.getSnapshot());
    },
  };
}
