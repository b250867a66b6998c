/**
 * Selections of the views that show whom the person may represent and the panel links (the desktop header, its
 * representee dropdown, the user menu panel). Those views load on first use (LazyView), and these hooks with them,
 * so the first screen does not carry the representee rules.
 */
import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { representedSummary, visibleRepresentees } from '../../../domain/rights/representees';
import { panelLinks, type PanelLinks } from '../../../domain/rights/side-panel';
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

/**
 * Switch the represented party (header dropdown, user-menu panel): the portal asks representedChange for it, and the
 * route's declaration (`afterPartySwitch` in its staticData) decides whether the page stays or home opens.
 */
export function useChangeRepresented() {
  const { representedChange, root } = usePortal();
  const busy = useSelector(representedChange, (s) => s.hasTag('busy'));
  return {
    busy,
    change: (gid: string) => root.send({ type: 'represented.changeRequested', gid }),
  };
}
