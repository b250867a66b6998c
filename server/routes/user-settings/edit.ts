/**
 * The edit tab (spec 2 §2 "Edit view", §3 "User (edit)", "Address as shown", "Reset email payload", §5, §6, §7):
 *   GET  /api/user-settings/edit/{userId}
 *   POST /api/user-settings/edit/{userId}
 *   POST /api/user-settings/password/sendPasswordReset/
 * See index.ts for the request and answer of each.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  EditUserBody,
  ResetEmailBody,
  type AddressBody,
  type UserEditAnswer,
} from '../../../domain/user-settings/index.js';
import { audit } from '../../audit/audit.js';
import { badInput, forbidden, notFound, parseOrThrow, type FieldLabels } from '../../lib/errors.js';
import { sendMail } from '../../lib/mail.js';
import { passwordResetMail } from '../../lib/mail-texts/password-reset.js';
import { createPasswordResetKey, RESET_KEY_HOURS } from '../../lib/reset-keys.js';
import { linkOrigin } from '../../lib/origins.js';
import { requireSession, type PersonRow } from '../../lib/session.js';
import { registeredAddress } from '../address/index.js';
import { indexPerson } from '../customer-search/search-index.js';
import { targetPerson } from './access.js';
import {
  emailSetColumns,
  mailLanguage,
  personForChange,
  refuseRecentlySetAddress,
  tellEmailChange,
} from './email-owner.js';
import { ifMatchOf, raisePersonVersion, setETag } from '../../lib/versions.js';

/** spec 2 §2: the address block is for persons whose personal-code country is empty or EE. */
const hasAddressBlock = (p: Pick<PersonRow, 'country'>) => ['', 'EE'].includes(p.country.trim().toUpperCase());

/** The edit view's fields as the 400's sentences name them (spec 2 §2 "Edit view"). */
const EDIT_LABELS: FieldLabels = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  mobile: 'Mobile',
  phone: 'Phone',
  preferredLanguage: 'Language of communication',
  address: 'Address',
};

const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export function userEditAnswer(p: PersonRow): UserEditAnswer {
  const shown = hasAddressBlock(p);
  return {
    id: p.fgid,
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email,
    phone: p.phone,
    mobile: p.mobile,
    preferredLanguage: p.preferred_language,
    personalCode: p.personal_code,
    personalCodeCountry: p.country || null,
    address: {
      settlement: p.address_city,
      padreId: p.address_padre_id,
      padreFullName: p.address_padre_full_name,
      county: p.address_county,
      countyName: p.address_county_name,
      municipality: p.address_municipality,
      municipalityName: p.address_municipality_name,
      street: p.address_street,
      zipCode: p.address_zip_code,
      disabled: !shown,
      showGazetter: shown,
    },
  };
}

/**
 * The address columns to store for a body's address (spec 2 §5): one picked from the register (padreId) is stored as
 * the register has it, looked up over HTTP, whatever the body says; one typed without a padreId keeps its parts and
 * a blank full name; an empty one clears the address. The parts' lengths are the shared rule's (EditUserBody).
 */
async function addressColumns(req: FastifyRequest, a: AddressBody) {
  const parts = {
    street: orNull(a.street),
    zipCode: orNull(a.zipCode),
    settlement: orNull(a.settlement),
    county: orNull(a.county),
    countyName: orNull(a.countyName),
    municipality: orNull(a.municipality),
    municipalityName: orNull(a.municipalityName),
  };
  const padreId = orNull(a.padreId);
  if (padreId) {
    const r = await registeredAddress(req.server.deps, padreId, 'address.padreId');
    return {
      address_padre_id: r.padreId,
      address_padre_full_name: r.padreFullName,
      address_street: r.street,
      address_zip_code: r.zipCode,
      address_city: r.settlement,
      address_county: r.county,
      address_county_name: r.countyName,
      address_municipality: r.municipality,
      address_municipality_name: r.municipalityName,
      address_country: 'EE',
    };
  }
  const any = Object.values(parts).some((v) => v !== null);
  return {
    address_padre_id: null,
    // spec 2 §5: without a padreId from the register the full name is blanked on save
    address_padre_full_name: any ? '' : null,
    address_street: parts.street,
    address_zip_code: parts.zipCode,
    address_city: parts.settlement,
    address_county: parts.county,
    address_county_name: parts.countyName,
    address_municipality: parts.municipality,
    address_municipality_name: parts.municipalityName,
    address_country: any ? 'EE' : null,
  };
}

