/** GET sla/test (spec 2 §7, the root's SLA tests): results with name and status. Run on demand, never cached. */
import { SlaAnswer } from '../../../machines/lib/dev-pages/contract';
import type { ApiClient } from '../client';

export function runSlaTest(api: ApiClient) {
  return api.get('sla/test', SlaAnswer);
}
