import { createContext, useContext } from 'react';
import type { Portal } from './portal';

const PortalCtx = createContext<Portal | null>(null);
export const PortalProvider = PortalCtx.Provider;

/** The portal's actors, config and clients, for views (select with useSelector, send events). */
export function usePortal(): Portal {
  const p = useContext(PortalCtx);
  if (!p) throw new Error('usePortal outside PortalProvider');
  return p;
}
