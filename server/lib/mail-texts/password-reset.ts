/**
 * The "send password reset link" e-mail of user settings (spec 2 §2 "Edit view": the text states the link expires in
 * 24 hours), in the five languages of the portal. The person reads it in their own language of communication
 * (persons.preferred_language), not the sender's.
 */
import type { Language } from '../../../machines/lib/contract.js';

export interface PasswordResetMailInput {
  firstName: string;
  lastName: string;
  /** the whole link, `${origin}/ui/user-add/reset-password/<key>` */
  link: string;
  /** how long the link is valid */
  hours: number;
}

type Texts = (m: PasswordResetMailInput) => { subject: string; body: string[] };

const TEXTS: Record<Language, Texts> = {
  et: (m) => ({
    subject: 'Parooli muutmise link',
    body: [
      `Tere, ${m.firstName} ${m.lastName}!`,
      '',
      'Teie e-teeninduse kasutajakontole saadeti parooli muutmise link. Valige uus kasutajanimi ja parool siin:',
      m.link,
      '',
      `Link kehtib ${m.hours} tundi. Kui Te linki ei oodanud, jätke see kiri tähelepanuta.`,
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
      `The link expires in ${m.hours} hours. If you did not expect it, ignore this e-mail.`,
    ],
  }),
  ru: (m) => ({
    subject: 'Ссылка для смены пароля',
    body: [
      `Здравствуйте, ${m.firstName} ${m.lastName}!`,
      '',
      'Для вашей учётной записи э-сервиса отправлена ссылка для смены пароля. Выберите имя пользователя и пароль здесь:',
      m.link,
      '',
      `Ссылка действительна ${m.hours} часа. Если вы её не ожидали, не обращайте внимания на это письмо.`,
    ],
  }),
  lv: (m) => ({
    subject: 'Paroles atjaunošanas saite',
    body: [
      `Labdien, ${m.firstName} ${m.lastName}!`,
      '',
      'Jūsu e-pakalpojuma kontam ir nosūtīta paroles atjaunošanas saite. Izvēlieties lietotājvārdu un paroli šeit:',
      m.link,
      '',
      `Saite ir derīga ${m.hours} stundas. Ja jūs to negaidījāt, neņemiet šo vēstuli vērā.`,
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
      `Nuoroda galioja ${m.hours} valandas. Jei jos nelaukėte, nekreipkite dėmesio į šį laišką.`,
    ],
  }),
};

export function passwordResetMail(language: Language, m: PasswordResetMailInput): { subject: string; body: string } {
  const t = TEXTS[language](m);
  return { subject: t.subject, body: t.body.join('\n') };
}
