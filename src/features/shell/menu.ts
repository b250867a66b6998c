/**
 * The main menu's links (spec 1 §2 "Main menu and side panel"): the in-app pages as typed router links, a menu entry's
 * shape, the business settings link and an application's translated name. The trees themselves (a private and a
 * business tree, labels as locale keys) are in menu-tree.ts.
 */
import { linkOptions } from '@tanstack/react-router';
import type { businessSettingsLink } from '../../../domain/rights';

/** The in-app pages the menus link to, as typed router links (`<Link {...link}>`). */
export const appLinks = {
  dashboard: () => linkOptions({ to: '/dashboard' }),
  customerSearch: () => linkOptions({ to: '/customer-search' }),
  userSettings: (fgid: string) => linkOptions({ to: '/user-settings/edit/$fgid', params: { fgid } }),
  roles: (fgid: string) => linkOptions({ to: '/user-settings/roles/$fgid', params: { fgid } }),
  preferences: (fgid: string) => linkOptions({ to: '/user-settings/preferences/$fgid', params: { fgid } }),
  externalService: (service: string) => linkOptions({ to: '/external/$service', params: { service } }),
  representedSettings: (jgid: string) => linkOptions({ to: '/settings/represented/$jgid', params: { jgid } }),
  rightsSettings: (jgid: string) => linkOptions({ to: '/settings/rights/$jgid', params: { jgid } }),
};
export type AppLink = ReturnType<(typeof appLinks)[keyof typeof appLinks]>;

export interface MenuLink {
  id: string;
  /** locale key of the label (or a literal app-name key from the context) */
  labelKey: string;
  link: AppLink;
  /** needs the billing system (AXAPTA) alive */
  requiresAxapta?: boolean;
  /** external applications: the application's icon code */
  iconCode?: string;
}
export interface MenuEntry {
  id: 'main' | 'services' | 'settings' | 'help';
  labelKey: string;
  /** the dashboard entry is a plain link; the others open the side panel */
  link?: AppLink;
  links: MenuLink[];
}

/** The business customer's settings page: the edit tab, or the rights tab (spec 2 §2). */
export function settingsLink(link: ReturnType<typeof businessSettingsLink>): AppLink | null {
  if (!link) return null;
  return link.component === 'represented-settings-edit'
    ? appLinks.representedSettings(link.jgid)
    : appLinks.rightsSettings(link.jgid);
}

/** The translated app-name key of an external application (the server sends the key itself, e.g. app.name.FINANCE). */
export function appNameKey(nameOrService: string, service: string): string {
  return nameOrService.startsWith('app.name.') ? nameOrService : `app.name.${service.toUpperCase()}`;
}
