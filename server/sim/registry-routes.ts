/**
 * HTTP face of the business register simulator (server/sim/registry.ts), which the portal's server reaches
 * through server/clients/registry.ts (REGISTRY_URL), never in-process:
 *
 *   GET /sim/registry-api/companies?term=Test          → { value: [{ name, code }] }   (autocomplete)
 *   GET /sim/registry-api/companies/{regCode}          → RegistryCompany | 404 { serviceErrorMessage, code }
 *
 * Read-only and without cookies, like a register's public API.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound, parseOrThrow } from '../lib/errors.js';
import { findCompanies, getCompany } from './registry.js';

const Term = z.object({ term: z.string().trim().min(1).max(100) });
const RegCode = z.object({ regCode: z.string().regex(/^\d{1,20}$/, 'must be a registry code') });

export const registryApiRoutes: FastifyPluginAsync = (app) => {
  app.get('/registry-api/companies', async (req) => {
    const { term } = parseOrThrow(Term, req.query, 'query');
    return { value: await findCompanies(app.deps.db, term) };
  });
  app.get('/registry-api/companies/:regCode', async (req) => {
    const { regCode } = parseOrThrow(RegCode, req.params, 'regCode');
    const company = await getCompany(app.deps.db, regCode);
    if (!company) throw notFound(`No company with registry code ${regCode} in the business register.`);
    return company;
  });
  return Promise.resolve();
};
