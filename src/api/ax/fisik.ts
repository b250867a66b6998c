/**
 * The accounting system's person (spec 2 §7): GET ax/fisik/{id}, POST ax/fisik/create, POST ax/fisik/modify with the
 * person and sendNewPassword=false. The test page shows the answer; the accounting system is not what the portal's
 * pages read, so a write invalidates nothing.
 */
import { FisikAnswer, type FisikPerson } from '../../../domain/dev-pages/contract';
import type { ApiClient } from '../client';

export async function getFisik(api: ApiClient, id: string) {
  return (await api.get(`ax/fisik/${encodeURIComponent(id)}`, FisikAnswer)).value;
}

export async function saveFisik(api: ApiClient, kind: 'create' | 'modify', person: FisikPerson) {
  return (await api.post(`ax/fisik/${kind}`, { person, sendNewPassword: false }, FisikAnswer)).value;
}
