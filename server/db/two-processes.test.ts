/**
 * Several portal processes on one database: everything a request needs (sessions, sign-on tickets, the
 * login form's execution tokens, signing sessions) lives in the database, so a person may be served by any process
 * behind a load balancer. Two real `server/main.ts` processes share one database: a fresh PostgreSQL database of its
 * own when the server tests run on PostgreSQL (TEST_DATABASE_URL, `npm run test:server:pg`), both started at once
 * so they also race to migrate and seed it; otherwise one SQLite file in a shared DATA_DIR, started one after the
 * other. The browser is one cookie jar, as a browser keeps cookies for 127.0.0.1 whatever the port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerAddGet, UserContext } from '../../domain/contract.js';
import { testDatabaseUrl } from '../env.js';
import { Browser, ready, startPortal, stopPortal, type PortalProcess } from '../test/processes.js';
import { mailServer, parseMail } from '../test/smtp.js';
import { emptyPostgresDatabase } from './dialect.js';

let tmp: string;
let dropDatabase: (() => Promise<void>) | null = null;
let a: PortalProcess;
let b: PortalProcess;
let smtp: Awaited<ReturnType<typeof mailServer>>;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'epit-two-processes-'));
  // both processes send the outbox's mail to one mail server (server/lib/mail-sender.ts)
  smtp = await mailServer();
  const mail = { SMTP_URL: smtp.url, MAIL_FROM: 'portal@epit.test' };
  const server = testDatabaseUrl();
  if (server) {
    const database = await emptyPostgresDatabase(server);
    dropDatabase = () => database.drop();
    // only the database is shared: each process has a DATA_DIR of its own (the demo applications' apps.sqlite)
    a = await startPortal('A', tmp, { ...mail, DATABASE_URL: database.url, DATA_DIR: path.join(tmp, 'data-a') });
    b = await startPortal('B', tmp, { ...mail, DATABASE_URL: database.url, DATA_DIR: path.join(tmp, 'data-b') });
    await Promise.all([ready(a), ready(b)]);
  } else {
    // SQLite: several processes may share one database file on one machine; the first one seeds it
    const env = { ...mail, DATABASE_URL: '', DATA_DIR: path.join(tmp, 'data') };
    a = await startPortal('A', tmp, env);
    await ready(a);
    b = await startPortal('B', tmp, env);
    await ready(b);
  }
}, 150_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((p) => stopPortal(p)));
  await smtp?.close();
  await dropDatabase?.();
  rmSync(tmp, { recursive: true, force: true });
}, 30_000);

const browser = new Browser();
const context = async (p: PortalProcess) => {
  const res = await browser.get(`${p.base}/api/context/getUserContext`);
  return { status: res.status, ctx: res.status === 200 ? UserContext.parse(JSON.parse(res.text)) : null };
};

describe('two portal processes on one database', () => {
  it('the first process prepares the database and the other finds it ready', () => {
    const seeded = (p: PortalProcess) => /database .* seeded from the demo data/.test(p.log);
    const found = (p: PortalProcess) => /database .* already seeded/.test(p.log);
    expect([a, b].filter(seeded)).toHaveLength(1);
    expect([a, b].filter(found)).toHaveLength(1);
  });

  it('both send the outbox’s mail, each mail once; the demo invitations are never sent', async () => {
    const staff = new Browser(); // a browser of its own: the person of the next test signs on afresh
    await staff.login(a.base, 'kristi');
    const people = ['EE48709050218', 'LV15058912347', 'EE49004170227'];
    for (const [i, fgid] of people.entries()) {
      const to = i % 2 ? b : a;
      const res = await staff.post(`${to.base}/api/user-settings/password/sendPasswordReset/`, {
        fgid,
        firstName: '',
        lastName: '',
        personalCode: '',
        personalCodeCountry: null,
        email: 'ignored@example.ee', // the link goes to the address on file
        language: 'ENG',
      });
      expect(res.status, res.text).toBe(200);
    }
    const until = Date.now() + 15_000;
    while (smtp.received.length < people.length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    // both senders keep looking (every second) while the last mails could still come twice
    await new Promise((r) => setTimeout(r, 1_500));
    const ids = smtp.received.map((m) => parseMail(m.raw).header('Message-ID'));
    expect(ids).toHaveLength(people.length);
    expect(new Set(ids).size).toBe(people.length);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      'kristi.kask@post.example',
      'liga.berzina@example.lv',
      'mari.maasikas@example.ee',
    ]);
  }, 60_000);

  it('a person signed in through A is served by B with the same cookies, and signing out on B ends it on A', async () => {
    await browser.login(a.base, 'mari');
    expect((await context(a)).ctx?.epitPrincipal?.representative.id).toBe('EE48709050218');

    // B knows the session: the context, then a represented change that A sees as well
    const onB = await context(b);
    expect(onB.status).toBe(200);
    expect(onB.ctx?.epitPrincipal).toMatchObject({ representative: { id: 'EE48709050218' }, represented: null });
    expect((await browser.get(`${b.base}/api/context/changeRepresented/EPEE11000015`)).status).toBe(200);
    expect((await context(a)).ctx?.epitPrincipal?.represented).toMatchObject({ gid: 'EPEE11000015' });

    // a customer add on B (mari is a board member of Põldmari AS): A sees her as its main administrator
    const getOnA = async () =>
      CustomerAddGet.parse(JSON.parse((await browser.get(`${a.base}/api/customer-add/get/EPEE11000026`)).text));
    expect((await getOnA()).isMainAdministrator).toBe(false);
    const added = await browser.post(`${b.base}/api/customer-add/create-rights`, {
      customerId: 'EPEE11000026',
      customerName: 'Põldmari AS',
      email: 'info@poldmari.example',
    });
    expect(JSON.parse(added.text)).toEqual({ value: 'SUCCESS' });
    expect((await getOnA()).isMainAdministrator).toBe(true);
    expect((await context(a)).ctx?.epitPrincipal?.representationRightsCache).toHaveProperty('EPEE11000026');

    // signing out on B ends the portal session on A too, and B's sign-on logout ends the sign-on session for A
    const out = await browser.post(`${b.base}/api/security/single-signout?locale=en_EE`);
    expect(out.status).toBe(200);
    expect((await context(a)).status).toBe(401);
    const casLogout = (JSON.parse(out.text) as { value: string }).value;
    expect((await browser.get(new URL(casLogout, b.base).toString())).status).toBeLessThan(400);
    const silent = await browser.get(`${a.base}/api/security/login?target=/ui/dashboard&gateway=true`);
    const landed = await browser.get(silent.location!);
    expect(landed.location).not.toContain('ticket=');
    expect((await context(a)).status).toBe(401);
    expect((await context(b)).status).toBe(401);
  }, 60_000);
});
