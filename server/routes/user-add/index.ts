/**
 * /api/user-add/* (spec 2 §7, §4 "EULA confirm"): the terms-of-use (EULA) modal of a new account.
 *   GET  getUserInfo[?key=]                  → { value: EulaInfo | null }
 *   GET  getRepresentedWithAdminRoles[?key=] → { value: RepresentationRight[] } the parties to choose from
 *   POST confirm  ConfirmBody                → { errorType, hadPreference, preference }
 *   GET  eula/{LANG}.pdf                     the portal's terms of use in an upper-case language code (ET, EN, RU,
 *                                            LV, LT): public/terms/terms-of-use-<lang>.pdf, not the contract terms
 * With `key` (the invitation link from the e-mail) the person is the key's; without it, the signed-in person, who
 * when they have a password must give it (userCredentials.currentPassword, 400 on that field when absent or wrong,
 * counted by the sign-on throttle, 429 while it waits) before the confirm sets new credentials.
 * A confirm by key is the invitation's acceptance: it sets the credentials, accepts the terms, grants the invited
 * right, uses the key and opens a portal session, so the person lands in the chosen service signed in.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ConfirmBody,
  EULA_LANGUAGES,
  EULA_VERSION,
  ResetKeyParam,
  type ConfirmAnswer,
  type EulaInfo,
} from '../../../domain/account/schemas.js';
import { DOMAINS, type RepresentationRight } from '../../../domain/contract.js';
import { language2, loadRepresentationRights } from '../../context/build-user-context.js';
import type { Db } from '../../db/index.js';
import { isoToDmy } from '../../lib/dates.js';
import { badInput, notFound, parseOrThrow, unauthenticated } from '../../lib/errors.js';
import { packagePrivateUrl } from '../../lib/external-applications.js';
import { hashPassword } from '../../lib/password.js';
import { consumeResetKey, type ResetKey } from '../../lib/reset-keys.js';
import { findSession, openSession } from '../../lib/session.js';
import { endOtherSignOns } from '../../security/credentials-changed.js';
import { proveCurrentPassword } from '../../security/current-password.js';
import { checkedPreferenceService } from '../user-settings/preferences.js';
import { checkCredentials, personByKeyOrSession, usernameTaken, type Person } from './accounts.js';
import './seed.js';
import { raiseRightsVersion } from '../../lib/versions.js';

export const KeyQuery = z.object({ key: z.optional(ResetKeyParam) });
export const EulaFileParams = z.object({ file: z.string() });
const PUBLIC_TERMS = fileURLToPath(new URL('../../../public/terms/', import.meta.url));

/** The role an accepted invitation grants: the customer's first non-primary OSS role of its packet (a registrar). */
async function invitedRole(db: Db, customerGid: string): Promise<number | null> {
  const c = await db
    .selectFrom('customers')
    .select(['ep_company_id', 'packet_oss'])
    .where('jgid', '=', customerGid)
    .executeTakeFirst();
  if (!c) return null;
  let q = db
    .selectFrom('roles')
    .select('id')
    .where('application', '=', 'OSS')
    .where('ep_company_id', '=', c.ep_company_id)
    .orderBy('is_primary')
    .orderBy('id');
  if (c.packet_oss !== null) q = q.where('packet_id', '=', c.packet_oss);
  return (await q.executeTakeFirst())?.id ?? null;
}

/** The party an invitation is for, as the representation right its acceptance grants (valid from today). */
async function invitedParty(db: Db, key: ResetKey | null, now: Date): Promise<RepresentationRight | null> {
  if (!key?.customerGid) return null;
  const c = await db
    .selectFrom('customers')
    .select(['jgid', 'name', 'is_person'])
    .where('jgid', '=', key.customerGid)
    .executeTakeFirst();
  if (!c) return null;
  const roleId = await invitedRole(db, c.jgid);
  return {
    gid: c.jgid,
    name: c.name,
    isPerson: c.is_person === 1,
    userRoleList: [{ application: 'OSS', roleId, begin: isoToDmy(now.toISOString()), end: null, notActive: false }],
  };
}

/** Grants the invitation's right, unless the person already has one for that customer. */
async function grantInvitedRight(db: Db, fgid: string, customerGid: string, nowIso: string): Promise<void> {
  const has = await db
    .selectFrom('rights')
    .select('id')
    .where('person_fgid', '=', fgid)
    .where('represented_gid', '=', customerGid)
    .executeTakeFirst();
  if (has) return;
  // a person's rights in a customer are versioned: an administrator's open rights modal then sees this write
  await raiseRightsVersion(db, fgid, customerGid);
  await db
    .insertInto('rights')
    .values({
      person_fgid: fgid,
      represented_gid: customerGid,
      application: 'OSS',
      role_id: await invitedRole(db, customerGid),
      begin_date: nowIso,
      end_date: null,
      not_active: 0,
    })
    .execute();
}

function preferenceOf(p: Person) {
  return p.pref_service_url ? { representedId: p.pref_represented, serviceUrl: p.pref_service_url } : null;
}

