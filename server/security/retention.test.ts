/**
 * Retention: the purge job (purge.ts) keeps the audit log within AUDIT_RETENTION_DAYS and the outbox within
 * OUTBOX_RETENTION_DAYS, with their defaults (730 and 7 days), on the portal's clock. An outbox row goes at its age
 * whatever its state (sent, given up, kept or still waiting). On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterEach, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../db/index.js';
import { loadMailSettings } from '../env.js';
import { testEnv } from '../test/env.js';
import { fakeClock } from '../lib/clock.js';
import { sendMail } from '../lib/mail.js';
import { purgeExpired } from './purge.js';

const DAY = 86_400_000;
let db: Db | null = null;
afterEach(async () => {
  await db?.destroy();
  db = null;
});

it('keeps the audit log 730 days and the outbox 7 days, by the portal’s clock', async () => {
  const clock = fakeClock('2026-01-01T00:00:00.000Z');
  db = openDb(null);
  await migrate(db);
  const env = testEnv();
  expect(env.retention).toEqual({ auditMs: 730 * DAY, outboxMs: 7 * DAY });
  const smtp = {
    clock,
    env: { mail: loadMailSettings({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'p@example.ee' }) },
  };
  const noSmtp = { clock, env };
  const audit = (event: string) =>
    db!.insertInto('audit_log').values({ at: clock.now().toISOString(), event, outcome: 'success' }).execute();
  const mail = (deps: typeof smtp, subject: string) =>
    sendMail(db!, deps, { to: 'a@example.ee', subject, body: 'link', kind: 'password-reset', language: 'et' });

  // day 0: an audit row; a mail sent, one given up, one still waiting, one only kept
  await audit('day 0');
  const sent = await mail(smtp, 'sent');
  const failed = await mail(smtp, 'failed');
  await mail(smtp, 'waiting');
  await mail(noSmtp, 'kept');
  await db.updateTable('outbox').set({ state: 'sent' }).where('id', '=', sent).execute();
  await db.updateTable('outbox').set({ state: 'failed' }).where('id', '=', failed).execute();
  // day 5
  clock.advance(5 * DAY);
  await audit('day 5');
  await mail(smtp, 'day 5');

  const left = async () => ({
    audit: (await db!.selectFrom('audit_log').select('event').orderBy('id').execute()).map((r) => r.event),
    outbox: (await db!.selectFrom('outbox').select('subject').orderBy('id').execute()).map((r) => r.subject),
  });
  const purge = async () => {
    const removed = await purgeExpired(db!, clock, env);
    return { audit: removed.auditLog, outbox: removed.outbox };
  };

  clock.set(new Date(Date.parse('2026-01-01T00:00:00.000Z') + 7 * DAY - 1));
  expect(await purge()).toEqual({ audit: 0, outbox: 0 });
  clock.advance(1); // 7 days after day 0
  expect(await purge()).toEqual({ audit: 0, outbox: 4 });
  expect(await left()).toEqual({ audit: ['day 0', 'day 5'], outbox: ['day 5'] });
  clock.advance(5 * DAY);
  expect(await purge()).toEqual({ audit: 0, outbox: 1 });

  clock.set(new Date(Date.parse('2026-01-01T00:00:00.000Z') + 730 * DAY - 1));
  expect(await purge()).toEqual({ audit: 0, outbox: 0 });
  clock.advance(1);
  expect(await purge()).toEqual({ audit: 1, outbox: 0 });
  expect(await left()).toEqual({ audit: ['day 5'], outbox: [] });
  clock.advance(5 * DAY);
  expect(await purge()).toEqual({ audit: 1, outbox: 0 });
  expect(await left()).toEqual({ audit: [], outbox: [] });
});
