/**
 * After a password is set, changed or reset, whoever knew the old one must not stay signed on: every other portal
 * session of the person ends, every other sign-on session (ticket-granting ticket) ends with single logout to the
 * services it signed on (CAS 3.0 §2.3.3, so the demo applications' sessions end too), unused service tickets go,
 * and every other reset or invitation key of the person stops working. The session that made the change stays,
 * with the sign-on session it was opened under, so the person is not thrown out by their own change.
 */
import type { FastifyRequest } from 'fastify';
import { isRegisteredService } from '../cas/registry.js';
import { sendLogoutRequests } from '../cas/slo.js';
import { destroyTgt } from '../cas/tickets.js';
import { writeAudit } from '../audit/audit.js';
import { invalidateSessionCache } from '../lib/session.js';

export async function endOtherSignOns(
  req: FastifyRequest,
  fgid: string,
  keep: { sessionId: string | null },
): Promise<void> {
  const { db, clock, env } = req.server.deps;
  const kept = keep.sessionId
    ? await db
        .selectFrom('sessions')
        .leftJoin('cas_tickets', 'cas_tickets.ticket', 'sessions.sso_ticket')
        .select('cas_tickets.tgt_id')
        .where('sessions.id', '=', keep.sessionId)
        .executeTakeFirst()
    : undefined;
  const keepTgt = kept?.tgt_id ?? null;

  let tgts = db.selectFrom('cas_tgts').select('id').where('person_fgid', '=', fgid);
  if (keepTgt) tgts = tgts.where('id', '!=', keepTgt);
  const issued = [];
  for (const { id } of await tgts.execute()) issued.push(...(await destroyTgt(db, id)));

  let unused = db.deleteFrom('cas_tickets').where('person_fgid', '=', fgid).where('used', '=', 0);
  if (keepTgt) unused = unused.where((eb) => eb.or([eb('tgt_id', 'is', null), eb('tgt_id', '!=', keepTgt)]));
  await unused.execute();

  let sessions = db.deleteFrom('sessions').where('person_fgid', '=', fgid);
  if (keep.sessionId) sessions = sessions.where('id', '!=', keep.sessionId);
  const ended = await sessions.executeTakeFirst();

  await db
    .updateTable('password_reset_keys')
    .set({ used_at: clock.now().toISOString() })
    .where('person_fgid', '=', fgid)
    .where('used_at', 'is', null)
    .execute();
  invalidateSessionCache(req);

  await sendLogoutRequests(
    req.server.deps,
    issued.filter((i) => isRegisteredService(env, i.service)),
  );
  await writeAudit(db, clock, {
    event: 'credentials.changed',
    actorFgid: fgid,
    address: req.ip,
    detail: { sessionsEnded: Number(ended.numDeletedRows), signOnsEnded: issued.length },
  });
}
