/**
 * /api/ax/fisik/* (spec 2 §7): the accounting system's person (FISIK) for /test/ax, staff only, 404 in live run
 * mode. Asked over HTTP at ACCOUNTING_URL (the reference setup's simulator is server/sim/accounting).
 *   GET  ax/fisik/{id}                                   → { value: person }  404 when unknown
 *   POST ax/fisik/create { person, sendNewPassword }     → { value: person }  409 when the id exists
 *   POST ax/fisik/modify { person, sendNewPassword }     → { value: person }  404 when unknown
 * An unreachable or failing accounting system is 502.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { FisikPerson, FisikWriteBody } from '../../../domain/dev-pages/contract.js';
import { HttpError, parseOrThrow } from '../../lib/errors.js';
import { callService, requireStaff } from '../deployment/dev-access.js';

const SERVICE = 'The accounting system';
export const FisikIdParams = z.object({ id: z.string().trim().min(1).max(40) });

export const axRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const base = () => app.deps.env.devServices.accountingUrl;
  const answer = (status: number, json: unknown) => {
    if (status === 404) throw new HttpError(404, 'NOT_FOUND', 'No such person in the accounting system.');
    if (status === 409)
      throw new HttpError(409, 'EXISTS', 'A person with this id already exists in the accounting system.');
    return { value: FisikPerson.parse(json) };
  };
  const known = (s: number) => (s >= 200 && s < 300) || s === 404 || s === 409;

  app.get('/fisik/:id', async (req) => {
    await requireStaff(req);
    const { id } = parseOrThrow(FisikIdParams, req.params, 'id');
    const res = await callService(
      req,
      SERVICE,
      { method: 'GET', url: `${base()}/fisik/${encodeURIComponent(id)}` },
      known,
    );
    return answer(res.status, res.json);
  });

  app.post('/fisik/create', async (req) => {
    await requireStaff(req);
    const body = parseOrThrow(FisikWriteBody, req.body);
    const res = await callService(req, SERVICE, { method: 'POST', url: `${base()}/fisik`, body }, known);
    return answer(res.status, res.json);
  });

  app.post('/fisik/modify', async (req) => {
    await requireStaff(req);
    const body = parseOrThrow(FisikWriteBody, req.body);
    const res = await callService(
      req,
      SERVICE,
      { method: 'POST', url: `${base()}/fisik/${encodeURIComponent(body.person.id)}`, body },
      known,
    );
    return answer(res.status, res.json);
  });
  done();
};
