/**
 * The preferences tab and the rights it offers (spec 2 §2 "Preferences view", §3 "Preference", §4, §5, §6, §7):
 *   GET  /api/user-settings/preferences/{userId}
 *   POST /api/user-settings/preferences/{userId}
 *   GET  /api/user-settings/rights/{userId}
 * See index.ts for the request and answer of each.
 *
 * A saved preference is checked with the rules the form uses (machines/lib/user-settings/preferences.ts): the
 * service is read back from the URL (package-private: one of the server's own package-private URLs; logistics: the
 * §4 service URL, private or business as the represented party is), and the represented party must be one the person
 * may choose for that service today. The context reads the stored preference at every call (server/context), so the
 * next login's root redirect uses it; there is no server-side preference cache for §4 "Internal users do not update
 * the cached preference" to skip: that rule is the portal's (its session keeps the principal's userPreference).
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { DOMAINS, LANGUAGES, NOPREFERENCE, type Preference } from '../../../machines/lib/contract.js';
import {
  isRepresentedAllowed,
  PreferenceBody,
  serviceOfUrl,
  type UserRightsAnswer,
} from '../../../machines/lib/user-settings/index.js';
import { loadRepresentationRights } from '../../context/build-user-context.js';
import { audit } from '../../audit/audit.js';
import { badInput, parseOrThrow } from '../../lib/errors.js';
import { packagePrivateUrl } from '../../lib/external-applications.js';
import type { PersonRow } from '../../lib/session.js';
import { targetPerson } from './access.js';

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

/** spec 2 §4 service URL of a non-package service: [origin]/…/ui/{private|business}/{domain}/{language}/{service} */
const SERVICE_URL =
  /^(?:https?:\/\/[^/\s?#]+)?(?:\/[^\s?#]*)?\/ui\/(private|business)\/(ee|lv|lt)\/(et|en|ru|lv|lt)\/(LOGISTICS|OSS)$/;

export const preferencesRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock } = app.deps;

  app.get('/preferences/:userId', async (req): Promise<Preference> => {
    const { person } = await targetPerson(req, 'self-or-staff');
    return preferenceOf(person);
  });

  app.post('/preferences/:userId', async (req): Promise<Preference> => {
    const { person, self } = await targetPerson(req, 'self-or-staff');
    const body = parseOrThrow(PreferenceBody, req.body);
    const service = serviceOfUrl(body.serviceUrl, packagePrivateUrls(req));
    if (!service) throw badInput('serviceUrl', 'is not the address of a service the preferences offer');
    const rights = Object.values(await loadRepresentationRights(db, person.fgid));
    if (!isRepresentedAllowed(body.representedId, service, rights, clock.now()))
      throw badInput(
        'representedId',
        `is not a party ${person.first_name} ${person.last_name} may choose for ${service}`,
      );
    if (service === 'LOGISTICS') {
      const m = SERVICE_URL.exec(body.serviceUrl);
      const represented = rights.find((r) => r.gid === body.representedId);
      const kind = !represented || represented.isPerson ? 'private' : 'business';
      if (!m) throw badInput('serviceUrl', 'must be a service address such as /ui/business/ee/et/LOGISTICS');
      if (m[1] !== kind) throw badInput('serviceUrl', `must be the ${kind} address for this represented party`);
    }
    if (service === NOPREFERENCE && body.serviceUrl !== NOPREFERENCE)
      throw badInput('serviceUrl', `must be ${NOPREFERENCE} without a service`);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('persons')
        .set({ pref_represented: body.representedId, pref_service: service, pref_service_url: body.serviceUrl })
        .where('fgid', '=', person.fgid)
        .execute();
      if (!self) await audit(req, 'user-settings.preferences', { subject: person.fgid, db: trx });
    });
    return { representedId: body.representedId, serviceUrl: body.serviceUrl };
  });

  app.get('/rights/:userId', async (req): Promise<UserRightsAnswer> => {
    const { person } = await targetPerson(req, 'self-or-staff');
    return { value: await loadRepresentationRights(db, person.fgid) };
  });
  done();
};
