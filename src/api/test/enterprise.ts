/**
 * The business-register test calls (spec 2 §7): POST test/enterprise (find by name or code), GET test/enterprise/{code},
 * GET test/enterprise/vat/{code}, GET test/enterprise/rating/{code}, POST test/is-board-member. The test page runs
 * them on demand and shows the text; nothing is cached.
 */
import { z } from 'zod/mini';
import { EnterpriseFindAnswer, ValueAnswer } from '../../../domain/dev-pages/contract';
import type { ApiClient } from '../client';

/** test/enterprise/{code}: the company, or null */
const CompanyAnswer = z.object({
  value: z.nullable(z.object({ name: z.string(), regCode: z.string(), active: z.boolean() })),
});
/** test/enterprise/vat/{code} and rating/{code} */
const TextAnswer = z.object({ value: z.nullable(z.string()) });

const enc = encodeURIComponent;

export async function findEnterprises(api: ApiClient, term: string) {
  return (await api.post('test/enterprise', { value: term }, EnterpriseFindAnswer)).value;
}

export async function getEnterprise(api: ApiClient, code: string) {
  return (await api.get(`test/enterprise/${enc(code)}`, CompanyAnswer)).value;
}

export async function getEnterpriseVat(api: ApiClient, code: string) {
  return (await api.get(`test/enterprise/vat/${enc(code)}`, TextAnswer)).value;
}

export async function getEnterpriseRating(api: ApiClient, code: string) {
  return (await api.get(`test/enterprise/rating/${enc(code)}`, TextAnswer)).value;
}

export async function isBoardMember(api: ApiClient, companyCode: string, personCode: string) {
  return (await api.post('test/is-board-member', { companyCode, personCode }, ValueAnswer)).value;
}
