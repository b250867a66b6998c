/**
 * The demo applications' shared chrome texts in the portal's five languages. Each application keeps its own texts in
 * its folder (oss/texts.ts, ...); these are the pages every application has (signed out, access denied, maintenance).
 * The language comes from the frame URL's `lang` (spec 1 §7), else the portal's EPIT-LANGUAGE cookie, else et.
 */
export const APP_LANGS = ['et', 'en', 'ru', 'lv', 'lt'] as const;
export type AppLang = (typeof APP_LANGS)[number];

const FROM_COOKIE: Record<string, AppLang> = { est: 'et', eng: 'en', rus: 'ru', lav: 'lv', lit: 'lt' };

export function pickLang(lang: unknown, cookie: string | undefined): AppLang {
  const l = typeof lang === 'string' ? lang.trim().toLowerCase() : '';
  const fromParam = APP_LANGS.find((x) => x === l) ?? FROM_COOKIE[l];
  return fromParam ?? FROM_COOKIE[cookie?.toLowerCase() ?? ''] ?? 'et';
}

/** Locale for Intl date and number formats. */
export const LOCALE: Record<AppLang, string> = { et: 'et-EE', en: 'en-GB', ru: 'ru-RU', lv: 'lv-LV', lt: 'lt-LT' };

export interface CommonTexts {
  signedOutTitle: string;
  signedOut: string;
  openPortal: string;
  deniedTitle: string;
  denied: string;
  maintenanceTitle: string;
  maintenance: string;
  noPartyTitle: string;
  noParty: string;
  signOnFailedTitle: string;
  signOnFailed: string;
  /** a sign-on callback whose state this browser does not hold (sign-on.ts) */
  notBegun: string;
  tryAgain: string;
  /** the question when a sign-on names another person than the signed-in one: {current}, {next} are their names */
  switchTitle: string;
  switchText: string;
  switchContinue: string;
  switchKeep: string;
  unavailableTitle: string;
  unavailable: string;
  signedInAs: string;
  actingFor: string;
  role: string;
  regCode: string;
  personalCode: string;
  loggedOutTitle: string;
  loggedOut: string;
  profileTitle: string;
  profile: string;
  notFoundTitle: string;
  notFound: string;
}

