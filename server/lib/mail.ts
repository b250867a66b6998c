/** The simulated e-mail service: everything "sent" lands in the outbox shown on /sim/. */
import type { Db } from '../db/index.js';
import type { Clock } from './clock.js';

export interface Mail {
  to: string;
  subject: string;
  body: string;
  kind: string;
}

export async function sendMail(db: Db, clock: Clock, mail: Mail): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      created_at: clock.now().toISOString(),
      to_address: mail.to,
      subject: mail.subject,
      body: mail.body,
      kind: mail.kind,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
