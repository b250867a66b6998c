/** The portal shell (spec 1 §2): layout, menus, pages and the shared selectors other features may use. */
export { NotFound, Maintenance } from './Pages';
export { RootLayout } from './RootLayout';
export { ComingPage, ComingServicePage } from './Coming';
export { useShell } from './useShell';
export { ClientManager } from './Contact';
export { GatedButton, GatedLink } from './Gated';
export { appNameKey, settingsHref } from './menu';
export { useDomain, useUserContext } from './useShellData';
