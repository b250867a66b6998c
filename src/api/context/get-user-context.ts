/**
 * GET context/getUserContext (spec 1 §7): the full user context. The only place that asks for it: the session
 * machine loads it (src/app/system.ts) and holds it (machines/session.machine.ts), so it is not a query; a write that
 * changes it reloads it into the session (reload-user-context.ts), and flows that need a fresh copy call this.
 */
import { UserContext } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function getUserContext(api: ApiClient, signal?: AbortSignal): Promise<UserContext> {
  return api.get('context/getUserContext', UserContext, { signal });
}
