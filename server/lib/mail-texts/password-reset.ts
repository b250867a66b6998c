/**
 * The "send password reset link" e-mail of user settings (spec 2 §2 "Edit view": the text states the link expires in
 * 24 hours), in the five languages of the portal. The person reads it in their own language of communication
 * (persons.preferred_language), not the sender's.
 */
import type { Language } from '../../../domain/contract.js';

export interface PasswordResetMailInput {
  firstName: string;
  lastName: string;
  /** the whole link, `${origin}/ui/user-add/reset-password/<key>` */
  link: string;
  /** how long the link is valid */
  hours: number;
}

type Texts = (m: PasswordResetMailInput) => { subject: string; body: string[] };

/** "24 hours" with the word in the language's plural form for that number (CLDR categories, as the portal's ICU plurals) */
function hours(n: number, words: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }, language: Language) {
  return `${n} ${words[new Intl.PluralRules(language).select(n)] ?? words.other}`;
}

const TEXTS: Record<Language, Texts> = {
  et: (m) => ({
    subject: 'Parooli lähtestamise link',
    body: [
      `Tere, ${m.firstName} ${m.lastName}!`,
      '',
      'Teie e-teeninduse kasutajakontole saadeti parooli lähtestamise link. Valige uus kasutajanimi ja parool siin:',
      m.link,
      '',
      `Link kehtib ${hours(m.hours, { one: 'tund', other: 'tundi' }, 'et')}. Kui Te linki ei oodanud, jätke see kiri tähelepanuta.`,
    ],
  }),
  en: (m) => ({
    subject: 'Password reset link',
    body: [
      `Hello ${m.firstName} ${m.lastName},`,
      '',
      'A link to reset the password of your e-service account has been sent to you. Choose your username and password here:',
      m.link,
      '',
      `The link expires in ${hours(m.hours, { one: 'hour', other: 'hours' }, 'en')}. If you did not expect it, ignore this e-mail.`,
    ],
  }),
  ru: (m) => ({
    subject: 'Ссылка для сброса пароля',
    body: [
      `Здравствуйте, ${m.firstName} ${m.lastName}!`,
      '',
      'Для Вашей учётной записи в э-услугах отправлена ссылка для сброса пароля. Выберите имя пользователя и пароль здесь:',
      m.link,
      '',
      `Ссылка действительна ${hours(m.hours, { one: 'час', few: 'часа', many: 'часов', other: 'часа' }, 'ru')}. Если Вы её не ожидали, не обращайте внимания на это письмо.`,
    ],
  }),
  lv: (m) => ({
    subject: 'Paroles atiestatīšanas saite',
    body: [
      `Labdien, ${m.firstName} ${m.lastName}!`,
      '',
      'Jūsu e-pakalpojumu kontam ir nosūtīta paroles atiestatīšanas saite. Izvēlieties lietotājvārdu un paroli šeit:',
      m.link,
      '',
      `Saite ir derīga ${hours(m.hours, { zero: 'stundas', one: 'stundu', other: 'stundas' }, 'lv')}. Ja Jūs to negaidījāt, neņemiet šo vēstuli vērā.`,
    ],
  }),
  lt: (m) => ({
    subject: 'Slaptažodžio atkūrimo nuoroda',
    body: [
      `Sveiki, ${m.firstName} ${m.lastName},`,
      '',
      'Jūsų e. paslaugų paskyrai išsiųsta slaptažodžio atkūrimo nuoroda. Pasirinkite naudotojo vardą ir slaptažodį čia:',
      m.link,
      '',
      `Nuoroda galioja ${hours(m.hours, { one: 'valandą', few: 'valandas', many: 'valandos', other: 'valandų' }, 'lt')}. Jei jos nelaukėte, nekreipkite dėmesio į šį laišką.`,
    ],
  }),
};

export function passwordResetMail(language: Language, m: PasswordResetMailInput): { subject: string; body: string } {
  const t = TEXTS[language](m);
  return { subject: t.subject, body: t.body.join('\n') };
}
