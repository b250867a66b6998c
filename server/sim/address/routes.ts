/**
 * HTTP face of the address register (gazetteer) simulator, which the portal's server reaches through
 * server/clients/address.ts (ADDRESS_REGISTER_URL), never in-process:
 *
 *   GET /sim/address-api/addresses?q=<text>&limit=<1..20>   → { value: AddressSuggestion[] }
 *   GET /sim/address-api/addresses/{padreId}                → AddressSuggestion | 404 { serviceErrorMessage, code }
 *
 * The shapes are the portal's contract (domain/address.ts). Read-only and without cookies, like a register's
 * public API.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { ADDRESS_SUGGESTIONS_DEFAULT, ADDRESS_SUGGESTIONS_MAX } from '../../../domain/address.js';
import { notFound, parseOrThrow } from '../../lib/errors.js';
import { getAddress, searchAddresses } from './register.js';
import { ensureAddressRegister } from './seed.js';

const Search = z.object({
  q: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(ADDRESS_SUGGESTIONS_MAX).default(ADDRESS_SUGGESTIONS_DEFAULT),
});
const PadreId = z.object({ padreId: z.string().regex(/^\d{1,20}$/, 'must be an address register id') });

export const addressApiRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db } = app.deps;
  app.get('/address-api/addresses', async (req) => {
    const { q, limit } = parseOrThrow(Search, req.query, 'query');
    await ensureAddressRegister(db);
    return { value: await searchAddresses(db, q, limit) };
  });
  app.get('/address-api/addresses/:padreId', async (req) => {
    const { padreId } = parseOrThrow(PadreId, req.params, 'padreId');
    await ensureAddressRegister(db);
    const address = await getAddress(db, padreId);
    if (!address) throw notFound(`No address with id ${padreId} in the address register.`);
    return address;
  });
  done();
};
