/**
 * Business register client (REGISTRY_URL, default this process's simulator at /sim/registry-api), used by the
 * portal's routes instead of reading the register's tables in-process:
 *
 *   find(term)        GET {base}/companies?term=      → [{ name, code }]
 *   company(regCode)  GET {base}/companies/{regCode}  → RegistryCompany | null (404)
 */
import { z } from 'zod';
import type { Transport } from './service-http.js';
import { OutsideServiceError } from '../lib/errors.js';

const Address = z.object({
  street: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  padreFullName: z.string().nullable(),
});
export const RegistryCompany = z.object({
  regCode: z.string(),
  name: z.string(),
  country: z.string(),
  active: z.boolean(),
  creditRating: z.string().nullable(),
  /** a simulator knob: the digital-signature container service fails for this company */
  digidocFails: z.boolean().default(false),
  address: Address.nullable(),
  /** each a person: the country and the personal code together (Estonian and Lithuanian codes share their format) */
  boardMembers: z.array(z.object({ country: z.string(), personalCode: z.string() })),
});
export type RegistryCompany = z.infer<typeof RegistryCompany>;

/** A person as the register and the portal both know one: a personal code means nothing without its country. */
export interface BoardPerson {
  country: string;
  personal_code: string;
}

/**
 * The person a code names: a global person id (country + code, `EE48709050218`) as it is, a bare personal code in
 * the given country (the company's, for a register that lists its own country's people by code).
 */
export function personOfCode(code: string, country: string): BoardPerson {
  const m = /^([A-Za-z]{2})(\d.*)$/.exec(code.trim());
  return m
    ? { country: m[1].toUpperCase(), personal_code: m[2] }
    : { country: country.toUpperCase(), personal_code: code.trim() };
}

/** Whether the person (country and code) sits on the company's board. */
export function isBoardMember(company: Pick<RegistryCompany, 'boardMembers'>, person: BoardPerson): boolean {
  const country = person.country.toUpperCase();
  return company.boardMembers.some(
    (m) => m.personalCode === person.personal_code && m.country.toUpperCase() === country,
  );
}
const Found = z.object({ value: z.array(z.object({ name: z.string(), code: z.string() })) });

export class RegistryError extends OutsideServiceError {
  constructor(message: string) {
    super(`business register: ${message}`);
    this.name = 'RegistryError';
  }
}

export class RegistryClient {
  constructor(
    private readonly baseUrl: string,
    private readonly transport: Transport,
    private readonly timeoutMs = 10_000,
  ) {}

  private async get(path: string) {
    return this.transport({ method: 'GET', url: `${this.baseUrl}${path}`, timeoutMs: this.timeoutMs });
  }

  async find(term: string): Promise<{ name: string; code: string }[]> {
    const res = await this.get(`/companies?term=${encodeURIComponent(term)}`);
    const parsed = Found.safeParse(res.json);
    if (res.status !== 200 || !parsed.success) throw new RegistryError(`search answered HTTP ${res.status}`);
    return parsed.data.value;
  }

  async company(regCode: string): Promise<RegistryCompany | null> {
    const res = await this.get(`/companies/${encodeURIComponent(regCode)}`);
    if (res.status === 404) return null;
    const parsed = RegistryCompany.safeParse(res.json);
    if (res.status !== 200 || !parsed.success) throw new RegistryError(`company answered HTTP ${res.status}`);
    return parsed.data;
  }
}