export const COMMON_TEXTS: Record<AppLang, CommonTexts> = {
  et: {
    signedOutTitle: 'Te ei ole sisse logitud',
    signedOut: 'Selle rakenduse kasutamiseks logige sisse iseteeninduses.',
    openPortal: 'Ava iseteenindus',
    deniedTitle: 'Juurdepääs keelatud',
    denied: 'Teil ei ole õigust kasutada seda rakendust valitud esindatava nimel.',
    maintenanceTitle: 'Hooldustööd',
    maintenance: 'Rakenduses on tehnilised tõrked. Palun proovige hiljem uuesti.',
    noPartyTitle: 'Esindatav on valimata',
    noParty: 'Avage rakendus iseteeninduses, kus saate valida, keda esindate.',
    signOnFailedTitle: 'Sisselogimine ebaõnnestus',
    signOnFailed: 'Sisselogimise kinnitust ei õnnestunud kontrollida.',
    notBegun: 'Seda sisselogimist ei alustatud selles brauseris. Avage rakendus uuesti iseteeninduse kaudu.',
    switchTitle: 'Sisse on logitud teine isik',
    switchText:
      'Selles rakenduses on sisse logitud {current}, kuid uus sisselogimine on isiku {next} nimel. Kellena soovite jätkata?',
    switchContinue: 'Jätka kasutajana {next}',
    switchKeep: 'Jää sisse kasutajana {current}',
    tryAgain: 'Proovi uuesti',
    unavailableTitle: 'Teenus ei ole kättesaadav',
    unavailable: 'Õiguste kontroll ei õnnestunud. Palun proovige hiljem uuesti.',
    signedInAs: 'Sisse logitud',
    actingFor: 'Esindatav',
    role: 'Roll',
    regCode: 'registrikood',
    personalCode: 'isikukood',
    loggedOutTitle: 'Välja logitud',
    loggedOut: 'Olete sellest rakendusest välja logitud.',
    profileTitle: 'Profiil',
    profile: 'Teie andmed selles rakenduses tulevad iseteenindusest.',
    notFoundTitle: 'Lehte ei leitud',
    notFound: 'Sellist lehte selles rakenduses ei ole.',
  },
  en: {
    signedOutTitle: 'You are not signed in',
    signedOut: 'Sign in to the self-service portal to use this application.',
    openPortal: 'Open the self-service portal',
    deniedTitle: 'Access denied',
    denied: 'You have no right to use this application for the chosen representee.',
    maintenanceTitle: 'Maintenance',
    maintenance: 'The application has technical issues. Please try again later.',
    noPartyTitle: 'No representee chosen',
    noParty: 'Open the application from the self-service portal, where you choose whom you act for.',
    signOnFailedTitle: 'Sign-on failed',
    signOnFailed: 'Your sign-on could not be confirmed.',
    notBegun: 'This sign-on was not started in this browser. Open the application again from the self-service portal.',
    switchTitle: 'Another person is signed in',
    switchText:
      '{current} is signed in to this application, but this sign-on is for {next}. Whom do you want to continue as?',
    switchContinue: 'Continue as {next}',
    switchKeep: 'Stay signed in as {current}',
    tryAgain: 'Try again',
    unavailableTitle: 'Service unavailable',
    unavailable: 'Your rights could not be checked. Please try again later.',
    signedInAs: 'Signed in as',
    actingFor: 'Acting for',
    role: 'Role',
    regCode: 'registry code',
    personalCode: 'personal code',
    loggedOutTitle: 'Signed out',
    loggedOut: 'You have signed out of this application.',
    profileTitle: 'Profile',
    profile: 'Your details in this application come from the self-service portal.',
    notFoundTitle: 'Page not found',
    notFound: 'This application has no such page.',
  },
  ru: {
    signedOutTitle: 'Вы не вошли в систему',
    signedOut: 'Чтобы пользоваться этим приложением, войдите в самообслуживание.',
    openPortal: 'Открыть самообслуживание',
    deniedTitle: 'Доступ запрещён',
    denied: 'У вас нет права пользоваться этим приложением от имени выбранного представляемого.',
    maintenanceTitle: 'Технические работы',
    maintenance: 'В работе приложения технические сбои. Пожалуйста, попробуйте позже.',
    noPartyTitle: 'Представляемый не выбран',
    noParty: 'Откройте приложение в самообслуживании, где вы выбираете, кого представляете.',
    signOnFailedTitle: 'Вход не удался',
    signOnFailed: 'Не удалось подтвердить ваш вход.',
    notBegun: 'Этот вход был начат не в этом браузере. Откройте приложение заново из самообслуживания.',
    switchTitle: 'Вход выполнен другим пользователем',
    switchText:
      'В этом приложении уже выполнен вход как {current}, а этот вход выполнен как {next}. От чьего имени продолжить?',
    switchContinue: 'Продолжить как {next}',
    switchKeep: 'Остаться в системе как {current}',
    tryAgain: 'Попробовать снова',
    unavailableTitle: 'Услуга недоступна',
    unavailable: 'Не удалось проверить ваши права. Пожалуйста, попробуйте позже.',
    signedInAs: 'Вы вошли как',
    actingFor: 'Представляемый',
    role: 'Роль',
    regCode: 'регистрационный код',
    personalCode: 'личный код',
    loggedOutTitle: 'Вы вышли',
    loggedOut: 'Вы вышли из этого приложения.',
    profileTitle: 'Профиль',
    profile: 'Ваши данные в этом приложении берутся из самообслуживания.',
    notFoundTitle: 'Страница не найдена',
    notFound: 'В этом приложении нет такой страницы.',
  },
  lv: {
    signedOutTitle: 'Jūs neesat pieteicies',
    signedOut: 'Lai izmantotu šo lietotni, piesakieties pašapkalpošanās portālā.',
    openPortal: 'Atvērt pašapkalpošanās portālu',
    deniedTitle: 'Piekļuve liegta',
    denied: 'Jums nav tiesību izmantot šo lietotni izvēlētā pārstāvamā vārdā.',
    maintenanceTitle: 'Apkopes darbi',
    maintenance: 'Lietotnes darbībā ir tehniski traucējumi. Lūdzu, mēģiniet vēlāk.',
    noPartyTitle: 'Pārstāvamais nav izvēlēts',
    noParty: 'Atveriet lietotni pašapkalpošanās portālā, kur izvēlaties, ko pārstāvat.',
    signOnFailedTitle: 'Pieteikšanās neizdevās',
    signOnFailed: 'Jūsu pieteikšanos neizdevās apstiprināt.',
    notBegun:
      'Šī pieteikšanās netika sākta šajā pārlūkprogrammā. Atveriet lietotni vēlreiz no pašapkalpošanās portāla.',
    switchTitle: 'Ir pieteicies cits lietotājs',
    switchText:
      'Šajā lietotnē jau ir pieteicies {current}, bet šī pieteikšanās ir lietotājam {next}. Kura lietotāja vārdā vēlaties turpināt?',
    switchContinue: 'Turpināt kā {next}',
    switchKeep: 'Palikt kā {current}',
    tryAgain: 'Mēģināt vēlreiz',
    unavailableTitle: 'Pakalpojums nav pieejams',
    unavailable: 'Jūsu tiesības neizdevās pārbaudīt. Lūdzu, mēģiniet vēlāk.',
    signedInAs: 'Pieteicies kā',
    actingFor: 'Pārstāvamais',
    role: 'Loma',
    regCode: 'reģistrācijas numurs',
    personalCode: 'personas kods',
    loggedOutTitle: 'Izrakstījies',
    loggedOut: 'Jūs esat izrakstījies no šīs lietotnes.',
    profileTitle: 'Profils',
    profile: 'Jūsu dati šajā lietotnē tiek ņemti no pašapkalpošanās portāla.',
    notFoundTitle: 'Lapa nav atrasta',
    notFound: 'Šajā lietotnē nav šādas lapas.',
  },
  lt: {
    signedOutTitle: 'Jūs neprisijungę',
    signedOut: 'Norėdami naudotis šia programa, prisijunkite prie savitarnos.',
    openPortal: 'Atverti savitarną',
    deniedTitle: 'Prieiga uždrausta',
    denied: 'Neturite teisės naudotis šia programa pasirinkto atstovaujamojo vardu.',
    maintenanceTitle: 'Priežiūros darbai',
    maintenance: 'Programos veikloje yra techninių sutrikimų. Bandykite vėliau.',
    noPartyTitle: 'Atstovaujamasis nepasirinktas',
    noParty: 'Atverkite programą savitarnoje, kur pasirenkate, ką atstovaujate.',
    signOnFailedTitle: 'Prisijungti nepavyko',
    signOnFailed: 'Nepavyko patvirtinti jūsų prisijungimo.',
    notBegun: 'Šis prisijungimas pradėtas ne šioje naršyklėje. Atverkite programą iš savitarnos iš naujo.',
    switchTitle: 'Prisijungęs kitas naudotojas',
    switchText:
      'Šioje programoje jau prisijungęs {current}, o dabar prisijungta kaip {next}. Kuriuo naudotoju norite tęsti?',
    switchContinue: 'Tęsti kaip {next}',
    switchKeep: 'Likti prisijungus kaip {current}',
    tryAgain: 'Bandyti dar kartą',
    unavailableTitle: 'Paslauga nepasiekiama',
    unavailable: 'Nepavyko patikrinti jūsų teisių. Bandykite vėliau.',
    signedInAs: 'Prisijungęs',
    actingFor: 'Atstovaujamasis',
    role: 'Vaidmuo',
    regCode: 'įmonės kodas',
    personalCode: 'asmens kodas',
    loggedOutTitle: 'Atsijungta',
    loggedOut: 'Jūs atsijungėte nuo šios programos.',
    profileTitle: 'Profilis',
    profile: 'Jūsų duomenys šioje programoje gaunami iš savitarnos.',
    notFoundTitle: 'Puslapis nerastas',
    notFound: 'Šioje programoje tokio puslapio nėra.',
  },
};

