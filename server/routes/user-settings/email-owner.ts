/**
 * Whose e-mail address a reset link may go to. A password reset link (spec 2 §2 "Edit view", §8) goes to the
 * address the person has on file; whoever may change that address (the person, or staff with EDIT_ANY_USER) could
 * otherwise put their own address there, have a link sent, put the old one back and sign on as the person. So:
 * - every change records who set the address and when (persons.email_set_by/email_set_at, migration 0300), is
 *   written to the audit log, and is told to the OLD address, with who and when, in the person's language;
 * - no link goes to an address someone other than the person set less than EMAIL_HOLD_HOURS ago on the server's
 *   clock: the send is refused (409 EMAIL_RECENTLY_SET, the catalogue's message), changes nothing and is audited.
 *   The day gives the person, told at the old address, time to act. An address the person set themself is theirs
 *   at once.
 */
import type { FastifyRequest } from 'fastify';
import { LANGUAGE2, type Language } from '../../../domain/contract.js';
import { audit } from '../../audit/audit.js';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';
import { HttpError } from '../../lib/errors.js';
import { sendMail } from '../../lib/mail.js';
import { emailChangedMail } from '../../lib/mail-texts/email-changed.js';
import type { PersonRow, Session } from '../../lib/session.js';

const EMAIL_HOLD_HOURS = 24;

/** The person's language of communication as a portal language; by country when they have none. */
export function mailLanguage(p: Pick<PersonRow, 'preferred_language' | 'country'>): Language {
  const own = p.preferred_language ? LANGUAGE2[p.preferred_language.toUpperCase()] : undefined;
  if (own) return own;
  return p.country === 'LV' ? 'lv' : p.country === 'LT' ? 'lt' : 'et';
}

/**
 * The person's row as it is now, within `trx`; on PostgreSQL locked until the transaction ends, so of two changes at
 * once the second sees the first's address (and tells it, as the old one).
 */
export async function personForChange(trx: Db, fgid: string): Promise<PersonRow> {
  const read = trx.selectFrom('persons').selectAll().where('fgid', '=', fgid);
  return (isPostgres(trx) ? read.forUpdate() : read).executeTakeFirstOrThrow();
}

/**
 * The columns that record who set `email`, when it differs from the address `before` has (nothing when it stays).
 * Write them in the same update as the address.
 */
export function emailSetColumns(before: PersonRow, email: string, session: Session, now: Date) {
  if (email === before.email) return {};
  return { email_set_by: session.fgid, email_set_at: now.toISOString() };
}

/**
 * After an address change, within the same transaction: the audit row (who, from, to) and the notice to the old
 * address. No notice when the person had no address.
 */
export async function tellEmailChange(
  req: FastifyRequest,
  trx: Db,
  before: PersonRow,
  email: string,
  session: Session,
  now: Date,
): Promise<void> {
  if (email === before.email) return;
  const self = session.fgid === before.fgid;
  await audit(req, 'user-settings.email-change', {
    db: trx,
    actorFgid: session.fgid,
    subject: before.fgid,
    detail: { self, from: before.email, to: email },
  });
  const old = before.email?.trim();
  if (!old) return;
  const language = mailLanguage(before);
  const mail = emailChangedMail(language, {
    firstName: before.first_name,
    lastName: before.last_name,
    changedBy: `${session.person.first_name} ${session.person.last_name}`,
    self,
    at: now,
    newAddress: email,
  });
  await sendMail(trx, req.server.deps, { to: old, kind: 'email-changed', language, ...mail });
}

const EMAIL_RECENTLY_SET_TEXT =
  "The reset link was not sent: this e-mail address was set by someone other than the person less than 24 hours ago. For the person's safety, a link can be sent to it only 24 hours after the change.";

/**
 * Refuses (409, audited, nothing else written) a reset link to an address someone other than the person set less
 * than EMAIL_HOLD_HOURS ago.
 */
export async function refuseRecentlySetAddress(req: FastifyRequest, person: PersonRow, now: Date): Promise<void> {
  const by = person.email_set_by;
  const at = person.email_set_at ? Date.parse(person.email_set_at) : NaN;
  if (!by || by === person.fgid || !(now.getTime() - at < EMAIL_HOLD_HOURS * 3_600_000)) return;
  await audit(req, 'user-settings.reset-link', {
    outcome: 'refused',
    subject: person.fgid,
    detail: { reason: 'email-recently-set', emailSetBy: by, emailSetAt: person.email_set_at },
  });
  throw new HttpError(
    409,
    'EMAIL_RECENTLY_SET',
    EMAIL_RECENTLY_SET_TEXT,
    undefined,
    'user-settings.reset.emailRecentlySet',
  );
}
