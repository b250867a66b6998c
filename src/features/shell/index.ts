/** The portal shell (spec 1 §2): layout, menus, pages and the shared selectors other features may use. */
export { NotFound, PageLoading } from './Pages';
export { RouteError } from './RouteError';
export { RootLayout } from './RootLayout';
export { useShell } from './useShell';
export { ClientManager } from './Contact';
export { GatedButton, GatedLink } from './Gated';
export { appNameKey, settingsLink } from './menu';
export { useDomain, useUserContext } from './useShellData';
export { shellEffects } from './wire';
