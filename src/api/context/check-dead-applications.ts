/**
 * GET context/checkDeadApplications (spec 1 §4 dead-application poll, §7): null while the dead applications are the
 * ones this session last saw, else the new user context. A new context means an application went down or came back,
 * which changes what most answers hold (roles, details, the finance status), so it invalidates every query then.
 */
import { DeadApplicationsResponse, type UserContext } from '../../../domain/contract';
import type { QueryDeps } from '../invalidate';

export async function checkDeadApplications(
  { api, queryClient }: QueryDeps,
  signal?: AbortSignal,
): Promise<UserContext | null> {
  const { value } = await api.get('context/checkDeadApplications', DeadApplicationsResponse, { signal });
  // every query; not awaited: the poll hands the new context on at once
  if (value) void queryClient.invalidateQueries();
  return value;
}
