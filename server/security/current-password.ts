/**
 * The current password, asked before a signed-in person who has one changes their sign-on credentials (ASVS 2.1.6:
 * a session someone else took over, or a browser left open, must not be enough to take the account). Used by the
 * password tab (POST user-settings/password/{userId}) and the terms-of-use confirm of the signed-in person
 * (POST user-add/confirm without a key).
 *
 * It is a password guess like one at the sign-on form, so it goes through the same check and the same throttle:
 * the scrypt comparison of login-guard.ts, and a wrong one counts as a failure of the person's username (and of the
 * caller's address) in throttle.ts, so a session cannot be used to guess the password past the sign-on's limits;
 * while that username waits, the answer is 429 before any hash is computed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../domain/user-settings/fields.js';
import { audit, type AuditEvent } from '../audit/audit.js';
import { HttpError } from '../lib/errors.js';
import type { PersonRow } from '../lib/session.js';
import { checkPassword } from './login-guard.js';
import { releaseLoginAttempt, reserveLoginAttempt, type LoginAttempt } from './throttle.js';

export const CURRENT_PASSWORD_FIELD = 'currentPassword';

const missing = (field: string) =>
  new HttpError(400, 'BAD_INPUT', `${field}: Current password is mandatory`, {
    [field]: 'Current password is mandatory',
  });

const wrong = (field: string) =>
  new HttpError(
    400,
    'BAD_INPUT',
    `${field}: is not your current password`,
    { [field]: 'is not your current password' },
    MSG.currentPasswordWrong,
  );

/**
 * Resolves when the person has no password (they set one without proving anything, as before) or `given` is their
 * password; throws 400 BAD_INPUT on `field` when it is missing or wrong, 429 TOO_MANY_ATTEMPTS while the sign-on
 * throttle makes the username wait. Nothing is changed by a refusal except the throttle's count and the audit log.
 */
export async function proveCurrentPassword(
  req: FastifyRequest,
  reply: FastifyReply,
  person: Pick<PersonRow, 'fgid' | 'username' | 'password_hash'>,
  given: string | undefined,
  opts: { field?: string; event: AuditEvent },
): Promise<void> {
  if (person.password_hash === null) return;
  const field = opts.field ?? CURRENT_PASSWORD_FIELD;
  if (given === undefined || given === '') throw missing(field);
  const { db, clock, metrics } = req.server.deps;
  // the username the sign-on form counts (a password without a username cannot be typed there: the fgid stands in)
  const attempt: LoginAttempt = { username: person.username ?? person.fgid, address: req.ip };
  // counted before the check, as at the sign-on form: parallel guesses cannot all pass (throttle.ts)
  const reserved = await reserveLoginAttempt(db, clock, attempt);
  if ('wait' in reserved) {
    const wait = reserved.wait;
    const minutes = Math.ceil(wait / 60_000);
    reply.header('Retry-After', String(Math.ceil(wait / 1000)));
    metrics.loginThrottled('current-password');
    await audit(req, opts.event, { subject: person.fgid, outcome: 'refused', detail: { currentPassword: 'wait' } });
    throw new HttpError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many failed attempts. Wait ${minutes} min and try again.`,
      undefined,
      MSG.currentPasswordWait,
    );
  }
  if (!(await checkPassword(given, person.password_hash))) {
    // the reservation stands as the failure
    metrics.loginFailed('current-password');
    await audit(req, opts.event, { subject: person.fgid, outcome: 'failure', detail: { currentPassword: 'wrong' } });
    throw wrong(field);
  }
  await releaseLoginAttempt(db, attempt, reserved);
}
