/**
 * Pure domain rules of the portal shell (spec 1 §2, §4, §5, §6, §7, §9; spec 2 §2 "Dashboards", §4).
 * Machines use them in guards, views use them in selectors. Nothing here reads a clock: every rule that
 * depends on the date takes `today` (a Date; only its local calendar day counts).
 *
 * Imports only the shared contract, so it stays usable from machines, views and the server.
 */
export * from './validity';
export * from './service-applications';
export * from './principal';
export * from './countries';
export * from './choice-list';
export * from './representees';
export * from './side-panel';
export * from './dashboard';
export * from './service-urls';
export * from './preference';
export * from './login-state';
