/**
 * Third security review: staff with EDIT_ANY_USER taking over an account by changing its e-mail address
 * (server/routes/user-settings/email-owner.ts). A customer manager (kristi) puts an address she reads on a person,
 * sends a password reset link, puts the old address back and signs on with the password she chose. A reset link
 * never goes to an address someone other than the person set less than 24 hours ago (server clock), and the old
 * address hears of every change, with who made it and when.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceError } from '../../domain/contract.js';
import type { EditUserInput } from '../../domain/user-settings/index.js';
import { makeTestApp, type Client, type TestApp } from '../test/helpers.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const MARI = 'EE48709050218';
const PEETER = 'EE36801010323';
const KRISTI = 'EE49004170227';
const EVIL = 'kristi.reads.this@evil.example';
const HOUR = 3_600_000;

const app = () => {
  if (!t) throw new Error('no test app');
  return t;
};

/** The person's edit body as stored, with `over` laid on it. */
async function editBody(fgid: string, over: Partial<EditUserInput>): Promise<EditUserInput> {
  const p = await app().db.selectFrom('persons').selectAll().where('fgid', '=', fgid).executeTakeFirstOrThrow();
  return {
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email ?? '',
    mobile: p.mobile ?? '',
    phone: p.phone ?? '',
    preferredLanguage: p.preferred_language ?? 'EST',
    address: null,
    ...over,
  };
}

async function setEmail(c: Client, fgid: string, email: string) {
  const res = await c.post(`/api/user-settings/edit/${fgid}`, await editBody(fgid, { email }));
  expect(res.statusCode, res.body).toBe(200);
}

/** What the portal's "Send password reset link" button sends (src/features/user-settings/wire.ts). */
async function sendReset(c: Client, fgid: string) {
  const p = await app().db.selectFrom('persons').selectAll().where('fgid', '=', fgid).executeTakeFirstOrThrow();
  return c.post('/api/user-settings/password/sendPasswordReset/', {
    fgid,
    firstName: p.first_name,
    lastName: p.last_name,
    personalCode: p.personal_code,
    personalCodeCountry: p.country,
    email: p.email ?? '',
    language: p.preferred_language,
  });
}

const outbox = () => app().db.selectFrom('outbox').selectAll().orderBy('id').execute();
const RESET_LINK = /\/ui\/user-add\/reset-password\/[A-Za-z0-9_-]+/;
const resetMailsTo = async (to: string) =>
  (await outbox()).filter((m) => m.to_address === to && (m.kind === 'password-reset' || RESET_LINK.test(m.body)));
const person = (fgid: string) =>
  app().db.selectFrom('persons').selectAll().where('fgid', '=', fgid).executeTakeFirstOrThrow();
const audit = (event: string) =>
  app().db.selectFrom('audit_log').selectAll().where('event', '=', event).orderBy('id').execute();

