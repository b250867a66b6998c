/**
 * Pure domain rules of the portal shell (spec 1 §2, §4, §5, §6, §7, §9; spec 2 §2 "Dashboards", §4).
 * Machines use them in guards, views use them in selectors. Nothing here reads a clock: every rule that
 * depends on the date takes `today` (a Date; only its local calendar day counts).
 *
 * Imports only the shared contract, so it stays usable from machines, views and the server. The header's and the
 * menus' rules (./representees.ts, ./side-panel.ts) are imported from their modules: they load with those views.
 */
export * from './validity';
export * from './service-applications';
export * from './principal';
export * from './countries';
export * from './choice-list';
export * from './dashboard';
export * from './service-urls';
export * from './preference';
export * from './login-state';
