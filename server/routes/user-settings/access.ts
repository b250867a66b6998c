/**
 * Who may read or change whose user settings (spec 2 §6), and body validation with the shared field rules
 * (machines/lib/user-settings) answered the way conventions.md asks: 400 BAD_INPUT naming each field with a
 * sentence a person can act on (the rules' messages are i18n keys for the portal; here they become English).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FGID } from '../context/index.js';
import { HttpError, forbidden, notFound, parseOrThrow } from '../../lib/errors.js';
import { requireSession, type PersonRow, type Session } from '../../lib/session.js';
import { PASSWORD_MIN } from '../../../machines/lib/user-settings/index.js';

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

type Issue = z.core.$ZodIssue;

/** The rules' i18n keys as English sentences (spec 2 §5 "Generic messages"). */
function sentence(issue: Issue): string {
  switch (issue.message) {
    case 'validation.required':
      return 'is required';
    case 'validation.maxLength':
      return issue.code === 'too_big' ? `must be at most ${issue.maximum} characters long` : 'is too long';
    case 'validation.minLength':
      return issue.code === 'too_small' ? `must be at least ${issue.minimum} characters long` : 'is too short';
    case 'validation.email':
      return 'must be an e-mail address such as name@example.com';
    case 'validation.phone':
      return 'must be a phone number: digits with an optional leading +';
    case 'validation.username':
      return 'may hold only letters, digits, dots and pipes (|)';
    case 'validation.password':
      return `must be at least ${PASSWORD_MIN} characters long with an upper case letter, a lower case letter and a digit`;
    case 'validation.passwords':
      return 'the passwords do not match';
    case 'validation.pattern':
      return 'has an invalid value';
  }
  if (issue.code === 'invalid_type')
    return /received undefined/.test(issue.message) ? 'is required' : `must be ${issue.expected}`;
  if (issue.code === 'invalid_union' || issue.code === 'invalid_value') return 'has an invalid value';
  if (issue.code === 'too_big') return `must be at most ${issue.maximum} characters long`;
  return issue.message;
}

/** Validate a body with a shared schema; on failure 400 BAD_INPUT naming each field (nothing has changed yet). */
export function parseBody<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    if (!(key in fields)) fields[key] = sentence(issue);
  }
  const message = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  throw new HttpError(400, 'BAD_INPUT', message, fields);
}
