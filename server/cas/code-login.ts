/**
 * Demo sign-on by personal code, for the people a customer's administrator adds in the rights modal: the
 * system learns them then (a persons row with no username, server/routes/user/save.ts), and they have no password
 * until they register. A real sign-on service identifies them by ID-card, Mobile-ID or Smart-ID, which yields the
 * same thing: a global person id (country + personal code). This form stands in for that, only where one-click demo
 * logins are on (not in live run mode), and only for people without a username who are not staff, so it never
 * replaces a password a demo person has. Before the administrator's save, the person is unknown and cannot sign on.
 */
import type { Db } from '../db/index.js';
import { esc } from '../lib/html.js';
import type { CasLang } from './texts.js';

const TEXTS: Record<CasLang, { heading: string; hint: string; label: string; button: string }> = {
  en: {
    heading: 'Sign on by personal code (demo)',
    hint: 'Stands in for an ID-card or Smart-ID sign-on, for people added by a customer who have no username yet.',
    label: 'Country and personal code, e.g. EE39001010000',
    button: 'Sign on with this code',
  },
  et: {
    heading: 'Sisselogimine isikukoodiga (demo)',
    hint: 'Asendab ID-kaardi või Smart-ID sisselogimist inimestele, kelle klient on lisanud ja kel pole veel kasutajanime.',
    label: 'Riik ja isikukood, nt EE39001010000',
    button: 'Sisene selle koodiga',
  },
  ru: {
    heading: 'Вход по личному коду (демо)',
    hint: 'Заменяет вход с ID-картой или Smart-ID для людей, добавленных клиентом и ещё не имеющих имени пользователя.',
    label: 'Страна и личный код, напр. EE39001010000',
    button: 'Войти с этим кодом',
  },
  lv: {
    heading: 'Pieteikšanās ar personas kodu (demo)',
    hint: 'Aizstāj pieteikšanos ar ID karti vai Smart-ID personām, kuras pievienojis klients un kurām vēl nav lietotājvārda.',
    label: 'Valsts un personas kods, piem. EE39001010000',
    button: 'Pieteikties ar šo kodu',
  },
  lt: {
    heading: 'Prisijungimas asmens kodu (demo)',
    hint: 'Pakeičia prisijungimą asmens tapatybės kortele ar Smart-ID asmenims, kuriuos pridėjo klientas ir kurie dar neturi vartotojo vardo.',
    label: 'Šalis ir asmens kodas, pvz. EE39001010000',
    button: 'Prisijungti šiuo kodu',
  },
};

/** The form on the sign-on page; `hidden` carries the service and execution fields of the page. */
export function codeLoginSection(lang: CasLang, action: string, hidden: string): string {
  const t = TEXTS[lang];
  return `<section aria-labelledby="code-heading">
<h2 id="code-heading">${esc(t.heading)}</h2>
<p class="hint">${esc(t.hint)}</p>
<form method="post" action="${esc(action)}">${hidden}
<label for="demoPersonalCode">${esc(t.label)}</label>
<input type="text" id="demoPersonalCode" name="demoPersonalCode" autocomplete="off" autocapitalize="characters" spellcheck="false" required>
<button type="submit">${esc(t.button)}</button>
</form>
</section>`;
}

/** The fgid the code signs on, or null: only a known, active person without a username who is not staff. */
export async function personByCode(db: Db, code: string): Promise<string | null> {
  const fgid = code.trim().toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9-]{1,23}$/.test(fgid)) return null;
  const p = await db
    .selectFrom('persons')
    .select('fgid')
    .where('fgid', '=', fgid)
    .where('username', 'is', null)
    .where('not_active', '=', 0)
    .where('auth_channel', '!=', 'IN_AD')
    .executeTakeFirst();
  return p?.fgid ?? null;
}
