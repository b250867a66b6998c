/**
 * The composition root: the actor system (src/app/system.ts: the root `portal` machine with real effects) and the
 * parts of the portal that load with their route or modal (each a chunk of its own, wired on first use). Read it as a
 * table of contents.
 */
import type { PortalConfig } from '../../domain/contract';
import { selectFirstLoad } from '../../machines/navigation.machine';
import { LONG_LIVED_CHILDREN, type PortalActors } from '../../machines/portal.machine';
import type { NavTarget } from '../../domain/rights';
// type-only: each of these features is a chunk of its own, imported below when first needed
import type { CustomerAddPart } from '../features/customer-add';
import type { External } from '../features/external';
import type { Account } from '../features/account';
import type { RepresentedSettings } from '../features/represented-settings';
import type { UserSettings } from '../features/user-settings';
import { loadMessageParts } from '../i18n/load';
import type { MessagePart } from '../i18n/message-parts';
import type { RouteStaticData } from './route-meta';
import { lazyPart, type LazyPart } from './lazy-part';
import { createSystem, type PortalOptions, type PortalSystem } from './system';
import { createNavigationEvents, type NavigationEvents } from './navigation-events';

export type { PortalOptions } from './system';

export type { PortalActors } from '../../machines/portal.machine';

/** The running actors (machines/portal.machine.ts LONG_LIVED_CHILDREN), read from the root once it has started (it invokes them at its start). */
function childrenOf(root: PortalSystem['root']): PortalActors {
  const c = root.getSnapshot().children;
  // the root invokes them at its start and keeps them for its whole life
  for (const id of LONG_LIVED_CHILDREN) if (!c[id]) throw new Error(`the portal has no ${id} actor`);
  return Object.fromEntries(LONG_LIVED_CHILDREN.map((id) => [id, c[id]])) as PortalActors;
}
/** What the parts are wired with: the system and its running actors. */
export type PortalCore = PortalSystem & PortalActors;

export interface Portal extends PortalCore {
  /** the customer-add flow's logic, its ID-card adapter and PIN prompt (features/customer-add) */
  customerAdd: CustomerAddPart;
  /** the frame channel's and the external application page's logic (features/external) */
  external: External;
  /** business customer settings and rights (features/represented-settings) */
  representedSettings: RepresentedSettings;
  /** spec 1 §4 navigation events and trackers (navigation-events.ts) */
  navigationEvents: NavigationEvents;
  /** the reset-password and terms-of-use flows (features/account) */
  account: Account;
  /** the user-settings forms (features/user-settings) */
  userSettings: UserSettings;
  /** carries out a `navigation.requested` target (the router once it exists, a page load until then) */
  navigateTo: (target: NavTarget) => void;
  /** no route has been on screen yet in this page load (spec 1 §4 "Root redirect": the first load) */
  readonly firstLoad: boolean;
  /** the parts above that load with their route or modal */
  parts: Parts;
  /** loads the parts and texts a route declares (its staticData) before its components render */
  loadPartsFor: (route: Pick<RouteStaticData, 'parts' | 'texts'>) => Promise<void>;
}

/** The parts of the portal that are not on the first screen: each its own chunk, wired on first use. */
export interface Parts {
  customerAdd: LazyPart<CustomerAddPart>;
  external: LazyPart<External>;
  representedSettings: LazyPart<RepresentedSettings>;
  account: LazyPart<Account>;
  userSettings: LazyPart<UserSettings>;
}

/** The texts each part's views show: loaded with its code, so a part is never on screen without them. */
const TEXTS_OF_PART: Record<keyof Parts, MessagePart[]> = {
  customerAdd: ['customerAdd', 'customerSearch', 'forms'],
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
  // 1. configuration, API, query cache, navigator, and the actor system with its first-screen effects; every actor
  // of the system starts with the root
  const system = createSystem(config, options, {
    loadCustomerAdd: () => customerAdd.load().then(({ logic, input }) => ({ logic, input })),
  });
  system.root.start();
  const core: PortalCore = { ...system, ...childrenOf(system.root) };

  // 2. customer add: the modal's flow, loaded by the customerAddModal machine when the modal first opens
  const customerAdd = partWithTexts(
    'customerAdd',
    () => import('../features/customer-add'),
    (m) => m.wireCustomerAdd(core),
  );
  // 3. external applications: the frame channel and the external application page
  const external = partWithTexts(
    'external',
    () => import('../features/external'),
    (m) => m.wireExternal(core),
  );
  // 4. user settings: the settings forms' effects; each tab runs its own form actor
  const userSettings = partWithTexts(
    'userSettings',
    () => import('../features/user-settings'),
    (m) => m.wireUserSettings(core),
  );
  // 5. business customer settings and rights
  const representedSettings = partWithTexts(
    'representedSettings',
    () => import('../features/represented-settings'),
    (m) => m.wireRepresentedSettings(core),
  );
  // 6. account creation: the reset-password and terms-of-use flows with their real calls
  const account = partWithTexts(
    'account',
    () => import('../features/account'),
    (m) => m.wireAccount(core),
  );

  const parts: Parts = { customerAdd, external, representedSettings, account, userSettings };
  // a route's views read `portal.<part>` or show texts beyond the first screen's: the route declares them (its
  // staticData); the customer-add flow also loads when its modal first opens (the customerAddModal machine)
  const loadPartsFor = async ({ parts: names, texts = [] }: Pick<RouteStaticData, 'parts' | 'texts'>) => {
    await Promise.all([
      ...names.map((name) => parts[name].load()),
      ...(texts.length > 0 ? [loadMessageParts(texts)] : []),
    ]);
  };

  // 7. navigation events and trackers (spec 1 §4), the public face of the navigation guard
  const navigationEvents = createNavigationEvents(core);

  return {
    ...core,
    get customerAdd() {
      return customerAdd.get();
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
    navigateTo: (target) => system.navigator.navigateTo(target),
    get firstLoad() {
      return selectFirstLoad(core.navigation.getSnapshot());
    },
  };
}
