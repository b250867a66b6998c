/**
 * The mail sender: with SMTP_URL set, each portal process sends the outbox's `pending` rows (server/lib/mail.ts) to
 * the mail server, so a request that writes a mail never waits for the mail server, and a mail server that is down
 * delays the mail instead of failing the request.
 *
 * Several processes share one database: a row is claimed by one UPDATE that only matches while the row is still due
 * (`pending` and its time has come, or `sending` whose claim has run out), so of two processes that pick the same
 * row one changes it and the other changes nothing and leaves it (on PostgreSQL the second UPDATE waits for the first
 * to commit and then finds the row no longer matching). The claim lasts LEASE_MS: a process that dies mid-try leaves
 * the row to another after that.
 *
 * A try that fails for a reason that may pass (no connection, a timeout, a 4xx answer, a refused login: RFC 5321
 * §4.2.1 "transient negative completion") is tried again after MAIL_RETRY_SECONDS, doubled after each failure up to
 * an hour, at most MAX_ATTEMPTS times (with the default about five hours in all); a 5xx answer to the recipient or the
 * message ("permanent negative completion") ends it at once. A mail given up is `failed` and logged as an error.
 * Times are the portal's clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import type { Metrics } from '../ops/metrics.js';
import type { Clock } from './clock.js';

export const MAX_ATTEMPTS = 12;
const MAX_WAIT_MS = 3_600_000;
/** how long a claimed row is this process's: longer than a try can take with the timeouts below */
const LEASE_MS = 2 * 60_000;
/** rows taken per look */
const BATCH = 20;
const POLL_MS = 1_000;

/** The wait after the `attempts`-th failed try. */
export const retryWaitMs = (attempts: number, retryMs: number): number =>
  Math.min(retryMs * 2 ** Math.max(0, attempts - 1), MAX_WAIT_MS);

interface SmtpError {
  code?: string;
  responseCode?: number;
  message?: string;
}

/** A 5xx answer to the envelope (RCPT TO) or the message (DATA): sending it again would get the same answer. */
const isPermanent = (err: SmtpError) =>
  (err.code === 'EENVELOPE' || err.code === 'EMESSAGE') && (err.responseCode ?? 0) >= 500;

export interface MailSender {
  /** one look at the outbox, after the one running (if any): sends what is due, resolves when done */
  tick(): Promise<void>;
  /** stops looking, waits for the try in flight, closes the connection */
  stop(): Promise<void>;
}

export function startMailSender(opts: {
  db: Db;
  clock: Clock;
  env: Pick<Env, 'mail'>;
  log: FastifyBaseLogger;
  /** how often the outbox is looked at, in real time (default a second) */
  pollMs?: number;
  /** mails sent and tries failed (server/ops/metrics.ts) */
  metrics?: Metrics;
}): MailSender {
  const { db, clock, log } = opts;
  const { smtpUrl, from, retryMs } = opts.env.mail;
  if (!smtpUrl || !from) throw new Error('the mail sender needs SMTP_URL and MAIL_FROM');
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // a mail server that does not answer must not hold a claim past LEASE_MS
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  const sendOne = async (id: number): Promise<void> => {
    const now = clock.now();
    const nowIso = now.toISOString();
    const claimed = await db
      .updateTable('outbox')
      .set((eb) => ({
        state: 'sending',
        lease_until: new Date(now.getTime() + LEASE_MS).toISOString(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
          eb.and([eb('state', '=', 'sending'), eb('lease_until', '<=', nowIso)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return; // another process has it, or it was purged
    const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    try {
      const info = await transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.body,
        messageId: row.message_id ?? undefined,
        // the origination date (RFC 5322 §3.6.1): when the portal wrote it, not when a retry got it through
        date: new Date(row.created_at),
        headers: {
          ...(row.language ? { 'Content-Language': row.language } : {}),
          // RFC 3834: written by a program, so vacation replies and the like are not sent back to it
          'Auto-Submitted': 'auto-generated',
        },
      });
      await db
        .updateTable('outbox')
        .set({ state: 'sent', sent_at: clock.now().toISOString(), lease_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
      opts.metrics?.mailSent();
      log.info({ outboxId: id, kind: row.kind, messageId: info.messageId }, 'mail sent');
    } catch (caught) {
      const err = caught as SmtpError;
      const error = (err.message ?? String(caught)).slice(0, 500);
      const attempts = row.attempts;
      const giveUp = isPermanent(err) || attempts >= MAX_ATTEMPTS;
      await db
        .updateTable('outbox')
        .set({
          state: giveUp ? 'failed' : 'pending',
          next_attempt_at: giveUp ? null : new Date(now.getTime() + retryWaitMs(attempts, retryMs)).toISOString(),
          lease_until: null,
          last_error: error,
        })
        .where('id', '=', id)
        .execute();
      opts.metrics?.mailFailed(giveUp);
      if (giveUp)
        log.error(
          { outboxId: id, kind: row.kind, attempts, error },
          `mail ${id} given up after ${attempts} ${attempts === 1 ? 'try' : 'tries'}: ${error}`,
        );
      else log.warn({ outboxId: id, kind: row.kind, attempts, error }, `mail ${id} not sent, tried again later`);
    }
  };

  const look = async () => {
    const nowIso = clock.now().toISOString();
    const due = await db
      .selectFrom('outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
          eb.and([eb('state', '=', 'sending'), eb('lease_until', '<=', nowIso)]),
        ]),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const { id } of due) await sendOne(id);
  };

  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () =>
    (running = look()
      .catch((err: unknown) => log.error({ err }, 'the mail sender could not read the outbox'))
      .finally(() => {
        running = null;
      }));
  const timer = setInterval(() => {
    if (!stopped && !running) void run();
  }, opts.pollMs ?? POLL_MS);
  timer.unref();
  return {
    async tick() {
      while (running) await running;
      await run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
