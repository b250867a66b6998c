/** Who may read or change whose user settings (spec 2 §6). */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FGID } from '../context/index.js';
import { forbidden, notFound, parseOrThrow } from '../../lib/errors.js';
import { requireSession, type PersonRow, type Session } from '../../lib/session.js';

/**
 * - 'self-or-staff': the person themself, or staff with EDIT_ANY_USER (edit, roles, preferences, rights);
 * - 'self': the person themself only, whatever their privileges (the password tab, spec 2 §6).
 * Everyone else: 403 FORBIDDEN, before anything is read (so a refusal tells nothing about whether the person exists).
 */
export type Access = 'self-or-staff' | 'self';

export interface Target {
  session: Session;
  person: PersonRow;
  /** the person is the caller */
  self: boolean;
}

export const UserIdParams = z.object({ userId: FGID });

export async function targetPerson(req: FastifyRequest, access: Access): Promise<Target> {
  const session = await requireSession(req);
  const { userId } = parseOrThrow(UserIdParams, req.params, 'userId');
  const self = userId === session.fgid;
  if (!self && (access === 'self' || !session.privileges.includes('EDIT_ANY_USER'))) throw forbidden();
  const person = await req.server.deps.db
    .selectFrom('persons')
    .selectAll()
    .where('fgid', '=', userId)
    .executeTakeFirst();
  if (!person) throw notFound(`No user with id ${userId}.`);
  return { session, person, self };
}
