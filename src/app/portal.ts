/**
 * The composition root: the portal's actors with their systemIds and real effects, one chapter per part.
 * Read it as a table of contents; each part wires itself (src/app/system.ts, features/<f>/wire.ts).
 */
import type { PortalConfig } from '../../machines/lib/contract';
import { selectFirstLoad } from '../../machines/navigation.machine';
import type { NavTarget } from '../../machines/lib/rights';
import { wireShell, type Shell } from '../features/shell';
// type-only: each of these features is a chunk of its own, imported below when first needed (issue 12)
import type { Signing } from '../features/customer-add';
import type { External } from '../features/external';
import type { Account } from '../features/account';
import type { RepresentedSettings } from '../features/represented-settings';
import type { UserSettings } from '../features/user-settings';
import { loadMessageParts } from '../i18n/load';
import type { MessagePart } from '../i18n/message-parts';
import { redirectBrowser } from './browser';
import { CUSTOMER_ADD_COMPONENT } from './customer-add-modal';
import { lazyPart, type LazyPart } from './lazy-part';
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
  /** the parts above that load with their route or modal (issue 12); the root route loads a route's parts */
  parts: Parts;
  /** loads the parts the route needs (PARTS_OF_ROUTE) before its components render */
  loadPartsFor: (routeId: string) => Promise<void>;
}

/** The parts of the portal that are not on the first screen: each its own chunk, wired on first use. */
export interface Parts {
  signing: LazyPart<Signing>;
  external: LazyPart<External>;
  representedSettings: LazyPart<RepresentedSettings>;
  account: LazyPart<Account>;
  userSettings: LazyPart<UserSettings>;
}

/**
 * Which routes read which part (by route id prefix), and the texts beyond the first screen's they show
 * (src/i18n/message-parts.ts; a part's own texts are in TEXTS_OF_PART). A route whose views read `portal.<part>`
 * or show such texts is listed here; the customer-add flow also loads when the modal system first opens it (below).
 */
const PARTS_OF_ROUTE: [prefix: string, parts: (keyof Parts)[], texts?: MessagePart[]][] = [
  ['/external/', ['external']],
  ['/oss-wrapper', ['external']],
  ['/settings/', ['representedSettings']],
  ['/user-settings/', ['userSettings']],
  ['/user-add/', ['account']],
  // the ID-card signature test (dev-pages) uses the customer-add flow's card adapter and PIN dialog
  ['/test/show', ['signing']],
  ['/customer-search', [], ['customerSearch']],
  ['/finance/', [], ['external']],
  ['/test/', [], ['devPages']],
  ['/test-component/', [], ['devPages']],
  ['/osgi-admin', [], ['devPages']],
];

/** The texts each part's views show (issue 12): loaded with its code, so a part is never on screen without them. */
const TEXTS_OF_PART: Record<keyof Parts, MessagePart[]> = {
  signing: ['customerAdd', 'customerSearch', 'forms'],
  external: ['external'],
  representedSettings: ['representedSettings', 'forms'],
  account: ['account', 'userSettings', 'forms'],
  userSettings: ['userSettings', 'forms'],
};

/** a part whose code and texts load together; it is wired once both have arrived (a failure wires nothing) */
function partWithTexts<M, T>(name: keyof Parts, importPart: () => Promise<M>, wire: (module: M) => T): LazyPart<T> {
  return lazyPart(name, async () =>
    wire((await Promise.all([importPart(), loadMessageParts(TEXTS_OF_PART[name])]))[0]),
  );
}

export function createPortal(config: PortalConfig, options: PortalOptions = {}): Portal {
  // 1. configuration, API, query cache, navigator; the session, the navigation guard and the toasts
  const system = createSystem(config, options);
  const { api, session, navigation, navigator } = system;

  // 2. the shell (spec 1 §2, §4): represented choice and change, dead-application poll, side panel, modals
  const shell = wireShell(system);

  // 3. customer-add (issue 4): the modal system decides when it shows; the signing actor runs the flow. Its code
  // loads when the modal system first opens it (the view waits for it: App.tsx)
  const signing = partWithTexts(
    'signing',
    () => import('../features/customer-add'),
    ({ accountServiceRedirect, createSigning, wireCustomerAdd }) => {
      const part = createSigning({
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
      part.actor.start();
      wireCustomerAdd(part, shell.modals, session, api);
      return part;
    },
  );
  shell.modals.on('modal.opened', (e) => {
    if (e.component === CUSTOMER_ADD_COMPONENT) signing.load().catch(partFailed);
  });

  // 3b. external applications (issue 8): the frame channel and the per-page application flow
  const external = partWithTexts(
    'external',
    () => import('../features/external'),
    (m) => m.wireExternal(system),
  );

  // 3d. user settings (issue 9): the settings forms' effects; each tab runs its own form actor
  const userSettings = partWithTexts(
    'userSettings',
    () => import('../features/user-settings'),
    (m) => m.wireUserSettings(system, shell.switchRepresented),
  );

  // 3e. business customer settings and rights (issue 10): page actors with real effects
  const representedSettings = partWithTexts(
    'representedSettings',
    () => import('../features/represented-settings'),
    (m) => m.wireRepresentedSettings(system),
  );

  // 3f. account creation (issue 11): the reset-password and terms-of-use flows with their real calls
  const account = partWithTexts(
    'account',
    () => import('../features/account'),
    (m) => m.wireAccount(system),
  );

  const parts: Parts = { signing, external, representedSettings, account, userSettings };
  const loadPartsFor = async (routeId: string) => {
    const routes = PARTS_OF_ROUTE.filter(([prefix]) => routeId.startsWith(prefix));
    const texts = routes.flatMap(([, , names = []]) => names);
    await Promise.all([
      ...routes.flatMap(([, names]) => names).map((name) => parts[name].load()),
      ...(texts.length > 0 ? [loadMessageParts(texts)] : []),
    ]);
  };

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
    session,
  ])
    actor.start();

  return {
    ...system,
    ...shell,
    get signing() {
      return signing.get();
    },
    get external() {
      return external.get();
    },
    get representedSettings() {
      return representedSettings.get();
    },
    get account() {
      return account.get();
    },
    get userSettings() {
      return userSettings.get();
    },
    parts,
    loadPartsFor,
    navigationEvents,
    navigateTo: (target) => navigator.navigateTo(target),
    get firstLoad() {
      return selectFirstLoad(navigation.getSnapshot());
    },
  };
}

/** a part that failed to load (a chunk that did not arrive): the error is the browser's; the next use tries again */
function partFailed(error: unknown) {
  console.error(error);
}
