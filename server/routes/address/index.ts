/**
 * /api/address/* — the address register (gazetteer) as the portal's contract has it (domain/address.ts), for
 * the address autocomplete of user settings and business customer settings. Signed-in users
 * only; the register is asked over HTTP (server/clients/address.ts, ADDRESS_REGISTER_URL).
 *
 *   GET /api/address/search?q=<text>&limit=<1..20, default 10>  → { value: AddressSuggestion[] }
 *       prefix search on the address's words (case- and accent-insensitive); fewer than 2 characters answer [].
 *   GET /api/address/{padreId}  → AddressSuggestion; 404 NOT_FOUND when unknown.
 *   Either: 401 without a session, 400 BAD_INPUT on a bad limit or id, 502 ADDRESS_REGISTER_UNREACHABLE when the
 *   register cannot be asked.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { FIELD_MESSAGE, PADRE_ID } from '../../../domain/fields/index.js';
import {
  ADDRESS_QUERY_MIN,
  ADDRESS_SUGGESTIONS_DEFAULT,
  ADDRESS_SUGGESTIONS_MAX,
  type AddressSuggestion,
} from '../../../domain/address.js';
import { addressRegister } from '../../clients/address.js';
import { badInput, HttpError, notFound, parseOrThrow, ruleSentence } from '../../lib/errors.js';
import { requireSession } from '../../lib/session.js';

export const Search = z.object({
  q: z.string().max(200, 'must be at most 200 characters long').default(''),
  limit: z.coerce.number().int().min(1).max(ADDRESS_SUGGESTIONS_MAX).default(ADDRESS_SUGGESTIONS_DEFAULT),
});
export const PadreId = z.string().regex(PADRE_ID, 'must be an address register id (digits)');
export const PadreIdParams = z.object({ padreId: PadreId });

/** The register could not be asked (down, timed out, or an answer outside the contract). */
const unreachable = () =>
  new HttpError(
    502,
    'ADDRESS_REGISTER_UNREACHABLE',
    'The address register cannot be reached at the moment. Please try again later.',
  );

/** An address of the register by id (null when unknown); 502 when the register cannot be asked. */
export async function lookUpAddress(
  deps: Parameters<typeof addressRegister>[0],
  padreId: string,
): Promise<AddressSuggestion | null> {
  try {
    return await addressRegister(deps).address(padreId);
  } catch {
    throw unreachable();
  }
}

/**
 * The register's own address for a padreId that a body sends (spec 2 §5): an address picked from the register is
 * stored as the register has it, whatever else the body says, and an id the register does not know is refused
 * (400 naming `field`, 'Address incorrect'); 502 when the register cannot be asked.
 */
export async function registeredAddress(
  deps: Parameters<typeof addressRegister>[0],
  padreId: string,
  field: string,
): Promise<AddressSuggestion> {
  const found = PADRE_ID.test(padreId) ? await lookUpAddress(deps, padreId) : null;
  if (!found) throw badInput(field, ruleSentence(FIELD_MESSAGE.address, field) ?? FIELD_MESSAGE.address);
  return found;
}

export const addressRoutes: FastifyPluginCallback = (app, _opts, done) => {
  app.get('/search', async (req) => {
    await requireSession(req);
    const { q, limit } = parseOrThrow(Search, req.query, 'query');
    if (q.trim().length < ADDRESS_QUERY_MIN) return { value: [] };
    try {
      return { value: await addressRegister(app.deps).search(q.trim(), limit) };
    } catch {
      throw unreachable();
    }
  });
  app.get('/:padreId', async (req) => {
    await requireSession(req);
    const { padreId } = parseOrThrow(PadreIdParams, req.params, 'padreId');
    const address = await lookUpAddress(app.deps, padreId);
    if (!address) throw notFound(`No address with id ${padreId} in the address register.`);
    return address;
  });
  done();
};
