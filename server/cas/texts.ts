/** The sign-on page's texts (a simulator page, so its dictionary lives server-side). Keyed by EPIT-LANGUAGE cookie values. */
export type CasLang = 'et' | 'en' | 'ru' | 'lv' | 'lt';

export const CAS_LANG_FROM_COOKIE: Record<string, CasLang> = { est: 'et', eng: 'en', rus: 'ru', lav: 'lv', lit: 'lt' };
export const CAS_LANG_TO_COOKIE: Record<CasLang, string> = { et: 'est', en: 'eng', ru: 'rus', lv: 'lav', lt: 'lit' };
export const CAS_LANG_NAMES: Record<CasLang, string> = {
  et: 'Eesti',
  en: 'English',
  ru: 'Русский',
  lv: 'Latviešu',
  lt: 'Lietuvių',
};

export interface CasTexts {
  title: string;
  heading: string;
  intro: string;
  username: string;
  password: string;
  logIn: string;
  wrongCredentials: string;
  missingFields: string;
  demoHeading: string;
  demoHint: string;
  staff: string;
  logInAs: string;
  loggedInTitle: string;
  loggedIn: string;
  loggedOutTitle: string;
  loggedOut: string;
  unknownService: string;
  language: string;
  ticketFailedTitle: string;
  ticketFailed: string;
  logInAgain: string;
}

