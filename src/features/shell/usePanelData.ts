/**
 * Selections of the views that show whom the person may represent and the panel links (the desktop header, its
 * representee dropdown, the user menu panel). Those views load on first use (LazyView), and these hooks with them,
 * so the first screen does not carry the representee rules.
 */
import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { representedSummary, visibleRepresentees } from '../../../machines/lib/rights/representees';
import { panelLinks, type PanelLinks } from '../../../machines/lib/rights/side-panel';
import { usePortal } from '../../app/PortalContext';
import { useDomain, useUserContext } from './useShellData';

export function usePanelLinks(): PanelLinks {
  const ctx = useUserContext();
  const domain = useDomain();
  return useMemo(() => panelLinks(ctx, domain, new Date()), [ctx, domain]);
}

/** The current application (route parameter `service`, or `application` in the query) for representee visibility. */
function useCurrentApplication(): string | null {
  return useRouterState({
    select: (s) => {
      const leaf = s.matches[s.matches.length - 1];
      const params: Partial<Record<string, string>> = leaf?.params ?? {};
      return params.service ?? s.location.search.application ?? null;
    },
  });
}

export function useRepresentees() {
  const ctx = useUserContext();
  const application = useCurrentApplication();
  return useMemo(() => visibleRepresentees(ctx?.epitPrincipal, { application }, new Date()), [ctx, application]);
}

export function useRepresentedSummary() {
  const ctx = useUserContext();
  return representedSummary(ctx?.epitPrincipal?.represented);
}

/** Switch the represented party (header dropdown, user-menu panel): representedChange, then home (dashboard). */
export function useChangeRepresented() {
  const { representedChange } = usePortal();
  const busy = useSelector(representedChange, (s) => s.hasTag('busy'));
  // both external application pages (the generic one and the OSS wrapper) stay put and update their frame
  const external = useRouterState({
    select: (s) => s.matches.some((m) => m.routeId.startsWith('/external/') || m.routeId === '/oss-wrapper'),
  });
  return {
    busy,
    change: (gid: string) => representedChange.send({ type: 'represented.change', gid, externalComponent: external }),
  };
}
