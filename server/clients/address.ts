/**
 * Address register (gazetteer) client (ADDRESS_REGISTER_URL, default this process's simulator at /sim/address-api),
 * used by the portal's routes instead of reading the register's tables in-process:
 *
 *   search(q, limit)   GET {base}/addresses?q=&limit=      → AddressSuggestion[]
 *   address(padreId)   GET {base}/addresses/{padreId}      → AddressSuggestion | null (404)
 *
 * The answers are checked against the portal's contract (domain/address.ts); anything else is an
 * AddressRegisterError, which the routes answer with 502.
 */
import { AddressSearchAnswer, AddressSuggestion } from '../../domain/address.js';
import type { AppDeps } from '../lib/deps.js';
import { metered, transportFor, type Transport } from './service-http.js';
import { OutsideServiceError } from '../lib/errors.js';

export class AddressRegisterError extends OutsideServiceError {
  constructor(message: string) {
    super(`address register: ${message}`);
    this.name = 'AddressRegisterError';
  }
}

export class AddressRegisterClient {
  constructor(
    private readonly baseUrl: string,
    private readonly transport: Transport,
    private readonly timeoutMs = 10_000,
  ) {}

  private get(path: string) {
    return this.transport({ method: 'GET', url: `${this.baseUrl}${path}`, timeoutMs: this.timeoutMs });
  }

  async search(q: string, limit: number): Promise<AddressSuggestion[]> {
    const res = await this.get(`/addresses?q=${encodeURIComponent(q)}&limit=${limit}`);
    const parsed = AddressSearchAnswer.safeParse(res.json);
    if (res.status !== 200 || !parsed.success) throw new AddressRegisterError(`search answered HTTP ${res.status}`);
    return parsed.data.value;
  }

  async address(padreId: string): Promise<AddressSuggestion | null> {
    const res = await this.get(`/addresses/${encodeURIComponent(padreId)}`);
    if (res.status === 404) return null;
    const parsed = AddressSuggestion.safeParse(res.json);
    if (res.status !== 200 || !parsed.success) throw new AddressRegisterError(`address answered HTTP ${res.status}`);
    return parsed.data;
  }
}

const built = new WeakMap<AppDeps, AddressRegisterClient>();

/** The app's address register client, built once from env.ts and the app's fetch. */
export function addressRegister(deps: AppDeps): AddressRegisterClient {
  let c = built.get(deps);
  if (!c) {
    const url = deps.env.addressRegisterUrl;
    const transport = metered(transportFor(url, [], deps.fetch), 'address-register', deps.metrics);
    c = new AddressRegisterClient(url, transport, deps.env.signing.httpTimeoutMs);
    built.set(deps, c);
  }
  return c;
}