export const userAddRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock, env } = app.deps;

  async function who(req: FastifyRequest, key: string | null | undefined) {
    const found = await personByKeyOrSession(req, key);
    // a bad key answers like no person (spec 2 §8: HTTP errors here are only logged; the portal goes home)
    if (!found && !key) throw unauthenticated();
    return found;
  }

  app.get('/getUserInfo', async (req): Promise<{ value: EulaInfo | null }> => {
    const { key } = parseOrThrow(KeyQuery, req.query, 'query');
    const found = await who(req, key);
    if (!found) return { value: null };
    const p = found.person;
    const lang = language2(p.preferred_language ?? 'EST');
    return {
      value: {
        id: p.fgid,
        firstName: p.first_name,
        lastName: p.last_name,
        // staff and ID-card / bank logins are trusted; the demo's customers log in by password
        trustfulAuthentication: p.auth_channel === 'IN_AD',
        language: (p.preferred_language ?? 'EST').toUpperCase(),
        username: p.username,
        endUserAgreementVersion: p.eula_version,
        passwordUsed: p.password_hash !== null,
        preference: preferenceOf(p),
        packagePrivateUrls: Object.fromEntries(DOMAINS.map((d) => [d, packagePrivateUrl(d, lang, req)])),
      },
    };
  });

  app.get('/getRepresentedWithAdminRoles', async (req) => {
    const { key } = parseOrThrow(KeyQuery, req.query, 'query');
    const found = await who(req, key);
    if (!found) return { value: [] };
    const rights = await loadRepresentationRights(db, found.person.fgid);
    const invited = await invitedParty(db, found.key, clock.now());
    if (invited && !rights[invited.gid]) rights[invited.gid] = invited;
    return { value: Object.values(rights).sort((a, b) => (a.name ?? a.gid).localeCompare(b.name ?? b.gid)) };
  });

  app.post('/confirm', async (req, reply): Promise<ConfirmAnswer> => {
    const body = parseOrThrow(ConfirmBody, req.body);
    const c = body.userCredentials;
    const username = checkCredentials(c.username, c.password, c.passwordAgain);
    const found = await who(req, body.key);
    if (!found) return { errorType: 'KEY', hadPreference: false, preference: null };
    const p = found.person;
    // spec 2 §5: the name fields are required when the stored name is missing
    const firstName = p.first_name.trim() || body.firstName;
    const lastName = p.last_name.trim() || body.lastName;
    if (!firstName) throw badInput('firstName', 'is required');
    if (!lastName) throw badInput('lastName', 'is required');
    // without a key the session is all that stands for the person: one who has a password proves it before the
    // confirm replaces it (ASVS 2.1.6); with a key, the key from the e-mail is the proof (as a reset link is)
    if (!found.key)
      await proveCurrentPassword(req, reply, p, c.currentPassword, {
        field: 'userCredentials.currentPassword',
        event: 'user-add.confirm',
      });
    if (await usernameTaken(db, username, p.fgid))
      return { errorType: 'UNIQUE', hadPreference: false, preference: null };

    // the preference the user-settings form would accept (every later login follows it): a party the person may
    // choose (own rights, or the invitation's customer) and a service address of the portal
    const pref = body.preference;
    const rights = await loadRepresentationRights(db, p.fgid);
    const invited = await invitedParty(db, found.key, clock.now());
    if (invited && !rights[invited.gid]) rights[invited.gid] = invited;
    const service = checkedPreferenceService(
      req,
      { representedId: pref.represented, serviceUrl: pref.serviceUrl },
      Object.values(rights),
      { representedId: 'preference.represented', serviceUrl: 'preference.serviceUrl' },
    );
    const existing = preferenceOf(p);
    const hash = await hashPassword(c.password);
    const nowIso = clock.now().toISOString();
    const ok = await db.transaction().execute(async (trx) => {
      if (body.key && !(await consumeResetKey(trx, clock, body.key))) return false;
      await trx
        .updateTable('persons')
        .set({
          first_name: firstName,
          last_name: lastName,
          username,
          password_hash: hash,
          eula_version: EULA_VERSION,
          // spec 2 §4: an existing preference is kept (the portal only redirects to it)
          ...(existing
            ? {}
            : {
                pref_service: service,
                pref_represented: pref.represented,
                pref_service_url: pref.serviceUrl,
              }),
        })
        .where('fgid', '=', p.fgid)
        .execute();
      if (found.key?.customerGid) await grantInvitedRight(trx, p.fgid, found.key.customerGid, nowIso);
      return true;
    });
    if (!ok) return { errorType: 'KEY', hadPreference: false, preference: null };
    // the invitation signs the person in (the key proved who they are), so the chosen service opens at once; a
    // password is set, so any other session and link of the person ends (security/credentials-changed.ts)
    const sessionId = body.key
      ? await openSession(req, reply, p.fgid, (p.preferred_language ?? 'EST').toUpperCase())
      : ((await findSession(req))?.id ?? null);
    await endOtherSignOns(req, p.fgid, { sessionId });
    return {
      errorType: null,
      hadPreference: existing !== null,
      preference: existing ?? { representedId: pref.represented, serviceUrl: pref.serviceUrl },
    };
  });

  app.get('/eula/:file', (req, reply) => {
    const { file } = parseOrThrow(EulaFileParams, req.params, 'file');
    const m = /^([A-Z]{2})\.pdf$/.exec(file);
    const lang = EULA_LANGUAGES.find((l) => l === m?.[1]);
    if (!lang) throw notFound('No terms of use in that language.');
    // the portal's own terms of use, not the general terms of the business customer contract (spec 2 §2)
    const name = `terms-of-use-${lang.toLowerCase()}.pdf`;
    const built = path.join(env.distDir, 'terms', name);
    const file2 = existsSync(built) ? built : path.join(PUBLIC_TERMS, name);
    if (!existsSync(file2)) throw notFound('No terms of use in that language.');
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `inline; filename="terms-of-use-${lang}.pdf"`)
      .type('application/pdf')
      .send(createReadStream(file2));
  });

  done();
};