export const CAS_TEXTS: Record<CasLang, CasTexts> = {
  en: {
    title: 'Sign in – e-service',
    heading: 'Log in to the e-service',
    intro: 'Enter your username and password.',
    username: 'Username',
    password: 'Password',
    logIn: 'Log in',
    wrongCredentials: 'Wrong username or password. Check them and try again.',
    missingFields: 'Enter both your username and your password.',
    demoHeading: 'Demo people',
    demoHint: 'Sign-on simulator: log in as a demo person with one click.',
    staff: 'staff',
    logInAs: 'Log in as',
    loggedInTitle: 'You are logged in',
    loggedIn: 'You are logged in to the single sign-on service.',
    loggedOutTitle: 'You are logged out',
    loggedOut: 'You have been logged out of the single sign-on service.',
    unknownService: 'The address to return to is not allowed.',
    language: 'Language',
    ticketFailedTitle: 'Sign-on failed',
    ticketFailed: 'The sign-on ticket is invalid, used or expired. Log in again.',
    logInAgain: 'Log in again',
  },
  et: {
    title: 'Sisselogimine – e-teenindus',
    heading: 'Logi sisse e-teenindusse',
    intro: 'Sisesta kasutajanimi ja parool.',
    username: 'Kasutajanimi',
    password: 'Parool',
    logIn: 'Logi sisse',
    wrongCredentials: 'Vale kasutajanimi või parool. Kontrolli ja proovi uuesti.',
    missingFields: 'Sisesta nii kasutajanimi kui ka parool.',
    demoHeading: 'Demoinimesed',
    demoHint: 'Sisselogimise simulaator: logi demoinimesena sisse ühe klõpsuga.',
    staff: 'töötaja',
    logInAs: 'Logi sisse kui',
    loggedInTitle: 'Oled sisse logitud',
    loggedIn: 'Oled ühekordse sisselogimise teenusesse sisse logitud.',
    loggedOutTitle: 'Oled välja logitud',
    loggedOut: 'Oled ühekordse sisselogimise teenusest välja logitud.',
    unknownService: 'Tagasipöördumise aadress ei ole lubatud.',
    language: 'Keel',
    ticketFailedTitle: 'Sisselogimine ebaõnnestus',
    ticketFailed: 'Sisselogimise pilet on vigane, juba kasutatud või aegunud. Logi uuesti sisse.',
    logInAgain: 'Logi uuesti sisse',
  },
  ru: {
    title: 'Вход – э-сервис',
    heading: 'Войти в э-сервис',
    intro: 'Введите имя пользователя и пароль.',
    username: 'Имя пользователя',
    password: 'Пароль',
    logIn: 'Войти',
    wrongCredentials: 'Неверное имя пользователя или пароль. Проверьте и попробуйте ещё раз.',
    missingFields: 'Введите имя пользователя и пароль.',
    demoHeading: 'Демо-пользователи',
    demoHint: 'Симулятор единого входа: войдите как демо-пользователь одним щелчком.',
    staff: 'сотрудник',
    logInAs: 'Войти как',
    loggedInTitle: 'Вы вошли в систему',
    loggedIn: 'Вы вошли в службу единого входа.',
    loggedOutTitle: 'Вы вышли из системы',
    loggedOut: 'Вы вышли из службы единого входа.',
    unknownService: 'Адрес возврата не разрешён.',
    language: 'Язык',
    ticketFailedTitle: 'Вход не удался',
    ticketFailed: 'Билет входа недействителен, уже использован или просрочен. Войдите снова.',
    logInAgain: 'Войти снова',
  },
  lv: {
    title: 'Pieteikšanās – e-pakalpojums',
    heading: 'Pieteikties e-pakalpojumā',
    intro: 'Ievadiet lietotājvārdu un paroli.',
    username: 'Lietotājvārds',
    password: 'Parole',
    logIn: 'Pieteikties',
    wrongCredentials: 'Nepareizs lietotājvārds vai parole. Pārbaudiet un mēģiniet vēlreiz.',
    missingFields: 'Ievadiet gan lietotājvārdu, gan paroli.',
    demoHeading: 'Demo personas',
    demoHint: 'Vienotās pieteikšanās simulators: piesakieties kā demo persona ar vienu klikšķi.',
    staff: 'darbinieks',
    logInAs: 'Pieteikties kā',
    loggedInTitle: 'Jūs esat pieteicies',
    loggedIn: 'Jūs esat pieteicies vienotās pieteikšanās pakalpojumā.',
    loggedOutTitle: 'Jūs esat izrakstījies',
    loggedOut: 'Jūs esat izrakstījies no vienotās pieteikšanās pakalpojuma.',
    unknownService: 'Atgriešanās adrese nav atļauta.',
    language: 'Valoda',
    ticketFailedTitle: 'Pieteikšanās neizdevās',
    ticketFailed: 'Pieteikšanās biļete ir nederīga, jau izmantota vai beigusies. Piesakieties vēlreiz.',
    logInAgain: 'Pieteikties vēlreiz',
  },
  lt: {
    title: 'Prisijungimas – e. paslauga',
    heading: 'Prisijunkite prie e. paslaugos',
    intro: 'Įveskite naudotojo vardą ir slaptažodį.',
    username: 'Naudotojo vardas',
    password: 'Slaptažodis',
    logIn: 'Prisijungti',
    wrongCredentials: 'Neteisingas naudotojo vardas arba slaptažodis. Patikrinkite ir bandykite dar kartą.',
    missingFields: 'Įveskite naudotojo vardą ir slaptažodį.',
    demoHeading: 'Demonstraciniai asmenys',
    demoHint: 'Bendro prisijungimo simuliatorius: prisijunkite kaip demonstracinis asmuo vienu paspaudimu.',
    staff: 'darbuotojas',
    logInAs: 'Prisijungti kaip',
    loggedInTitle: 'Jūs prisijungėte',
    loggedIn: 'Jūs prisijungėte prie bendro prisijungimo paslaugos.',
    loggedOutTitle: 'Jūs atsijungėte',
    loggedOut: 'Jūs atsijungėte nuo bendro prisijungimo paslaugos.',
    unknownService: 'Grįžimo adresas neleidžiamas.',
    language: 'Kalba',
    ticketFailedTitle: 'Prisijungti nepavyko',
    ticketFailed: 'Prisijungimo bilietas negalioja, jau panaudotas arba pasibaigęs. Prisijunkite iš naujo.',
    logInAgain: 'Prisijungti iš naujo',
  },
};
