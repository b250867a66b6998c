/**
 * GET sla/test (spec 2 §7 "sla/test (root)"): results with name and status. Run on demand, never cached. The call goes
 * to the backend's root, not to its API base: the API base without its last segment ('/api' → '', as the service-URL
 * builder of spec 1 §7 reads the UI base off the API base).
 */
import { SlaAnswer } from '../../../domain/dev-pages/contract';
import type { ApiClient } from '../client';

/** The backend's root: the API base without its last path segment ('/api' → '', 'https://h/x/api/' → 'https://h/x'). */
export function backendRoot(apiUrl: string): string {
  const base = apiUrl.replace(/\/+$/, '');
  return base.slice(0, Math.max(0, base.lastIndexOf('/')));
}

export function runSlaTest(api: ApiClient, apiUrl: string) {
  return api.get(`${backendRoot(apiUrl)}/sla/test`, SlaAnswer);
}
