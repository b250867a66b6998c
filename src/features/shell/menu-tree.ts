/**
 * The main menu trees (spec 1 §2 "Main menu and side panel"): a private and a business tree, chosen by whether the
 * represented party is a person; labels are locale keys, so each language gets its tree (default Estonian through
 * the i18n fallback). Pure: views render it, the sidePanel machine decides which entry is open. Apart from menu.ts
 * (links and names the first screen uses) because only the menus (MenuItems.tsx) need it, and they load when shown.
 */
import type { Domain, UserContext } from '../../../domain/contract';
import { businessSettingsLink, hasPrivilege, serviceForApplication } from '../../../domain/rights';
import { panelLinks, serviceMenuEntries } from '../../../domain/rights/side-panel';
import { appLinks, appNameKey, settingsLink, type MenuEntry, type MenuLink } from './menu';

/**
 * `businessFlag`: the page was opened with the `business` pre-navigation parameter, which forces the business tree
 * while no party is selected (spec 1 §2 "Main menu and side panel").
 */
export function menuTree(
  ctx: UserContext | null,
  domain: Domain,
  { businessFlag = false, today = new Date() }: { businessFlag?: boolean; today?: Date } = {},
): { tree: 'business' | 'private'; entries: MenuEntry[] } {
  const principal = ctx?.epitPrincipal;
  const represented = principal?.represented;
  const business = represented ? !represented.isPerson : businessFlag;
  const links = panelLinks(ctx, domain, today);
  const fgid = principal?.representative.id ?? '';
  // spec 1 §2: every external application, with its translated name (not the dashboard's shortcut rules)
  const services: MenuLink[] = serviceMenuEntries(ctx).map((a) => ({
    id: `app-${a.service}`,
    labelKey: appNameKey(a.name, a.service),
    link: appLinks.externalService(a.parameters.service),
    iconCode: a.iconCode,
  }));
  const settings: MenuLink[] = [];
  if (links.userSettings)
    settings.push({ id: 'user-settings', labelKey: 'menu.userSettings', link: appLinks.userSettings(fgid) });
  if (links.rolesOverview) settings.push({ id: 'roles', labelKey: 'menu.roles', link: appLinks.roles(fgid) });
  settings.push({ id: 'preferences', labelKey: 'menu.preferences', link: appLinks.preferences(fgid) });
  const bs = settingsLink(businessSettingsLink(principal, today));
  if (business && bs)
    settings.push({ id: 'business-settings', labelKey: 'menu.businessSettings', link: bs, requiresAxapta: true });
  if (hasPrivilege(ctx, 'EDIT_ANY_CUSTOMER') || hasPrivilege(ctx, 'EDIT_ANY_USER'))
    settings.push({
      id: 'customer-search',
      labelKey: 'menu.searchCustomer',
      link: appLinks.customerSearch(),
      requiresAxapta: true,
    });
  return {
    tree: business ? 'business' : 'private',
    entries: [
      { id: 'main', labelKey: 'menu.main', link: appLinks.dashboard(), links: [] },
      { id: 'services', labelKey: business ? 'menu.services.business' : 'menu.services.private', links: services },
      { id: 'settings', labelKey: 'menu.settings', links: settings },
      { id: 'help', labelKey: 'menu.help', links: [] },
    ],
  };
}

/**
 * The selected side-menu entry of a page (spec 1 §2 "Main menu and side panel": it follows the current application's
 * icon code): the top-level entry the page belongs to and, on an external application's page (`application`: the
 * route's service or application key), the icon code of that application's entry in the Services menu.
 */
export function menuSelection(
  path: string,
  application: string | null,
  ctx: UserContext | null,
): { entry: MenuEntry['id'] | null; iconCode: string | null } {
  let entry: MenuEntry['id'] | null = null;
  if (path.startsWith('/dashboard') || path.startsWith('/home/')) entry = 'main';
  else if (/^\/(external|business|private|logistics|oss-wrapper)/.test(path)) entry = 'services';
  else if (/^\/(user-settings|settings|customer-search)/.test(path)) entry = 'settings';
  const service = entry === 'services' && application ? serviceForApplication(application) : null;
  const app = service ? serviceMenuEntries(ctx).find((a) => a.service === service) : undefined;
  return { entry, iconCode: app?.iconCode ?? null };
}
