/**
 * The password tab (spec 2 §2 "Password view", §3 "Password settings", §4 "Password usage", §5, §6, §7, §8), for the
 * person themself only, staff included:
 *   GET  /api/user-settings/password/{userId}
 *   POST /api/user-settings/password/{userId}
 * See index.ts for the request and answer of each.
 *
 * Storage: persons.username and persons.password_hash, the very columns the sign-on simulator checks
 * (server/cas/index.ts). "Log in with username and password: no" clears password_hash and keeps the username (so it
 * stays taken and comes back filled in); the sign-on then refuses the person's password, whatever they type.
 *
 * A person who has a password proves it (`currentPassword`, security/current-password.ts) before a save changes
 * their username or password or switches the password off (ASVS 2.1.6): the session alone is not enough to take
 * over the sign-on. A wrong one is a failed sign-on attempt of their username for the throttle, answers 400 on
 * currentPassword and changes nothing. A person without a password sets one as before. Spec 2 §6 keeps the tab to
 * the person themself: staff with EDIT_ANY_USER get 403 for another person here and send a reset link instead.
 *
 * canDisablePassword (spec 2 §3): true when the person can sign on another way than with this password, which is
 * what makes switching it off safe: a customer (not staff, who sign on through the directory) whose personal code is
 * from a home country (EE, LV, LT) has a national eID (ID-card, Mobile-ID, Smart-ID) for the sign-on service. In the
 * demo that is every customer; the sign-on simulator's one-click login stands in for the eID login there.
 */
import type { FastifyPluginCallback } from 'fastify';
import {
  PASSWORD_ERROR_UNIQUE,
  PasswordBody,
  type PasswordSaveAnswer,
  type PasswordSettingsAnswer,
} from '../../../domain/user-settings/index.js';
import { audit } from '../../audit/audit.js';
import { badInput, parseOrThrow } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { requireSession, type PersonRow } from '../../lib/session.js';
import { endOtherSignOns } from '../../security/credentials-changed.js';
import { proveCurrentPassword } from '../../security/current-password.js';
import { usernameTaken } from '../user-add/accounts.js';
import { targetPerson } from './access.js';

const EID_COUNTRIES = ['EE', 'LV', 'LT'];

function canDisablePassword(p: PersonRow): boolean {
  return p.auth_channel !== 'IN_AD' && EID_COUNTRIES.includes(p.country.toUpperCase());
}

/** a UNIQUE constraint of the database (two saves racing for one username) */
const isUniqueViolation = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed|violates unique constraint/.test(err.message);

export const passwordRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db } = app.deps;

  app.get('/password/:userId', async (req): Promise<PasswordSettingsAnswer> => {
    const { person } = await targetPerson(req, 'self');
    return {
      username: person.username,
      passwordUsed: person.password_hash !== null,
      canDisablePassword: canDisablePassword(person),
    };
  });

  app.post('/password/:userId', async (req, reply): Promise<PasswordSaveAnswer> => {
    const { person } = await targetPerson(req, 'self');
    const body = parseOrThrow(PasswordBody, req.body, 'body', {
      username: 'Username',
      password: 'Password',
      currentPassword: 'Current password',
    });
    if (!body.passwordUsed) {
      if (!canDisablePassword(person))
        throw badInput('passwordUsed', 'cannot be switched off: you have no other way to sign on');
      // proven here too: switched off, the password could be set again unproven ("a person without a password")
      await proveCurrentPassword(req, reply, person, body.currentPassword, { event: 'user-settings.password' });
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('persons').set({ password_hash: null }).where('fgid', '=', person.fgid).execute();
        await audit(req, 'user-settings.password', { subject: person.fgid, detail: { passwordUsed: false }, db: trx });
      });
      await endOtherSignOns(req, person.fgid, { sessionId: (await requireSession(req)).id });
      return { errorType: null };
    }
    if (body.password === undefined && person.password_hash === null)
      throw badInput('password', 'is required: you have no password yet');
    await proveCurrentPassword(req, reply, person, body.currentPassword, { event: 'user-settings.password' });
    if (await usernameTaken(db, body.username, person.fgid)) return { errorType: PASSWORD_ERROR_UNIQUE };
    const hash = body.password === undefined ? null : await hashPassword(body.password);
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('persons')
          .set({ username: body.username, ...(hash ? { password_hash: hash } : {}) })
          .where('fgid', '=', person.fgid)
          .execute();
        await audit(req, 'user-settings.password', {
          subject: person.fgid,
          username: body.username,
          detail: { passwordUsed: true, usernameChanged: body.username !== person.username, passwordChanged: !!hash },
          db: trx,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) return { errorType: PASSWORD_ERROR_UNIQUE };
      throw err;
    }
    if (hash) await endOtherSignOns(req, person.fgid, { sessionId: (await requireSession(req)).id });
    return { errorType: null };
  });
  done();
};
