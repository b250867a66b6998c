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
  /** the CAS 3.0 §2.2.1 `warn` checkbox and the page it leads to */
  warn: string;
  warnTitle: string;
  warnText: string;
  continueTo: string;
  /** a POST without a valid `execution` token (a stale page, or a cross-site form) */
  flowExpired: string;
  /** the portal's callback could not reach the sign-on server */
  unavailable: string;
  /** the login throttle (429); {minutes} is how long to wait */
  tooManyAttempts: string;
  /** a sign-on form posted from another site (login CSRF) */
  foreignOrigin: string;
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
    warn: 'Ask me before signing me in to other services',
    warnTitle: 'Continue to the service?',
    warnText: 'You are signed in. Do you want to sign in to this service as well?',
    continueTo: 'Continue',
    flowExpired: 'This sign-on page has expired. Log in again.',
    unavailable: 'The sign-on service cannot be reached right now. Try again in a moment.',
    tooManyAttempts: 'Too many failed attempts to log in. Wait {minutes} min and try again.',
    foreignOrigin:
      'The sign-on form was sent from another site, so it was refused. Open the sign-on page again and log in there.',
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
    warn: 'Küsi enne, kui mind teistesse teenustesse sisse logitakse',
    warnTitle: 'Kas jätkata teenusesse?',
    warnText: 'Oled sisse logitud. Kas soovid sisse logida ka sellesse teenusesse?',
    continueTo: 'Jätka',
    flowExpired: 'See sisselogimise leht on aegunud. Logi uuesti sisse.',
    unavailable: 'Sisselogimise teenus ei ole praegu kättesaadav. Proovi hetke pärast uuesti.',
    tooManyAttempts: 'Liiga palju ebaõnnestunud sisselogimiskatseid. Oota {minutes} min ja proovi uuesti.',
    foreignOrigin:
      'Sisselogimisvorm saadeti teiselt saidilt ja see lükati tagasi. Ava sisselogimisleht uuesti ja logi sisse seal.',
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
    warn: 'Спрашивать меня перед входом в другие сервисы',
    warnTitle: 'Перейти в сервис?',
    warnText: 'Вы вошли в систему. Войти также в этот сервис?',
    continueTo: 'Продолжить',
    flowExpired: 'Эта страница входа устарела. Войдите снова.',
    unavailable: 'Служба входа сейчас недоступна. Попробуйте ещё раз через минуту.',
    tooManyAttempts: 'Слишком много неудачных попыток входа. Подождите {minutes} мин. и попробуйте ещё раз.',
    foreignOrigin:
      'Форма входа отправлена с другого сайта и поэтому отклонена. Откройте страницу входа заново и войдите там.',
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
    warn: 'Jautāt man pirms pieteikšanās citos pakalpojumos',
    warnTitle: 'Turpināt uz pakalpojumu?',
    warnText: 'Jūs esat pieteicies. Vai vēlaties pieteikties arī šajā pakalpojumā?',
    continueTo: 'Turpināt',
    flowExpired: 'Šī pieteikšanās lapa vairs nav derīga. Piesakieties vēlreiz.',
    unavailable: 'Pieteikšanās pakalpojums pašlaik nav pieejams. Mēģiniet vēlreiz pēc brīža.',
    tooManyAttempts: 'Pārāk daudz neveiksmīgu pieteikšanās mēģinājumu. Pagaidiet {minutes} min un mēģiniet vēlreiz.',
    foreignOrigin:
      'Pieteikšanās forma tika nosūtīta no citas vietnes, tāpēc tā tika noraidīta. Atveriet pieteikšanās lapu vēlreiz un piesakieties tur.',
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
    warn: 'Klausti manęs prieš prijungiant prie kitų paslaugų',
    warnTitle: 'Tęsti į paslaugą?',
    warnText: 'Jūs prisijungę. Ar norite prisijungti ir prie šios paslaugos?',
    continueTo: 'Tęsti',
    flowExpired: 'Šis prisijungimo puslapis nebegalioja. Prisijunkite iš naujo.',
    unavailable: 'Prisijungimo paslauga šiuo metu nepasiekiama. Bandykite dar kartą po akimirkos.',
    tooManyAttempts: 'Per daug nesėkmingų bandymų prisijungti. Palaukite {minutes} min. ir bandykite dar kartą.',
    foreignOrigin:
      'Prisijungimo forma atsiųsta iš kitos svetainės, todėl ji atmesta. Atidarykite prisijungimo puslapį iš naujo ir prisijunkite ten.',
  },
};
