/**
 * Mail by SMTP: the portal's mail goes to a real SMTP server started here (smtp-server, on a free port of 127.0.0.1).
 * A live-mode portal sends a password reset in the person's language; a mail server that is down gets the mail on a
 * later try (the waits are the portal's clock); a refused recipient is given up at once, and a mail still failing
 * after MAX_ATTEMPTS tries too; two senders on one database (two connection pools, as two processes have) send
 * each mail once. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../db/dialect.js';
import { migrate, openDb, type Db } from '../db/index.js';
import { loadMailSettings, testDatabaseUrl } from '../env.js';
import { testEnv } from '../test/env.js';
import { makeTestApp, type TestApp } from '../test/helpers.js';
import { freePort } from '../test/processes.js';
import { mailServer, parseMail, REFUSED, USER } from '../test/smtp.js';
import { fakeClock } from './clock.js';
import { sendMail } from './mail.js';
import { createMetrics } from '../ops/metrics.js';
import { MAX_ATTEMPTS, retryWaitMs, startMailSender } from './mail-sender.js';
import { resolveResetKey } from './reset-keys.js';

const FROM = 'EPIT <portal@epit.test>';
const LIGA = 'LV15058912347';
const KRISTI_TO_LIGA = {
  fgid: LIGA,
  firstName: 'Līga',
  lastName: 'Bērziņa',
  personalCode: '150589-12347',
  personalCodeCountry: 'LV',
  email: 'liga.berzina@example.lv',
  language: 'ENG',
};

async function until<T>(what: string, probe: () => T | false | Promise<T | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`still waiting for ${what} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function liveApp(smtpUrl: string, retrySeconds = 30): Promise<TestApp> {
  const t = await makeTestApp({
    env: {
      runMode: 'live',
      publicOrigin: 'https://portal.example',
      mail: loadMailSettings({ SMTP_URL: smtpUrl, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: String(retrySeconds) }),
    },
    mailPollMs: 20,
  });
  closers.push(() => t.close());
  return t;
}

const lastMail = (db: Db) => db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('mail by SMTP', { timeout: 60_000 }, () => {
  it('a live portal sends a password reset in the person’s language; a mail server down gets it on a later try', async () => {
    const smtp = await mailServer();
    closers.push(smtp.close);
    const port = Number(new URL(smtp.url).port);
    const t = await liveApp(smtp.url, 30);
    const kristi = await t.login('kristi');
    await kristi.post('/api/context/changeLanguage', { value: 'ENG' }); // the sender's language does not matter
    const res = await kristi.post('/api/user-settings/password/sendPasswordReset/', KRISTI_TO_LIGA);
    expect(res.statusCode, res.body).toBe(200);

    const [mail] = await until('the mail', () => smtp.received.length > 0 && smtp.received);
    expect(smtp.received).toHaveLength(1);
    expect(mail.user).toBe(USER); // logged in with the user and password of SMTP_URL
    expect(mail.from).toBe('portal@epit.test');
    expect(mail.to).toEqual(['liga.berzina@example.lv']);
    const parsed = parseMail(mail.raw);
    expect(parsed.header('Subject')).toBe('Paroles atiestatīšanas saite');
    expect(parsed.header('Content-Language')).toBe('lv');
    expect(parsed.header('From')).toBe(FROM);
    expect(parsed.header('To')).toBe('liga.berzina@example.lv');
    expect(parsed.text).toContain('24 stundas');
    const link = /^https:\/\/portal\.example\/ui\/user-add\/reset-password\/([A-Za-z0-9_-]+)$/m.exec(parsed.text);
    expect(link).not.toBeNull();
    expect(await resolveResetKey(t.db, t.clock, link![1])).toMatchObject({ fgid: LIGA });

    const row = await until('the row marked sent', async () => {
      const r = await lastMail(t.db);
      return r.state === 'sent' && r;
    });
    expect(parsed.header('Message-ID')).toBe(row.message_id);
    expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@epit\.test>$/);
    expect(row).toMatchObject({ language: 'lv', attempts: 1, last_error: null, sent_at: t.clock.now().toISOString() });

    // the mail server goes down: the next mail waits for it
    await smtp.close();
    expect((await kristi.post('/api/user-settings/password/sendPasswordReset/', KRISTI_TO_LIGA)).statusCode).toBe(200);
    const failed = await until('the first failed try', async () => {
      const r = await lastMail(t.db);
      return r.attempts === 1 && r.state === 'pending' && r;
    });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    const at = t.clock.now().getTime();
    expect(failed.next_attempt_at).toBe(new Date(at + 30_000).toISOString());

    const again = await mailServer(port);
    closers.push(again.close);
    // the wait is the portal's clock: the sender looks 10 times meanwhile and leaves the mail alone
    await new Promise((r) => setTimeout(r, 200));
    expect((await lastMail(t.db)).attempts).toBe(1);
    expect(again.received).toHaveLength(0);
    t.clock.advance(30_000);
    await until('the mail', () => again.received.length > 0);
    const sent = await until('the row marked sent', async () => {
      const r = await lastMail(t.db);
      return r.state === 'sent' && r;
    });
    expect(sent).toMatchObject({ attempts: 2, last_error: null });
    expect(parseMail(again.received[0].raw).header('Message-ID')).toBe(sent.message_id);

    // 550 to the recipient: trying again would get the same answer
    await t.db.updateTable('persons').set({ email: REFUSED }).where('fgid', '=', LIGA).execute();
    expect((await kristi.post('/api/user-settings/password/sendPasswordReset/', KRISTI_TO_LIGA)).statusCode).toBe(200);
    const refused = await until('the refusal', async () => {
      const r = await lastMail(t.db);
      return r.state === 'failed' && r;
    });
    expect(refused).toMatchObject({ to_address: REFUSED, attempts: 1, next_attempt_at: null });
    expect(refused.last_error).toMatch(/550/);
    expect(again.received).toHaveLength(1);
  });

  it('gives a mail up after MAX_ATTEMPTS tries, each after a longer wait, and logs it', async () => {
    expect([1, 2, 3, 8, 12].map((n) => retryWaitMs(n, 30_000) / 1000)).toEqual([30, 60, 120, 3600, 3600]);
    const port = await freePort(); // nothing listens there
    const clock = fakeClock();
    const db = openDb(null);
    closers.push(() => db.destroy());
    await migrate(db);
    const env = testEnv({
      mail: loadMailSettings({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '30' }),
    });
    const lines: { level: number; msg: string }[] = [];
    const log = pino(
      {},
      { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
    );
    const made = createMetrics({ db, clock, sessionIdleMs: 60_000 });
    const sender = startMailSender({ db, clock, env, log, pollMs: 60_000, metrics: made.metrics });
    closers.push(() => sender.stop());
    const id = await sendMail(
      db,
      { clock, env },
      { to: 'a@example.ee', subject: 's', body: 'b', kind: 'test', language: 'et' },
    );
    for (let n = 1; n <= MAX_ATTEMPTS; n++) {
      await sender.tick();
      const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(n);
      if (n === MAX_ATTEMPTS) {
        expect(row).toMatchObject({ state: 'failed', next_attempt_at: null });
        break;
      }
      expect(row.state).toBe('pending');
      // not tried before its time
      clock.advance(retryWaitMs(n, 30_000) - 1);
      await sender.tick();
      const early = await db.selectFrom('outbox').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
      expect(early.attempts).toBe(n);
      clock.advance(1);
    }
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0].msg).toMatch(new RegExp(`^mail ${id} given up after ${MAX_ATTEMPTS} tries: .*ECONNREFUSED`));
    // the metrics (server/ops/metrics.ts): each failed try, the last one given up, and nothing left waiting
    const text = await made.registry.metrics();
    expect(text).toContain(`portal_outbox_failures_total{result="retry"} ${MAX_ATTEMPTS - 1}`);
    expect(text).toContain('portal_outbox_failures_total{result="given_up"} 1');
    expect(text).toMatch(/^portal_outbox_sent_total 0$/m);
    expect(text).toMatch(/^portal_outbox_pending 0$/m);
  });

  it('two senders on one database send each mail once', async () => {
    const smtp = await mailServer();
    closers.push(smtp.close);
    const server = testDatabaseUrl();
    let open: () => Db;
    if (server) {
      const database = await emptyPostgresDatabase(server);
      closers.push(() => database.drop());
      open = () => openDb(null, database.url, 4);
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'epit-mail-'));
      closers.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
      open = () => openDb(dir);
    }
    const clock = fakeClock();
    const [a, b] = [open(), open()];
    for (const db of [a, b]) closers.push(() => db.destroy());
    await migrate(a);
    const env = testEnv({ mail: loadMailSettings({ SMTP_URL: smtp.url, MAIL_FROM: FROM }) });
    const MAILS = 12;
    for (let i = 0; i < MAILS; i++)
      await sendMail(
        a,
        { clock, env },
        { to: `p${i}@example.ee`, subject: `${i}`, body: 'b', kind: 'test', language: 'en' },
      );
    const sentBy = { a: 0, b: 0 };
    const sender = (db: Db, name: 'a' | 'b') => {
      const log = pino({}, { write: (line: string) => void (/"mail sent"/.test(line) && sentBy[name]++) });
      const s = startMailSender({ db, clock, env, log, pollMs: 60_000 });
      closers.push(() => s.stop());
      return s;
    };
    const [sa, sb] = [sender(a, 'a'), sender(b, 'b')];
    // both look at the same due rows at once, twice (a look takes at most 20)
    await Promise.all([sa.tick(), sb.tick()]);
    await Promise.all([sa.tick(), sb.tick()]);
    const ids = smtp.received.map((m) => parseMail(m.raw).header('Message-ID'));
    expect(ids).toHaveLength(MAILS);
    expect(new Set(ids).size).toBe(MAILS);
    expect(sentBy.a + sentBy.b).toBe(MAILS);
    expect(sentBy.a).toBeGreaterThan(0);
    expect(sentBy.b).toBeGreaterThan(0);
    const states = await a.selectFrom('outbox').select(['state', 'attempts']).distinct().execute();
    expect(states).toEqual([{ state: 'sent', attempts: 1 }]);
  });
});
