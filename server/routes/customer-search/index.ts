/**
 * customer-search/* (spec 1 §2 customer search page, §7), under /api/customer-search.
 *
 *   POST customer-search/customer  { value: term }  → { value: CustomerSearchItem[] }  needs EDIT_ANY_CUSTOMER or EDIT_ANY_USER
 *   POST customer-search/user      { value: term }  → { value: UserSearchItem[] }      needs EDIT_ANY_CUSTOMER or EDIT_ANY_USER
 *
 * Terms need at least 3 characters (400 otherwise). Matching rules and the index: README.md.
 */
import type { FastifyPluginCallback } from 'fastify';
import { SearchBody } from '../../../domain/contract.js';
import { parseOrThrow } from '../../lib/errors.js';
import { requirePrivilege, requireSession } from '../../lib/session.js';
import { sendJsonText } from '../../lib/json-text.js';
import { customerSearchAnswer, searchUsers } from './search.js';

export const customerSearchRoutes: FastifyPluginCallback = (app, _opts, done) => {
  app.post('/customer', async (req, reply) => {
    const session = await requireSession(req);
    requirePrivilege(session, 'EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER');
    const { value } = parseOrThrow(SearchBody, req.body);
    // the answer is JSON text made by the database (search.ts customerSearchAnswer), sent as it is
    return sendJsonText(reply, await customerSearchAnswer(app.deps.db, value));
  });
  app.post('/user', async (req) => {
    const session = await requireSession(req);
    requirePrivilege(session, 'EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER');
    const { value } = parseOrThrow(SearchBody, req.body);
    return { value: await searchUsers(app.deps.db, value) };
  });
  done();
};
