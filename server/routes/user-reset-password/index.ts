/**
 * /api/user-reset-password/* (spec 2 §7, §4 "Reset-password"): the person behind a reset link sets a username and
 * password. The key is single-use and valid 24 hours on the server's clock (server/lib/reset-keys.ts).
 *   GET  getUserByResetPasswordKey/{key} → { value: ResetPasswordUser | null } (null: unknown, expired or used)
 *   POST saveCredentials/ { key, passwordUsed: true, username, password } → { errorType: null | 'UNIQUE' | 'KEY' }
 * Public: the link is for a person who cannot sign in yet (or forgot the password).
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { ResetKeyParam, SaveCredentialsBody, type CredentialsAnswer } from '../../../domain/account/schemas.js';
import { parseOrThrow } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { consumeResetKey } from '../../lib/reset-keys.js';
import { endOtherSignOns } from '../../security/credentials-changed.js';
import { checkCredentials, personByKey, usernameTaken } from '../user-add/accounts.js';

export const ResetKeyParams = z.object({ key: ResetKeyParam });

export const userResetPasswordRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock } = app.deps;

  app.get('/getUserByResetPasswordKey/:key', async (req) => {
    const parsed = ResetKeyParams.safeParse(req.params);
    const found = parsed.success ? await personByKey(req, parsed.data.key) : null;
    if (!found) return { value: null };
    const p = found.person;
    return {
      value: {
        userId: p.fgid,
        firstName: p.first_name,
        lastName: p.last_name,
        personalCode: p.personal_code,
        username: p.username,
        endUserAgreementVersion: p.eula_version,
      },
    };
  });

  app.post('/saveCredentials/', async (req): Promise<CredentialsAnswer> => {
    const body = parseOrThrow(SaveCredentialsBody, req.body);
    const username = checkCredentials(body.username, body.password);
    const found = await personByKey(req, body.key);
    if (!found) return { errorType: 'KEY' };
    if (await usernameTaken(db, username, found.person.fgid)) return { errorType: 'UNIQUE' };
    const hash = await hashPassword(body.password);
    const saved = await db.transaction().execute(async (trx) => {
      // the key is used in the same transaction as the change it allows: a second use changes nothing
      if (!(await consumeResetKey(trx, clock, body.key))) return false;
      await trx
        .updateTable('persons')
        .set({ username, password_hash: hash })
        .where('fgid', '=', found.person.fgid)
        .execute();
      return true;
    });
    if (!saved) return { errorType: 'KEY' };
    // whoever knew the old password or holds another link of this person is signed out, and the links die
    await endOtherSignOns(req, found.person.fgid, { sessionId: null });
    return { errorType: null };
  });

  done();
};