export const editRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock } = app.deps;

  // the person's data is versioned (server/lib/versions.ts): the person and staff may edit it at the same time
  app.get('/edit/:userId', async (req, reply) => {
    const { person } = await targetPerson(req, 'self-or-staff');
    setETag(reply, person.settings_version);
    return userEditAnswer(person);
  });

  app.post('/edit/:userId', async (req, reply) => {
    const { session, person, self } = await targetPerson(req, 'self-or-staff');
    const body = parseOrThrow(EditUserBody, req.body, 'body', EDIT_LABELS);
    // the address block exists only for EE persons; another person's address is left as it is
    const address = body.address && hasAddressBlock(person) ? await addressColumns(req, body.address) : {};
    await db.transaction().execute(async (trx) => {
      await raisePersonVersion(trx, person.fgid, 'settings_version', ifMatchOf(req));
      const now = clock.now();
      // a new e-mail address: who set it decides whether a reset link may go there (email-owner.ts)
      const before = await personForChange(trx, person.fgid);
      await trx
        .updateTable('persons')
        .set({
          first_name: body.firstName,
          last_name: body.lastName,
          email: body.email,
          mobile: orNull(body.mobile),
          phone: orNull(body.phone),
          preferred_language: body.preferredLanguage.toUpperCase(),
          ...address,
          ...emailSetColumns(before, body.email, session, now),
        })
        .where('fgid', '=', person.fgid)
        .execute();
      await tellEmailChange(req, trx, before, body.email, session, now);
      // the user search finds people by name (server/routes/customer-search)
      if (body.firstName !== person.first_name || body.lastName !== person.last_name)
        await indexPerson(trx, person.fgid);
      if (!self) await audit(req, 'user-settings.edit', { subject: person.fgid, db: trx });
    });
    const saved = await db.selectFrom('persons').selectAll().where('fgid', '=', person.fgid).executeTakeFirstOrThrow();
    setETag(reply, saved.settings_version);
    return userEditAnswer(saved);
  });

  /**
   * Staff only (EDIT_ANY_USER). The link goes to the e-mail address the person has on file, never to one from the
   * body: a reset link sent to an address of the sender's choosing would hand them the account. For the same reason
   * it never goes to an address someone other than the person set less than a day ago (email-owner.ts).
   */
  const sendPasswordReset = async (req: FastifyRequest) => {
    const session = await requireSession(req);
    if (!session.privileges.includes('EDIT_ANY_USER')) throw forbidden();
    const body = parseOrThrow(ResetEmailBody, req.body, 'body', EDIT_LABELS);
    const person = await db.selectFrom('persons').selectAll().where('fgid', '=', body.fgid).executeTakeFirst();
    if (!person) throw notFound(`No user with id ${body.fgid}.`);
    const to = orNull(person.email);
    if (!to) throw badInput('email', 'the person has no e-mail address to send the link to; save one first');
    await refuseRecentlySetAddress(req, person, clock.now());
    await db.transaction().execute(async (trx) => {
      const key = await createPasswordResetKey(trx, clock, person.fgid, { invitedBy: session.fgid });
      const language = mailLanguage(person);
      const mail = passwordResetMail(language, {
        firstName: person.first_name,
        lastName: person.last_name,
        link: `${linkOrigin(req.server.deps.env)}/ui/user-add/reset-password/${key}`,
        hours: RESET_KEY_HOURS,
      });
      await sendMail(trx, req.server.deps, { to, kind: 'password-reset', language, ...mail });
      await audit(req, 'user-settings.reset-link', { subject: person.fgid, db: trx });
    });
    return { value: true };
  };
  app.post('/password/sendPasswordReset/', sendPasswordReset);
  app.post('/password/sendPasswordReset', sendPasswordReset);
  done();
};