/** The server clock's time as the notice states it: Baltic civil time, DD.MM.YYYY HH:mm. */
function balticTime(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Tallinn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** The refusal: 409 with the catalogue's message, and nothing written but the audit row. */
function expectRefused(res: Awaited<ReturnType<typeof sendReset>>) {
  expect(
    res.statusCode,
    `a reset link to an address someone else set less than 24 hours ago must be refused: ${res.body}`,
  ).toBe(409);
  const body = res.json<ServiceError>();
  expect(body).toMatchObject({ code: 'EMAIL_RECENTLY_SET', messageKey: 'user-settings.reset.emailRecentlySet' });
  expect(body.serviceErrorMessage).toMatch(/set by someone other than the person less than 24 hours ago/);
}

describe('Staff with EDIT_ANY_USER can take over any account, other staff included', () => {
  it("staff changes mari's e-mail: the reset is refused with the catalogue's message, no key goes to the new address, the old address is told who changed it", async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    const changedAt = t.clock.now();
    await setEmail(kristi, MARI, EVIL);

    const before = await person(MARI);
    const mailsBefore = (await outbox()).length;
    const keysBefore = await t.db.selectFrom('password_reset_keys').selectAll().execute();

    expectRefused(await sendReset(kristi, MARI));
    expect(await resetMailsTo(EVIL), 'no reset key reaches the address kristi put there').toEqual([]);
    // the refusal changes nothing: no key, no mail, the person as she was
    expect(await t.db.selectFrom('password_reset_keys').selectAll().execute()).toEqual(keysBefore);
    expect((await outbox()).length).toBe(mailsBefore);
    expect(await person(MARI)).toEqual(before);
    expect(before).toMatchObject({ email: EVIL, email_set_by: KRISTI, email_set_at: changedAt.toISOString() });

    // the old address heard of it, in mari's language, with who and when (the new address masked)
    const notice = (await outbox()).filter((m) => m.to_address === 'mari.maasikas@example.ee');
    expect(notice, 'a notice of the change goes to the old address').toHaveLength(1);
    expect(notice[0]).toMatchObject({ kind: 'email-changed', subject: 'Teie e-posti aadress muudeti' });
    expect(notice[0].body).toContain('Tere, Mari Maasikas!');
    expect(notice[0].body).toContain('Muutja: Kristi Kask');
    expect(notice[0].body).toContain(`muudeti ${balticTime(changedAt)} (UTC+`);
    expect(notice[0].body).toContain('Uus aadress: k***@evil.example');
    expect(notice[0].body).not.toContain(EVIL);
    expect(notice[0].body).not.toMatch(RESET_LINK);

    // the audit log has the change (who, from, to) and the refused reset
    const change = await audit('user-settings.email-change');
    expect(change).toHaveLength(1);
    expect(change[0]).toMatchObject({ actor_fgid: KRISTI, subject: MARI, outcome: 'success' });
    expect(JSON.parse(change[0].detail!)).toEqual({ self: false, from: 'mari.maasikas@example.ee', to: EVIL });
    const refused = (await audit('user-settings.reset-link')).filter((r) => r.outcome === 'refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ actor_fgid: KRISTI, subject: MARI });

    // putting the old address back is a change by kristi too: told to the address she used, and still no link
    t.clock.advance(HOUR);
    const again = await t.login('kristi');
    await setEmail(again, MARI, 'mari.maasikas@example.ee');
    expect((await outbox()).filter((m) => m.to_address === EVIL && m.kind === 'email-changed')).toHaveLength(1);
    expectRefused(await sendReset(again, MARI));
    expect(await resetMailsTo('mari.maasikas@example.ee')).toEqual([]);
    expect(await audit('user-settings.email-change')).toHaveLength(2);
  }, 30_000);

  it('the same against a staff person: peeter’s new address gets no key, his old one gets the notice', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    await setEmail(kristi, PEETER, EVIL);
    expectRefused(await sendReset(kristi, PEETER));
    expect(await resetMailsTo(EVIL)).toEqual([]);
    const notice = (await outbox()).filter((m) => m.to_address === 'peeter.lepp@post.example');
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ kind: 'email-changed' });
    expect(notice[0].body).toContain('Muutja: Kristi Kask');
    expect(await audit('user-settings.email-change')).toMatchObject([{ actor_fgid: KRISTI, subject: PEETER }]);
    expect(await audit('user-settings.reset-link')).toMatchObject([
      { actor_fgid: KRISTI, subject: PEETER, outcome: 'refused' },
    ]);
  });

  it('24 hours after the change by the server clock the reset goes to the new address', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    await setEmail(kristi, MARI, 'mari.new@example.ee');
    t.clock.advance(24 * HOUR - 60_000);
    const later = await t.login('kristi'); // her session idled out meanwhile
    expectRefused(await sendReset(later, MARI));
    t.clock.advance(60_000);
    const res = await sendReset(later, MARI);
    expect(res.statusCode, res.body).toBe(200);
    const sent = await resetMailsTo('mari.new@example.ee');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatch(RESET_LINK);
  });

  it('the person’s own change does not block: mari sets her address, a reset goes to it at once', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    await setEmail(mari, MARI, 'mari.own@example.ee');
    // her old address is told too, as her own change
    const notice = (await outbox()).filter((m) => m.to_address === 'mari.maasikas@example.ee');
    expect(notice, 'a notice of the change goes to the old address').toHaveLength(1);
    expect(notice[0].body).toContain('Muutja: Mari Maasikas (Teie enda kasutajakontolt)');
    expect(JSON.parse((await audit('user-settings.email-change'))[0].detail!)).toMatchObject({ self: true });

    const kristi = await t.login('kristi');
    const res = await sendReset(kristi, MARI);
    expect(res.statusCode, res.body).toBe(200);
    expect(await resetMailsTo('mari.own@example.ee')).toHaveLength(1);

    // after a change by staff, her own change of the address makes it hers again
    await setEmail(kristi, MARI, EVIL);
    expectRefused(await sendReset(kristi, MARI));
    await setEmail(mari, MARI, 'mari.again@example.ee');
    expect((await sendReset(kristi, MARI)).statusCode).toBe(200);
    expect(await resetMailsTo('mari.again@example.ee')).toHaveLength(1);
    expect(await resetMailsTo(EVIL)).toEqual([]);
  });

  it('a save that keeps the address changes nothing about who set it and sends no notice', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    const res = await kristi.post(`/api/user-settings/edit/${MARI}`, await editBody(MARI, { mobile: '+37255511111' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await outbox()).filter((m) => m.kind === 'email-changed')).toEqual([]);
    expect((await sendReset(kristi, MARI)).statusCode).toBe(200);
    expect(await resetMailsTo('mari.maasikas@example.ee')).toHaveLength(1);
  });

  it('the notice is in the language of the person, whichever of the five', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    const subjects: Record<string, string> = {
      EST: 'Teie e-posti aadress muudeti',
      ENG: 'Your e-mail address was changed',
      RUS: 'Ваш адрес электронной почты изменён',
      LAV: 'Jūsu e-pasta adrese ir mainīta',
      LIT: 'Jūsų el. pašto adresas pakeistas',
    };
    for (const [language, subject] of Object.entries(subjects)) {
      await t.db.updateTable('persons').set({ preferred_language: language }).where('fgid', '=', MARI).execute();
      const old = (await person(MARI)).email!;
      // kristi's body keeps mari's language: the notice is in the language she had before the save
      await setEmail(kristi, MARI, `mari.${language.toLowerCase()}@example.ee`);
      const notice = (await outbox()).filter((m) => m.to_address === old && m.kind === 'email-changed').at(-1);
      expect(notice?.subject, language).toBe(subject);
      expect(notice?.body).toContain('Kristi Kask');
    }
  });
});
