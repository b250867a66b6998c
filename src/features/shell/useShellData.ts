/**
 * Selections of the shell views (select only what is shown; derived with the pure rules of domain/rights/).
 */
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { Domain, UserContext } from '../../../domain/contract';
import { rolesAndPacketsQuery } from '../../api/roles-and-packets/get-roles-and-packets';
import { usePortal } from '../../app/PortalContext';
import { isAxaptaDead } from '../../../domain/rights';

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
