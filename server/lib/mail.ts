/**
 * Every mail the portal writes goes to the outbox table first, in the transaction of what caused it (a reset key and
 * its mail are saved together or not at all). With SMTP_URL set the row waits there as `pending` until the mail
 * sender of some portal process sends it (server/lib/mail-sender.ts), so no request waits for a mail server; without
 * it the row is only `kept`. The simulators' console (/sim/, test and dev run modes) shows every row either way.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '../../domain/contract.js';
import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import type { Clock } from './clock.js';

export interface Mail {
  to: string;
  subject: string;
  body: string;
  kind: string;
  /** the language the mail is written in (the person's language of communication), sent as Content-Language */
  language: Language;
}

/** The right part of the Message-ID (RFC 5322 §3.6.4): the domain of MAIL_FROM, which the portal's mail is from. */
function messageIdDomain(from: string | null): string {
  const address = from?.match(/<([^>]+)>\s*$/)?.[1] ?? from ?? '';
  return address.slice(address.lastIndexOf('@') + 1) || 'epit.invalid';
}

async function writeMail(db: Db, clock: Clock, mail: Mail, send: Env['mail'] | null): Promise<number> {
  const now = clock.now().toISOString();
  const row = await db
    .insertInto('outbox')
    .values({
      created_at: now,
      to_address: mail.to,
      subject: mail.subject,
      body: mail.body,
      kind: mail.kind,
      language: mail.language,
      // one Message-ID for every try: a receiving server that got a try whose answer was lost sees the same mail again
      message_id: `<${randomUUID()}@${messageIdDomain(send?.from ?? null)}>`,
      state: send?.smtpUrl ? 'pending' : 'kept',
      next_attempt_at: send?.smtpUrl ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A mail of the portal: sent when SMTP_URL is set (env.mail), and in the outbox in every case. */
export function sendMail(db: Db, deps: { clock: Clock; env: Pick<Env, 'mail'> }, mail: Mail): Promise<number> {
  return writeMail(db, deps.clock, mail, deps.env.mail);
}

/** A mail that stays in the outbox, never sent: the demo seed's invitations to the demo people. */
export function keepMail(db: Db, clock: Clock, mail: Mail): Promise<number> {
  return writeMail(db, clock, mail, null);
}

export async function listOutbox(db: Db) {
  const rows = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    to: r.to_address,
    subject: r.subject,
    body: r.body,
    kind: r.kind,
  }));
}
