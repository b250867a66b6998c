/**
 * The main menu trees (spec 1 §2 "Main menu and side panel"): a private and a business tree, chosen by whether the
 * represented party is a person; labels are locale keys, so each language gets its tree (default Estonian through
 * the i18n fallback). Pure: views render it, the sidePanel machine decides which entry is open.
 */
import type { Domain, UserContext } from '../../../machines/lib/contract';
import { businessSettingsLink, hasPrivilege, isShortcutShown, panelLinks } from '../../../machines/lib/rights';

export interface MenuLink {
  id: string;
  /** locale key of the label (or a literal app-name key from the context) */
  labelKey: string;
  /** in-app href below the /ui base */
  to: string;
  /** needs the billing system (AXAPTA) alive */
  requiresAxapta?: boolean;
}
export interface MenuEntry {
  id: 'main' | 'services' | 'settings' | 'help';
  labelKey: string;
  /** the dashboard entry is a plain link; the others open the side panel */
  to?: string;
  links: MenuLink[];
}

export function settingsHref(link: ReturnType<typeof businessSettingsLink>): string | null {
  if (!link) return null;
  return `/settings/${link.component === 'represented-settings-edit' ? 'represented' : 'rights'}/${encodeURIComponent(link.jgid)}`;
}

/** The translated app-name key of an external application (the server sends the key itself, e.g. app.name.FINANCE). */
export function appNameKey(nameOrService: string, service: string): string {
  return nameOrService.startsWith('app.name.') ? nameOrService : `app.name.${service.toUpperCase()}`;
}

export function menuTree(
  ctx: UserContext | null,
  domain: Domain,
  today = new Date(),
): { tree: 'business' | 'private'; entries: MenuEntry[] } {
  const principal = ctx?.epitPrincipal;
  const business = !!principal?.represented && !principal.represented.isPerson;
  const links = panelLinks(ctx, domain, today);
  const fgid = principal?.representative.id ?? '';
  const services: MenuLink[] = (ctx?.externalApps ?? [])
    .filter(
      (a) =>
        a.service !== 'PERIODICS' &&
        (business ? isShortcutShown(a.service, domain) : a.service === 'LOGISTICS' || a.service === 'FINANCE'),
    )
    .map((a) => ({ id: `app-${a.service}`, labelKey: appNameKey(a.name, a.service), to: `/external/${a.service}` }));
  const settings: MenuLink[] = [];
  if (links.userSettings)
    settings.push({ id: 'user-settings', labelKey: 'menu.userSettings', to: `/user-settings/edit/${fgid}` });
  if (links.rolesOverview) settings.push({ id: 'roles', labelKey: 'menu.roles', to: `/user-settings/roles/${fgid}` });
  settings.push({ id: 'preferences', labelKey: 'menu.preferences', to: `/user-settings/preferences/${fgid}` });
  const bs = settingsHref(businessSettingsLink(principal, today));
  if (business && bs)
    settings.push({ id: 'business-settings', labelKey: 'menu.businessSettings', to: bs, requiresAxapta: true });
  if (hasPrivilege(ctx, 'EDIT_ANY_CUSTOMER') || hasPrivilege(ctx, 'EDIT_ANY_USER'))
    settings.push({
      id: 'customer-search',
      labelKey: 'menu.searchCustomer',
      to: '/customer-search',
      requiresAxapta: true,
    });
  return {
    tree: business ? 'business' : 'private',
    entries: [
      { id: 'main', labelKey: 'menu.main', to: '/dashboard', links: [] },
      { id: 'services', labelKey: business ? 'menu.services.business' : 'menu.services.private', links: services },
      { id: 'settings', labelKey: 'menu.settings', links: settings },
      { id: 'help', labelKey: 'menu.help', links: [] },
    ],
  };
}
