/**
 * The represented party's right, checked on every call that acts for it (spec 1 §4 role validity): a right ended,
 * removed or made inactive by an administrator, or one whose end day has passed at midnight, ends the session's
 * representation at the next call, not when the person happens to switch. The session's represented party is cleared
 * and the call answers RIGHT_ENDED (domain/contract.ts), so the portal can say so and ask again.
 */
import type { FastifyRequest } from 'fastify';
import { RIGHT_ENDED, type RepresentationRight } from '../../domain/contract.js';
import { hasValidRole } from '../../domain/rights/validity.js';
import { audit } from '../audit/audit.js';
import { HttpError } from '../lib/errors.js';
import { invalidateSessionCache, type Session } from '../lib/session.js';
import { loadRepresentationRights } from './build-user-context.js';

/** The failure a call answers when the represented party's right has ended. */
export const rightEnded = (gid: string) =>
  new HttpError(
    RIGHT_ENDED.status,
    RIGHT_ENDED.code,
    `Your right to act for ${gid} has ended; choose again whom you represent.`,
    undefined,
    RIGHT_ENDED.messageKey,
  );

/**
 * Throws RIGHT_ENDED, after clearing the session's represented party, when the session acts for a party in which
 * the person holds no right valid today (app clock). Nothing happens while nobody is represented.
 */
export async function requireRepresentedRight(
  req: FastifyRequest,
  session: Session,
  /** the person's rights when the caller has just read them (the user context), else read here */
  known?: Record<string, RepresentationRight>,
): Promise<void> {
  const gid = session.representedGid;
  if (!gid) return;
  const { db, clock } = req.server.deps;
  const rights = known ?? (await loadRepresentationRights(db, session.fgid));
  if (hasValidRole(rights[gid], clock.now())) return;
  // only this party: a switch made meanwhile in another tab of the same session is that tab's choice
  await db
    .updateTable('sessions')
    .set({ represented_gid: null })
    .where('id', '=', session.id)
    .where('represented_gid', '=', gid)
    .execute();
  invalidateSessionCache(req);
  await audit(req, 'represented.ended', { subject: gid });
  throw rightEnded(gid);
}
