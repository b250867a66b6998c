/**
 * GET enterprise/users/clientapp/{clientapp}/{customerId} (spec 2 §7), with the role-request timeout of the
 * configuration: the customer's users with their roles in one application. A fetcher: the rights list machine holds
 * the answer, and loads it again after a save.
 *
 * Spec 2 §7: the answer's "packetId (or first item's packetId)". The reference server sends the packet once, beside
 * the list; a backend that sends it only on each item (the legacy service) leaves it out of the answer, and then the
 * first item's packet is the customer's packet of the application.
 */
import { z } from 'zod/mini';
import { EnterpriseUsersAnswer } from '../../../domain/represented-settings';
import type { ApiClient } from '../client';

/** The answer as a backend may send it: the answer's own packetId may be missing. */
const EnterpriseUsersWire = z.object({
  list: EnterpriseUsersAnswer.shape.list,
  packetId: z.optional(EnterpriseUsersAnswer.shape.packetId),
  result: EnterpriseUsersAnswer.shape.result,
});

/** The answer's packetId, else the first item's, else none. */
export function withPacketId(answer: z.infer<typeof EnterpriseUsersWire>): EnterpriseUsersAnswer {
  return { ...answer, packetId: answer.packetId ?? answer.list[0]?.packetId ?? null };
}

export async function getApplicationUsers(
  api: ApiClient,
  application: string,
  customerId: string,
  timeout: number,
  signal?: AbortSignal,
): Promise<EnterpriseUsersAnswer> {
  const path = `enterprise/users/clientapp/${encodeURIComponent(application)}/${encodeURIComponent(customerId)}`;
  return withPacketId(await api.get(path, EnterpriseUsersWire, { signal, timeout }));
}
