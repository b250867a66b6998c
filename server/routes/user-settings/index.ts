/**
 * /api/user-settings/* — user settings (spec 2 §2–§9). Bodies and answers are the shared zod schemas of
 * domain/user-settings (schemas.ts; field rules in fields.ts), validated here with the same rules.
 * Every call needs a session (401 UNAUTHENTICATED). {userId} is a person's fgid, e.g. EE48709050218 (400 otherwise).
 * Who: "self/staff" = the person themself or staff with EDIT_ANY_USER; anyone else 403 { code: 'FORBIDDEN' }
 * (before anything is read); an unknown person 404 NOT_FOUND. Bad input: 400 { code: 'BAD_INPUT',
 * serviceErrorMessage: '<field>: <sentence>', fields: { <field>: <sentence> } } and nothing changes. Each change is
 * one transaction.
 *
 * GET  edit/{userId}                       self/staff → UserEditAnswer { id, firstName, lastName, email, phone, mobile,
 *        preferredLanguage (EST…|null), personalCode, personalCodeCountry, address: { settlement, padreId,
 *        padreFullName, county, countyName, municipality, municipalityName, street, zipCode, disabled, showGazetter } }
 *        (address is always an object; disabled/showGazetter from the personal-code country: empty or EE shows it).
 * POST edit/{userId}                       self/staff, body EditUserBody → the stored UserEditAnswer.
 *        address: null or for a non-EE person: left as stored. With padreId: looked up in the address register and
 *        stored as the register has it (400 address.padreId when unknown; 502 ADDRESS_REGISTER_UNREACHABLE). Without
 *        padreId: the typed parts are kept and padreFullName is stored '' (spec 2 §5); all parts empty clears it.
 *        phone/mobile '' are stored as null. A name change updates the user search. A new e-mail address records
 *        who set it and when, is audited (user-settings.email-change) and is told to the old address (email-owner.ts).
 * POST password/sendPasswordReset/         staff only (EDIT_ANY_USER, else 403), body ResetEmailBody → { value: true }.
 *        The key is valid 24 h on the server's clock; the e-mail goes to the outbox (/sim/), to the address the person
 *        has ON FILE (never the body's; 400 email when there is none), in the person's preferred_language (et, en, ru,
 *        lv, lt; by country when none), link `${origin}/ui/user-add/reset-password/<key>`. 409 EMAIL_RECENTLY_SET
 *        (messageKey user-settings.reset.emailRecentlySet, audited, nothing sent) when someone other than the person
 *        set that address less than 24 hours ago on the server's clock.
 * GET  roles/clientapp/{OSS|PERIODICALS}/{userId}   self/staff → RoleListItem[] (a plain list) { customerId, name,
 *        application, roleId, begin, end (DD.MM.YYYY, end null = unlimited), notActive }, one per represented customer
 *        (the person's own private entry left out), ordered by name. Validity is the client's (spec 2 §4): the list
 *        holds ended and future roles too. 503 ROLE_LOAD_FAILED when the simulator console switch is on
 *        (POST /sim/api/roles/load-failure/{OSS|PERIODICALS} { fail: true }), 503 <APP>_DEAD when it is dead.
 *        PERIODICALS: spec 2 §7 says the PERIODICALS customer call is disabled (the portal never asks the periodicals
 *        application); this server answers it from its own role rows, the same rows as rights/{userId}'s
 *        userRoleList. Role names and the main role (primary): GET /api/roles-and-packets/clientapp/{app}.
 * GET  password/{userId}                   self only (staff too: 403 for another person) → { username,
 *        passwordUsed, canDisablePassword } (password.ts says when canDisablePassword holds).
 * POST password/{userId}                   self only, body PasswordBody → { errorType: null } or { errorType: 'UNIQUE' }
 *        (username taken, case-insensitively, by someone else: nothing saved). { passwordUsed: false }: the password
 *        login ends (the sign-on refuses it; 400 passwordUsed when canDisablePassword is false). { passwordUsed: true,
 *        username, password? }: password absent keeps the current one (400 password when there is none). A person
 *        who has a password sends it as currentPassword with either (400 currentPassword when absent or wrong, a
 *        failed sign-on of the username for the throttle; 429 TOO_MANY_ATTEMPTS while it waits); nothing changes.
 * GET  preferences/{userId}                self/staff → Preference { representedId, serviceUrl } (null, null: none).
 * POST preferences/{userId}                self/staff, body PreferenceBody → the stored Preference. The service is read
 *        from serviceUrl (serviceOfUrl): NOPREFERENCE, one of this server's package-private URLs (any domain and
 *        language), or the §4 service URL …/ui/{private|business}/{ee|lv|lt}/{lang}/{LOGISTICS|FINANCE} with private
 *        exactly when the party is NOPREFERENCE or a person. representedId must pass isRepresentedAllowed for that
 *        service today. 400 serviceUrl / representedId otherwise.
 * GET  rights/{userId}                     self/staff → { value: { [gid]: RepresentationRight } } (as the context's
 *        representationRightsCache: every right with every role, ended and future ones included).
 * GET  service-urls                        any session → { value: { EE, LV, LT: package-private URL } }.
 * Address autocomplete: /api/address/search and /api/address/{padreId} (server/routes/address, domain/address.ts).
 */
import type { FastifyPluginCallback } from 'fastify';
import { DOMAINS } from '../../../domain/contract.js';
import { language2 } from '../../context/build-user-context.js';
import { packagePrivateUrl } from '../../lib/external-applications.js';
import { requireSession } from '../../lib/session.js';
import { editRoutes } from './edit.js';
import { passwordRoutes } from './password.js';
import { preferencesRoutes } from './preferences.js';
import { rolesRoutes } from './roles.js';

export const userSettingsRoutes: FastifyPluginCallback = (app, _opts, done) => {
  app.get('/service-urls', async (req) => {
    const session = await requireSession(req);
    const lang = language2(session.language);
    return { value: Object.fromEntries(DOMAINS.map((d) => [d, packagePrivateUrl(d, lang, req)])) };
  });
  // the tabs, one file each (static paths such as password/sendPasswordReset/ win over password/{userId})
  for (const tab of [editRoutes, rolesRoutes, passwordRoutes, preferencesRoutes]) void app.register(tab);
  done();
};
