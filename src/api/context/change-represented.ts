/**
 * GET context/changeRepresented/{gid} (spec 1 §7): switches the session's represented party and answers the new user
 * context. A GET that changes state, so it carries the XSRF header (docs/conventions.md). The represented party is an
 * input of nearly every answer the session gets (rights, roles, details, the customer pages), so it invalidates every
 * query: the ones on screen load again for the new party. The new context itself goes to the session through the
 * machine that asked (representedChoice, representedChange, eula).
 */
import { UserContext } from '../../../domain/contract';
import type { QueryDeps } from '../invalidate';

export async function changeRepresented(
  { api, queryClient }: QueryDeps,
  gid: string,
  signal?: AbortSignal,
): Promise<UserContext> {
  const context = await api.get(`context/changeRepresented/${encodeURIComponent(gid)}`, UserContext, {
    signal,
    xsrf: true,
  });
  // every query; not awaited: the machine hands the new context on at once, the views show their loading states
  void queryClient.invalidateQueries();
  return context;
}
