/**
 * /api/apps/* — the portal's side of the external applications (the protocol is server/lib/apps-protocol.ts).
 *
 *   GET /api/apps/access?application=OSS&person=<fgid>&guid=<gid>     Authorization: Bearer <APPS_SECRET>
 *       For an application's server (never a browser): may the person use the application for the represented party
 *       `guid`? The portal's own rule (domain/external checkRepresentee: a valid role, NO_REPRESENTEE only in
 *       OSS and only for themself, the profile-code and company rules; invoicing management only for a FINANCE role
 *       valid today or the customer's main administrator). 200 { value: { allowed: true, person, party,
 *       roleId, roleNames } } or { value: { allowed: false, reason } }; 401 without the secret.
 *   GET /api/apps/finance/status[?customerId=<gid>]                   the portal's session
 *       The finance special status of the represented customer (or of `customerId`, one of the caller's rights that
 *       holds invoicing management: 403 otherwise), asked of invoicing management over HTTP: 200 { status: null |
 *       PACKET_NOT_FOUND | CUSTOMER_NOT_FOUND | UNAVAILABLE }; 502 FINANCE_UNREACHABLE when it cannot be asked (the
 *       portal then asks for a manual refresh).
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LANGUAGES } from '../../../domain/contract.js';
import { checkRepresentee, externalHeader, roleNameFor } from '../../../domain/external/index.js';
import { currentRight, hasValidRole, holdsFinance, roleFor } from '../../../domain/rights/index.js';
import { buildUserContext, loadRepresentationRights } from '../../context/build-user-context.js';
import { requireRepresentedRight } from '../../context/represented-right.js';
import {
  type AccessAnswer,
  EXTERNAL_APPLICATIONS,
  FinanceStatusAnswer,
  bearer,
  holdsSecret,
} from '../../lib/apps-protocol.js';
import { badInput, forbidden, HttpError, parseOrThrow, unauthenticated } from '../../lib/errors.js';
import { loadApplicationLinks } from '../../lib/external-applications.js';
import { appsInternalOrigin } from '../../lib/origins.js';
import { requestAppsOrigin } from '../../security/headers.js';
import { requireSession, type Session } from '../../lib/session.js';
import { FGID, GID } from '../context/index.js';
import { loadRolesAndPackets } from '../roles-and-packets/index.js';

function requireAppSecret(req: FastifyRequest): void {
  if (!holdsSecret(req.headers.authorization, req.server.deps.env.apps.secret))
    throw unauthenticated('Only an external application with the shared secret may ask this.');
}

export const AccessQuery = z.object({ application: z.enum(EXTERNAL_APPLICATIONS), person: FGID, guid: GID });
export const FinanceStatusQuery = z.object({ customerId: GID.optional() });

export const appsRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock, env } = app.deps;

  app.get('/access', async (req): Promise<AccessAnswer> => {
    requireAppSecret(req);
    const q = parseOrThrow(AccessQuery, req.query, 'query');
    const person = await db
      .selectFrom('persons')
      .selectAll()
      .where('fgid', '=', q.person)
      .where('not_active', '=', 0)
      .executeTakeFirst();
    if (!person) return { value: { allowed: false, reason: 'UNKNOWN_PERSON' } };
    // the person as if acting for `guid` in the portal: the same context, so the same rule decides
    const session: Session = {
      id: '',
      fgid: person.fgid,
      representedGid: q.guid,
      language: person.preferred_language ?? 'EST',
      deadSeen: [],
      person,
      privileges: JSON.parse(person.privileges) as string[],
      isStaff: person.auth_channel === 'IN_AD',
    };
    const ctx = await buildUserContext(db, session, await loadApplicationLinks(db, env, requestAppsOrigin(env, req)));
    // a guid that is none of the person's representation rights (a forged frame URL), or a right that has ended or
    // is not active: the portal would not let the person choose that party (context/changeRepresented), and an
    // application's data is no more open than the portal
    const right = ctx.epitPrincipal?.representationRightsCache[q.guid];
    if (!right) return { value: { allowed: false, reason: 'NO_RIGHT' } };
    if (!hasValidRole(right, clock.now())) return { value: { allowed: false, reason: 'illegal.represented' } };
    const rolesAndPackets = await loadRolesAndPackets(db, q.application);
    const customer = await db
      .selectFrom('customers')
      .select('user_profile_code')
      .where('jgid', '=', q.guid)
      .executeTakeFirst();
    const check = checkRepresentee({
      ctx,
      application: q.application,
      today: clock.now(),
      profileCode: customer?.user_profile_code ?? null,
      rolesAndPackets,
    });
    if (!check.valid) return { value: { allowed: false, reason: check.messageKey } };
    // NO_REPRESENTEE acts for themself: a guid naming anyone else is not theirs to open
    if (check.guid !== q.guid) return { value: { allowed: false, reason: 'illegal.represented' } };
    const principal = ctx.epitPrincipal;
    const header = externalHeader(ctx, q.application);
    const roleNames: Record<string, string> = {};
    for (const language of LANGUAGES) {
      const name = roleNameFor({ principal, application: q.application, rolesAndPackets, language });
      if (name) roleNames[language] = name;
    }
    return {
      value: {
        allowed: true,
        person: { fgid: person.fgid, firstName: person.first_name, lastName: person.last_name },
        party: {
          gid: q.guid,
          name: header.representedName ?? q.guid,
          isPerson: check.isPerson,
          code: header.code,
        },
        roleId: roleFor(currentRight(principal), q.application)?.roleId ?? null,
        roleNames,
      },
    };
  });

  app.get('/finance/status', async (req) => {
    const session = await requireSession(req);
    const q = parseOrThrow(FinanceStatusQuery, req.query, 'query');
    const customerId = q.customerId ?? session.representedGid;
    if (!customerId) throw badInput('customerId', 'is required while nobody is represented');
    if (customerId === session.representedGid) await requireRepresentedRight(req, session);
    const rights = await loadRepresentationRights(db, session.fgid);
    // the portal's FINANCE entry asks this first: only someone whose right holds invoicing management today may
    if (!holdsFinance(rights[customerId], clock.now()))
      throw forbidden(`You have no right to invoicing management valid today for ${customerId}.`);
    const links = await loadApplicationLinks(db, env, appsInternalOrigin(env));
    const url = new URL('api/status', links.FINANCE.baseUrl);
    url.searchParams.set('customerId', customerId);
    let answer: FinanceStatusAnswer;
    try {
      const res = await app.deps.fetch(url, {
        headers: { authorization: bearer(env.apps.secret), accept: 'application/json' },
        signal: AbortSignal.timeout(env.roleRequestTimeout),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      answer = FinanceStatusAnswer.parse(await res.json());
    } catch (err) {
      req.log.warn({ err, url: url.toString() }, 'finance status could not be read');
      throw new HttpError(
        502,
        'FINANCE_UNREACHABLE',
        'Invoicing management cannot be reached. Please try again later.',
      );
    }
    return answer;
  });

  done();
};
