/**
 * The checks before any page or API call of an application: the console's switches, a session (else a silent
 * sign-on through CAS), and the frame URL's `guid` checked with the portal (`GET /api/apps/access`, the portal's own
 * representee rule): a guid is only a request, so a forged one shows access denied, never another customer's data.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessGranted, AppSwitches } from '../lib/apps-protocol.js';
import type { AppDefinition, AppsDeps } from './definitions.js';
import { PortalUnavailableError } from './portal-link.js';
import { ApiError, langOf, sendMessage } from './replies.js';
import { findSession, type AppUser } from './sessions.js';
import { signedInUser } from './sign-on.js';
import { switchesForApi, switchesForPage } from './switches.js';
import type { AppLang } from './texts.js';

const GUID = /^[A-Z]{2}[A-Z0-9]{4,30}$/;

export interface PageGate {
  user: AppUser;
  lang: AppLang;
  switches: AppSwitches;
}
export interface PartyGate extends PageGate {
  guid: string;
  access: AccessGranted;
}

/**
 * The checks before any page of an application: maintenance (dead), slowness, a session (else a silent sign-on
 * through CAS, `gateway=true`), and — with `party` — the frame URL's `guid` checked with the portal.
 * Null when it has already answered (a redirect or a message page).
 */
export async function gatePage(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: AppDefinition,
  opts: { party: true },
): Promise<PartyGate | null>;
export async function gatePage(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: AppDefinition,
  opts: { party: false },
): Promise<PageGate | null>;
export async function gatePage(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppsDeps,
  def: AppDefinition,
  opts: { party: boolean },
): Promise<PageGate | PartyGate | null> {
  const switches = await switchesForPage(req, reply, deps, def);
  if (!switches) return null;
  const user = await signedInUser(req, reply, deps, def);
  if (!user) return null;
  const lang = langOf(req);
  if (!opts.party) return { user, lang, switches };
  const guid = (req.query as Record<string, unknown>).guid;
  const person = `${user.first_name} ${user.last_name}`.trim() || user.fgid;
  if (typeof guid !== 'string' || !GUID.test(guid)) {
    await sendMessage(req, reply, deps, def, 'noParty', { lang, who: { person } });
    return null;
  }
  try {
    const access = await deps.portal.access(def.application, user.fgid, guid);
    if (!access.allowed) {
      req.log.warn({ application: def.application, fgid: user.fgid, guid, reason: access.reason }, 'access denied');
      await sendMessage(req, reply, deps, def, 'denied', { lang, who: { person } });
      return null;
    }
    return { user, lang, switches, guid, access };
  } catch (err) {
    if (!(err instanceof PortalUnavailableError)) throw err;
    req.log.error(err);
    await sendMessage(req, reply, deps, def, 'unavailable', { lang });
    return null;
  }
}

/** The same checks for the application's JSON API: the guid in the query, checked with the portal. */
export async function gateApi(req: FastifyRequest, deps: AppsDeps, def: AppDefinition): Promise<PartyGate> {
  const switches = await switchesForApi(deps, def);
  const user = await findSession(req, deps, def);
  if (!user) throw new ApiError(401, 'SIGNED_OUT');
  const guid = (req.query as Record<string, unknown>).guid;
  if (typeof guid !== 'string' || !GUID.test(guid)) throw new ApiError(400, 'GUID_REQUIRED');
  let access;
  try {
    access = await deps.portal.access(def.application, user.fgid, guid);
  } catch (err) {
    if (err instanceof PortalUnavailableError) throw new ApiError(502, 'PORTAL_UNAVAILABLE');
    throw err;
  }
  if (!access.allowed) throw new ApiError(403, 'DENIED');
  return { user, lang: langOf(req), switches, guid, access };
}

/** A change through the API must carry the page's token (the session cookie alone is no proof of intent). */
export function requireCsrf(req: FastifyRequest, user: AppUser): void {
  if (req.headers['x-csrf-token'] !== user.csrf) throw new ApiError(403, 'CSRF');
}
