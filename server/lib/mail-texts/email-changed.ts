/**
 * The notice sent to a person's OLD e-mail address when the address changes (user settings' edit tab, spec 2 §2
 * "Edit view"), in the five languages of the portal. Password reset links go to the address on file: whoever
 * changes it could have a link sent to themselves, so the person hears of every change where they read their mail
 * until then, with who made it and when. The new address is shown masked: an old address may be one the person left
 * behind (a former employer's), which should not learn the new one.
 */
import type { Language } from '../../../domain/contract.js';

export interface EmailChangedMailInput {
  firstName: string;
  lastName: string;
  /** who changed it: first and last name */
  changedBy: string;
  /** the person changed it themself (signed in to their own account) */
  self: boolean;
  /** when, on the server's clock */
  at: Date;
  /** the new address, in full (masked here) */
  newAddress: string;
}

/** The Baltic states share one civil time: the notice states it with its offset, e.g. 29.11.2026 08:54 (UTC+2). */
const ZONE = 'Europe/Tallinn';

function stamp(at: Date, order: 'dmy' | 'ymd'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const day =
    order === 'dmy' ? `${parts.day}.${parts.month}.${parts.year}` : `${parts.year}-${parts.month}-${parts.day}`;
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT/, 'UTC');
  return `${day} ${parts.hour}:${parts.minute} (${offset})`;
}

/** name@example.ee → n***@example.ee */
function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

type Texts = (m: EmailChangedMailInput, masked: string) => { subject: string; body: string[] };

const TEXTS: Record<Language, Texts> = {
  et: (m, masked) => ({
    subject: 'Teie e-posti aadress muudeti',
    body: [
      `Tere, ${m.firstName} ${m.lastName}!`,
      '',
      `Teie e-teeninduse kasutajakonto e-posti aadress muudeti ${stamp(m.at, 'dmy')}.`,
      `Muutja: ${m.changedBy}${m.self ? ' (Teie enda kasutajakontolt)' : ''}`,
      `Uus aadress: ${masked}`,
      '',
      'Edaspidi saadetakse e-teeninduse kirjad, ka parooli lähtestamise lingid, uuele aadressile. Kui Te seda muudatust ei oodanud, võtke kohe ühendust klienditoega.',
    ],
  }),
  en: (m, masked) => ({
    subject: 'Your e-mail address was changed',
    body: [
      `Hello ${m.firstName} ${m.lastName},`,
      '',
      `The e-mail address of your e-service account was changed on ${stamp(m.at, 'dmy')}.`,
      `Changed by: ${m.changedBy}${m.self ? ' (from your own account)' : ''}`,
      `New address: ${masked}`,
      '',
      'From now on the e-service sends its e-mails, password reset links included, to the new address. If you did not expect this change, contact customer service at once.',
    ],
  }),
  ru: (m, masked) => ({
    subject: 'Ваш адрес электронной почты изменён',
    body: [
      `Здравствуйте, ${m.firstName} ${m.lastName}!`,
      '',
      `Адрес электронной почты Вашей учётной записи в э-услугах изменён ${stamp(m.at, 'dmy')}.`,
      `Кто изменил: ${m.changedBy}${m.self ? ' (из Вашей собственной учётной записи)' : ''}`,
      `Новый адрес: ${masked}`,
      '',
      'Теперь письма э-услуг, в том числе ссылки для сброса пароля, будут приходить на новый адрес. Если Вы не ожидали этого изменения, немедленно свяжитесь со службой поддержки.',
    ],
  }),
  lv: (m, masked) => ({
    subject: 'Jūsu e-pasta adrese ir mainīta',
    body: [
      `Labdien, ${m.firstName} ${m.lastName}!`,
      '',
      `Jūsu e-pakalpojumu konta e-pasta adrese tika mainīta ${stamp(m.at, 'dmy')}.`,
      `Mainīja: ${m.changedBy}${m.self ? ' (no Jūsu konta)' : ''}`,
      `Jaunā adrese: ${masked}`,
      '',
      'Turpmāk e-pakalpojumu vēstules, arī paroles atiestatīšanas saites, tiks sūtītas uz jauno adresi. Ja Jūs šīs izmaiņas negaidījāt, nekavējoties sazinieties ar klientu atbalstu.',
    ],
  }),
  lt: (m, masked) => ({
    subject: 'Jūsų el. pašto adresas pakeistas',
    body: [
      `Sveiki, ${m.firstName} ${m.lastName},`,
      '',
      `Jūsų e. paslaugų paskyros el. pašto adresas pakeistas ${stamp(m.at, 'ymd')}.`,
      `Pakeitė: ${m.changedBy}${m.self ? ' (iš Jūsų paskyros)' : ''}`,
      `Naujas adresas: ${masked}`,
      '',
      'Nuo šiol e. paslaugų laiškai, įskaitant slaptažodžio atkūrimo nuorodas, bus siunčiami nauju adresu. Jei šio pakeitimo nelaukėte, nedelsdami susisiekite su klientų aptarnavimu.',
    ],
  }),
};

export function emailChangedMail(language: Language, m: EmailChangedMailInput): { subject: string; body: string } {
  const t = TEXTS[language](m, maskAddress(m.newAddress));
  return { subject: t.subject, body: t.body.join('\n') };
}
