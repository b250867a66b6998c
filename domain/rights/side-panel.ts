/**
 * Domain rules: side panel / user menu (spec 1 §2, §6, §9). Imported from this module, not from domain/rights:
 * only the views that load on first use (the menus, the header, the user menu panel) need them.
 */
import { type Domain, type UserContext } from '../contract';
import { hasPrivilege, isMainAdminOfRepresented } from './principal';

/** Panel switches from a link list to a select box at 10 representees. */
const PANEL_SELECT_THRESHOLD = 10;
export function panelRepresenteeMode(count: number): 'links' | 'select' {
  return count >= PANEL_SELECT_THRESHOLD ? 'select' : 'links';
}

export interface PanelLinks {
  dashboard: boolean;
  userSettings: boolean;
  /** business customer settings: a represented party is selected and the user is its main admin */
  businessSettings: boolean;
  representees: boolean;
  rolesOverview: boolean;
  /** null: hidden; 'any' → label 'Add new customer' (ADD_ANY_CUSTOMER); 'contract' → 'Enter into a business customer contract' */
  addCustomer: null | 'any' | 'contract';
  searchCustomer: boolean;
  clientManager: boolean;
}
/** Which links the mobile / user menu panel shows (spec 1 §2 "Mobile / user menu panel", §6). */
export function panelLinks(ctx: UserContext | null | undefined, domain: Domain, today: Date): PanelLinks {
  const p = (x: string) => hasPrivilege(ctx, x);
  const principal = ctx?.epitPrincipal;
  const addAny = p('ADD_ANY_CUSTOMER');
  return {
    dashboard: p('SHOW_MY_SETTINGS'),
    userSettings: p('SHOW_MY_SETTINGS'),
    businessSettings: isMainAdminOfRepresented(principal, today),
    representees: p('SHOW_REPRESENTEES'),
    rolesOverview: p('SHOW_REPRESENTEES'),
    addCustomer: domain === 'EE' && (addAny || p('SHOW_REPRESENTEES')) ? (addAny ? 'any' : 'contract') : null,
    searchCustomer: p('EDIT_ANY_CUSTOMER') || p('EDIT_ANY_USER'),
    clientManager: !!principal?.represented?.details?.clientManagerName,
  };
}

/** One entry of the Services menu (spec 1 §2: component external-service, parameters.service, name, service, iconCode, customParameters). */
export interface ServiceMenuEntry {
  component: 'external-service';
  parameters: { service: string };
  /** the application name as the context gives it (a locale key such as app.name.FINANCE), translated by the view */
  name: string;
  service: string;
  iconCode: string;
  customParameters: Record<string, string>;
}
/**
 * The Services menu (desktop side panel and mobile site menu) lists every external application of the context, in
 * its order (spec 1 §2 "Main menu and side panel"); the dashboard's shortcut rules (PERIODICS never, per-domain
 * services) do not apply here.
 */
export function serviceMenuEntries(ctx: UserContext | null | undefined): ServiceMenuEntry[] {
  return (ctx?.externalApps ?? []).map((a) => {
    const service = a.service.toUpperCase();
    return {
      component: 'external-service',
      parameters: { service },
      name: a.name,
      service,
      iconCode: a.iconCode,
      customParameters: a.customParameters,
    };
  });
}
