/**
 * The preferences tab and the rights it offers (spec 2 §2 "Preferences view", §3 "Preference", §4, §5, §6, §7):
 *   GET  /api/user-settings/preferences/{userId}
 *   POST /api/user-settings/preferences/{userId}
 *   GET  /api/user-settings/rights/{userId}
 * See index.ts for the request and answer of each.
 *
 * A saved preference is checked with the rules the form uses (domain/user-settings/preferences.ts): the
 * service is read back from the URL (package-private: one of the server's own package-private URLs; logistics: the
 * §4 service URL, private or business as the represented party is), and the represented party must be one the person
 * may choose for that service today. The context reads the stored preference at every call (server/context), so the
 * next login's root redirect uses it; there is no server-side preference cache for §4 "Internal users do not update
 * the cached preference" to skip: that rule is the portal's (its session keeps the principal's userPreference).
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  DOMAINS,
  LANGUAGES,
  NOPREFERENCE,
  type Preference,
  type RepresentationRight,
} from '../../../domain/contract.js';
import {
  isRepresentedAllowed,
  PreferenceBody,
  serviceOfUrl,
  type UserRightsAnswer,
} from '../../../domain/user-settings/index.js';
import { loadRepresentationRights } from '../../context/build-user-context.js';
import { audit } from '../../audit/audit.js';
import { badInput, parseOrThrow } from '../../lib/errors.js';
import { packagePrivateUrl } from '../../lib/external-applications.js';
import { originOf, type PersonRow } from '../../lib/session.js';
import { targetPerson } from './access.js';
import { ifMatchOf, raisePersonVersion, setETag } from '../../lib/versions.js';

const preferenceOf = (p: PersonRow): Preference => ({
  representedId: p.pref_represented,
  serviceUrl: p.pref_service_url,
});

/** Every package-private URL this server hands out (any domain, any language). */
function packagePrivateUrls(req: FastifyRequest): Record<string, string> {
  return Object.fromEntries(
    DOMAINS.flatMap((d) => LANGUAGES.map((l) => [`${d}-${l}`, packagePrivateUrl(d, l, req)] as const)),
  );
}

/**
 * spec 2 §4 service URL of a non-package service: [origin]/…/ui/{private|business}/{domain}/{language}/{service}.
 * The origin, when given, must be the portal's own: every later login follows a saved preference, so a URL of
 * another site (or `//host/…`, `/\host/…`, which browsers read as one) would send people off-site.
 */
const SERVICE_URL =
  /^(?<origin>https?:\/\/[^/\s?#\\]+)?(?!\/[/\\])(?:\/[^\s?#\\]*)?\/ui\/(?<kind>private|business)\/(ee|lv|lt)\/(et|en|ru|lv|lt)\/(LOGISTICS|OSS|FINANCE)$/;

/**
 * The service a preference names, checked with the rules the form uses (domain/user-settings/preferences.ts):
 * NOPREFERENCE, one of this server's package-private URLs, or an in-portal LOGISTICS or FINANCE address of the kind the
 * represented party is (private or business), for a party the person may choose for it today. Anything else is a
 * 400 naming the field. `rights` are the person's, with any party the request may add (an invitation's customer).
 */
export function checkedPreferenceService(
  req: FastifyRequest,
  preference: { representedId: string | null; serviceUrl: string | null },
  rights: readonly RepresentationRight[],
  fields: { representedId: string; serviceUrl: string } = { representedId: 'representedId', serviceUrl: 'serviceUrl' },
): string {
  const serviceUrl = preference.serviceUrl ?? NOPREFERENCE;
  const representedId = preference.representedId ?? NOPREFERENCE;
  const service = serviceOfUrl(serviceUrl, packagePrivateUrls(req));
  if (!service) throw badInput(fields.serviceUrl, 'is not the address of a service the preferences offer');
  if (!isRepresentedAllowed(representedId, service, rights, req.server.deps.clock.now()))
    throw badInput(fields.representedId, `is not a party that may be chosen for ${service}`);
  if (service === 'LOGISTICS' || service === 'FINANCE') {
    const m = SERVICE_URL.exec(serviceUrl);
    const represented = rights.find((r) => r.gid === representedId);
    const kind = !represented || represented.isPerson ? 'private' : 'business';
    if (!m || (m.groups?.origin !== undefined && m.groups.origin !== originOf(req)))
      throw badInput(fields.serviceUrl, `must be a portal service address such as /ui/business/ee/et/${service}`);
    if (m.groups?.kind !== kind)
      throw badInput(fields.serviceUrl, `must be the ${kind} address for this represented party`);
  }
  if (service === NOPREFERENCE && serviceUrl !== NOPREFERENCE)
    throw badInput(fields.serviceUrl, `must be ${NOPREFERENCE} without a service`);
  return service;
}

export const preferencesRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db } = app.deps;

  app.get('/preferences/:userId', async (req, reply): Promise<Preference> => {
    const { person } = await targetPerson(req, 'self-or-staff');
    setETag(reply, person.preferences_version);
    return preferenceOf(person);
  });

  app.post('/preferences/:userId', async (req, reply): Promise<Preference> => {
    const { person, self } = await targetPerson(req, 'self-or-staff');
    const body = parseOrThrow(PreferenceBody, req.body);
    const rights = Object.values(await loadRepresentationRights(db, person.fgid));
    const service = checkedPreferenceService(req, body, rights);
    const version = await db.transaction().execute(async (trx) => {
      await raisePersonVersion(trx, person.fgid, 'preferences_version', ifMatchOf(req));
      await trx
        .updateTable('persons')
        .set({ pref_represented: body.representedId, pref_service: service, pref_service_url: body.serviceUrl })
        .where('fgid', '=', person.fgid)
        .execute();
      if (!self) await audit(req, 'user-settings.preferences', { subject: person.fgid, db: trx });
      const row = trx.selectFrom('persons').select('preferences_version').where('fgid', '=', person.fgid);
      return (await row.executeTakeFirstOrThrow()).preferences_version;
    });
    setETag(reply, version);
    return { representedId: body.representedId, serviceUrl: body.serviceUrl };
  });

  app.get('/rights/:userId', async (req): Promise<UserRightsAnswer> => {
    const { person } = await targetPerson(req, 'self-or-staff');
    return { value: await loadRepresentationRights(db, person.fgid) };
  });
  done();
};
