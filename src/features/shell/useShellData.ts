/**
 * Selections of the shell views (select only what is shown; derived with the pure rules of machines/lib/rights/).
 */
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Domain, UserContext } from '../../../machines/lib/contract';
import { rolesAndPacketsQuery } from '../../api/roles-and-packets/get-roles-and-packets';
import { usePortal } from '../../app/PortalContext';
import {
  isAxaptaDead,
  panelLinks,
  representedSummary,
  visibleRepresentees,
  type PanelLinks,
} from '../../../machines/lib/rights';

export function useUserContext(): UserContext | null {
  const { session } = usePortal();
  return useSelector(session, (s) => s.context.userContext);
}

export function useDomain(): Domain {
  const { session } = usePortal();
  return useSelector(session, (s) => s.context.domain);
}

/** The back office (AXAPTA) is reported dead: settings and add-customer are gated (error.axapta.dead). */
export function useAxaptaDead(): boolean {
  const { session } = usePortal();
  return useSelector(session, (s) => isAxaptaDead(s.context.userContext));
}

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

/**
 * Spec 1 §7 roles-and-packets/clientapp/{app} per application the user has (role-request timeout from the
 * configuration). A failure flags that application's error; with the server's own flags (principal.errors) they make
 * up error.representation-failure (AXAPTA has its own message, error.axapta.dead).
 */
export function useRepresentationFailures(): string[] {
  const ctx = useUserContext();
  // one query per application the spec names (a fixed pair, so the hooks keep their order)
  const failed = new Set<string>(Object.keys(ctx?.epitPrincipal?.errors ?? {}));
  if (useRolesFailed(ctx, 'OSS')) failed.add('OSS');
  if (useRolesFailed(ctx, 'PERIODICALS')) failed.add('PERIODICALS');
  failed.delete('AXAPTA');
  return [...failed].sort();
}

/** Whether the person has `app` and its roles-and-packets request failed. */
function useRolesFailed(ctx: UserContext | null, app: 'OSS' | 'PERIODICALS'): boolean {
  const { api, config } = usePortal();
  const has = !!ctx?.applications.some((a) => a.name === app);
  const dead = !!ctx?.deadApplications.includes(app);
  return useQuery({ ...rolesAndPacketsQuery(api, app, dead, config.roleRequestTimeout), enabled: has }).isError;
}
