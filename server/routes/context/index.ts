/** /api/context/* — spec 1 §7 user context calls. */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ChangeLanguageBody, type UserContext } from '../../../domain/contract.js';
import {
  keptUserContext,
  loadRepresentedDetails,
  loadRepresentationRights,
  loadUserContext,
  UI_LANGUAGES,
  userContextJson,
  type LinkRow,
} from '../../context/build-user-context.js';
import { requireAlive } from '../../lib/application-status.js';
import { applicationLinks, type ApplicationLink } from '../../lib/external-applications.js';
import { requestAppsOrigin } from '../../security/headers.js';
import { forbidden, HttpError, notFound, parseOrThrow } from '../../lib/errors.js';
import { hasValidRole } from '../../../domain/rights/validity.js';
import { audit } from '../../audit/audit.js';
import { sendJsonText } from '../../lib/json-text.js';
import { requireXsrf } from '../../lib/xsrf.js';
import { requireRepresentedRight } from '../../context/represented-right.js';
import {
  invalidateSessionCache,
  knownSession,
  requireSelfOrPrivilege,
  requireSession,
  type Session,
} from '../../lib/session.js';

/** the same applications in the same order (what comparing their JSON said, without writing it per request) */
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export const GID = z
  .string()
  .regex(/^[A-Z]{2}[A-Z0-9]{4,30}$/, 'must be a customer or person id such as EPEE11000015 or EE48709050218');
export const FGID = z.string().regex(/^[A-Z]{2}[0-9A-Z]{4,30}$/, 'must be a person id such as EE48709050218');
export const UserDetailsQuery = z.object({ fgid: FGID.optional() });
export const ChangeRepresentedParams = z.object({ gid: GID });

export const contextRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, env } = app.deps;
  /**
   * The applications' addresses on their own origin, as the browser reaches them, from the rows read with
   * the context. Rows kept by the database layer are the same array until the database changes (server/db/prepared.ts
   * reuse), so the addresses are worked out once per such array and origin; new rows are a new array.
   */
  const links = new WeakMap<readonly LinkRow[], Map<string, Record<string, ApplicationLink>>>();
  const linksFor = (req: FastifyRequest) => (rows: readonly LinkRow[]) => {
    const origin = requestAppsOrigin(env, req);
    let byOrigin = links.get(rows);
    if (!byOrigin) links.set(rows, (byOrigin = new Map<string, Record<string, ApplicationLink>>()));
    let out = byOrigin.get(origin);
    if (!out) {
      out = applicationLinks(rows, env, origin);
      if (byOrigin.size >= 100) byOrigin.clear(); // the origin may come from the Host header: bounded
      byOrigin.set(origin, out);
    }
    return out;
  };

  /** Build the context and remember which dead applications this session has now seen. */
  async function contextFor(req: FastifyRequest, session: Session): Promise<UserContext> {
    const ctx = await loadUserContext(db, session, linksFor(req));
    // every context call acts for the represented party: its right is checked on the rights just read
    await requireRepresentedRight(req, session, ctx.epitPrincipal?.representationRightsCache);
    if (!sameList(ctx.deadApplications, session.deadSeen)) {
      const seen = JSON.stringify(ctx.deadApplications);
      await db.updateTable('sessions').set({ dead_seen: seen }).where('id', '=', session.id).execute();
      invalidateSessionCache(req);
    }
    return ctx;
  }

  // the JSON of an unchanged context is written once (userContextJson), not per request; the same bytes, and their
  // compressed forms (server/lib/json-text.ts, compressJsonStep: a browser asks for this on every page)
  app.get('/getUserContext', { compress: false, config: { compressJson: true } }, (req, reply) => {
    // the session and its context known without a query (kept rows, nothing to write): answered at once, no promise
    const session = knownSession(req);
    const kept = session ? keptUserContext(db, session, linksFor(req)) : undefined;
    if (session && kept && sameList(kept.deadApplications, session.deadSeen)) {
      sendJsonText(reply, userContextJson(kept));
      return;
    }
    return (async () => {
      const ctx = await contextFor(req, await requireSession(req));
      return sendJsonText(reply, userContextJson(ctx));
    })();
  });

  // "some authentication only" (spec 1 §3): no session needed, e.g. for user-add-edit
  app.get('/getSimpleUserContext', () => ({ uiLanguages: UI_LANGUAGES }));

  app.get('/getUserDetails', async (req) => {
    const session = await requireSession(req);
    const q = parseOrThrow(UserDetailsQuery, req.query, 'query');
    const fgid = q.fgid ?? session.fgid;
    requireSelfOrPrivilege(session, fgid, 'EDIT_ANY_USER');
    const p = await db.selectFrom('persons').selectAll().where('fgid', '=', fgid).executeTakeFirst();
    if (!p) throw notFound(`No user with id ${fgid}.`);
    return {
      address:
        p.address_street || p.address_city || p.address_padre_full_name
          ? {
              padreFullName: p.address_padre_full_name,
              street: p.address_street,
              zipCode: p.address_zip_code,
              city: p.address_city,
            }
          : null,
      mobile: p.mobile,
    };
  });

  app.get('/representedDetails', async (req) => {
    const session = await requireSession(req);
    await requireAlive(db, 'AXAPTA'); // details come from the back office
    if (!session.representedGid) return { value: null };
    await requireRepresentedRight(req, session);
    return { value: await loadRepresentedDetails(db, session.representedGid) };
  });

  app.get('/changeRepresented/:gid', async (req) => {
    const session = await requireSession(req);
    const { gid } = parseOrThrow(ChangeRepresentedParams, req.params, 'gid');
    await requireXsrf(req); // a GET that changes the session
    const rights = await loadRepresentationRights(db, session.fgid);
    if (!rights[gid]) throw forbidden(`You have no representation right for ${gid}.`);
    // only a right valid today opens a party (spec 1 §4 role validity, domain/rights/validity.ts)
    if (!hasValidRole(rights[gid], app.deps.clock.now()))
      throw new HttpError(
        403,
        'FORBIDDEN',
        `Your representation right for ${gid} has ended or is not active.`,
        undefined,
        'error.noRights',
      );
    await db.updateTable('sessions').set({ represented_gid: gid }).where('id', '=', session.id).execute();
    await audit(req, 'represented.change', { subject: gid });
    invalidateSessionCache(req);
    return contextFor(req, await requireSession(req));
  });

  app.post('/changeLanguage', async (req) => {
    const session = await requireSession(req);
    const body = parseOrThrow(ChangeLanguageBody, req.body);
    await db.updateTable('sessions').set({ language: body.value }).where('id', '=', session.id).execute();
    invalidateSessionCache(req);
    return { value: body.value };
  });

  // spec 1 §4: polled every 30 s; a value only when the dead set changed since this session last saw it
  app.get('/checkDeadApplications', async (req) => {
    const session = await requireSession(req);
    const ctx = await loadUserContext(db, session, linksFor(req));
    await requireRepresentedRight(req, session, ctx.epitPrincipal?.representationRightsCache);
    if (sameList(ctx.deadApplications, session.deadSeen)) return { value: null };
    return { value: await contextFor(req, session) };
  });
  done();
};