/**
 * What the demo server hosts: the three applications of the portal's frames, and the private package service the
 * portal sends a private person's LOGISTICS to (spec 1 §2, user-settings/service-urls; parcels/index.ts).
 */
export type DemoApplication = 'OSS' | 'PERIODICALS' | 'FINANCE' | 'PARCELS';

/**
 * Their names (spec 1 §8 error.service.{app}: shipment registration, periodicals, invoicing management; and the
 * private package service).
 */
export const APP_NAMES: Record<DemoApplication, Record<AppLang, string>> = {
  OSS: {
    et: 'Saadetiste registreerimine',
    en: 'Shipment registration',
    ru: 'Регистрация отправлений',
    lv: 'Sūtījumu reģistrēšana',
    lt: 'Siuntų registravimas',
  },
  PERIODICALS: {
    et: 'Perioodika',
    en: 'Periodicals',
    ru: 'Периодика',
    lv: 'Periodika',
    lt: 'Periodiniai leidiniai',
  },
  FINANCE: {
    et: 'Arvete haldus',
    en: 'Invoicing management',
    ru: 'Управление счетами',
    lv: 'Rēķinu pārvaldība',
    lt: 'Sąskaitų valdymas',
  },
  PARCELS: {
    et: 'Pakiteenus eraisikule',
    en: 'Package service for private customers',
    ru: 'Посылки для частных лиц',
    lv: 'Paku pakalpojums privātpersonām',
    lt: 'Siuntų paslauga privatiems asmenims',
  },
};
