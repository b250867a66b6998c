/** Shipment registration's own texts (the page re-texts itself in place when the portal changes the language). */
import type { AppLang } from '../texts.js';

export interface OssTexts {
  shipments: string;
  newShipment: string;
  backToList: string;
  loading: string;
  loadFailed: string;
  noShipments: string;
  notFound: string;
  viewerOnly: string;
  trackingNumber: string;
  recipient: string;
  destination: string;
  status: string;
  registered: string;
  weight: string;
  service: string;
  address: string;
  recipientName: string;
  street: string;
  city: string;
  zipCode: string;
  country: string;
  weightKg: string;
  register: string;
  cancel: string;
  required: string;
  tooLong: string;
  badZip: string;
  badWeight: string;
  saveFailed: string;
  'status.REGISTERED': string;
  'status.IN_TRANSIT': string;
  'status.DELIVERED': string;
  'status.RETURNED': string;
  'service.PARCEL': string;
  'service.REGISTERED_LETTER': string;
  'service.COURIER': string;
}

export const OSS_TEXTS: Record<AppLang, OssTexts> = {
  et: {
    shipments: 'Saadetised',
    newShipment: 'Uus saadetis',
    backToList: 'Tagasi saadetiste juurde',
    loading: 'Laadimine…',
    loadFailed: 'Andmeid ei õnnestunud laadida. Palun proovige hiljem uuesti.',
    noShipments: 'Saadetisi veel ei ole.',
    notFound: 'Sellist saadetist ei leitud.',
    viewerOnly: 'Teie roll lubab saadetisi ainult vaadata.',
    trackingNumber: 'Saadetise number',
    recipient: 'Saaja',
    destination: 'Sihtkoht',
    status: 'Olek',
    registered: 'Registreeritud',
    weight: 'Kaal',
    service: 'Teenus',
    address: 'Aadress',
    recipientName: 'Saaja nimi',
    street: 'Tänav ja maja',
    city: 'Linn',
    zipCode: 'Postiindeks',
    country: 'Riik',
    weightKg: 'Kaal (kg)',
    register: 'Registreeri saadetis',
    cancel: 'Loobu',
    required: 'Täitke see väli.',
    tooLong: 'Tekst on liiga pikk.',
    badZip: 'Sisestage postiindeks (3–10 tähte või numbrit).',
    badWeight: 'Sisestage kaal vahemikus 0,01–30 kg.',
    saveFailed: 'Saadetist ei õnnestunud registreerida. Palun proovige hiljem uuesti.',
    'status.REGISTERED': 'Registreeritud',
    'status.IN_TRANSIT': 'Teel',
    'status.DELIVERED': 'Kätte toimetatud',
    'status.RETURNED': 'Tagastatud',
    'service.PARCEL': 'Pakk',
    'service.REGISTERED_LETTER': 'Tähitud kiri',
    'service.COURIER': 'Kuller',
  },
  en: {
    shipments: 'Shipments',
    newShipment: 'New shipment',
    backToList: 'Back to shipments',
    loading: 'Loading…',
    loadFailed: 'The data could not be loaded. Please try again later.',
    noShipments: 'There are no shipments yet.',
    notFound: 'No such shipment was found.',
    viewerOnly: 'Your role allows viewing shipments only.',
    trackingNumber: 'Tracking number',
    recipient: 'Recipient',
    destination: 'Destination',
    status: 'Status',
    registered: 'Registered',
    weight: 'Weight',
    service: 'Service',
    address: 'Address',
    recipientName: "Recipient's name",
    street: 'Street and house',
    city: 'City',
    zipCode: 'Postal code',
    country: 'Country',
    weightKg: 'Weight (kg)',
    register: 'Register the shipment',
    cancel: 'Cancel',
    required: 'Fill in this field.',
    tooLong: 'The text is too long.',
    badZip: 'Enter a postal code (3 to 10 letters or digits).',
    badWeight: 'Enter a weight from 0.01 to 30 kg.',
    saveFailed: 'The shipment could not be registered. Please try again later.',
    'status.REGISTERED': 'Registered',
    'status.IN_TRANSIT': 'In transit',
    'status.DELIVERED': 'Delivered',
    'status.RETURNED': 'Returned',
    'service.PARCEL': 'Parcel',
    'service.REGISTERED_LETTER': 'Registered letter',
    'service.COURIER': 'Courier',
  },
  ru: {
    shipments: 'Отправления',
    newShipment: 'Новое отправление',
    backToList: 'Назад к отправлениям',
    loading: 'Загрузка…',
    loadFailed: 'Не удалось загрузить данные. Пожалуйста, попробуйте позже.',
    noShipments: 'Отправлений пока нет.',
    notFound: 'Такое отправление не найдено.',
    viewerOnly: 'Ваша роль позволяет только просматривать отправления.',
    trackingNumber: 'Номер отправления',
    recipient: 'Получатель',
    destination: 'Пункт назначения',
    status: 'Статус',
    registered: 'Зарегистрировано',
    weight: 'Вес',
    service: 'Услуга',
    address: 'Адрес',
    recipientName: 'Имя получателя',
    street: 'Улица и дом',
    city: 'Город',
    zipCode: 'Почтовый индекс',
    country: 'Страна',
    weightKg: 'Вес (кг)',
    register: 'Зарегистрировать отправление',
    cancel: 'Отмена',
    required: 'Заполните это поле.',
    tooLong: 'Текст слишком длинный.',
    badZip: 'Введите почтовый индекс (от 3 до 10 букв или цифр).',
    badWeight: 'Введите вес от 0,01 до 30 кг.',
    saveFailed: 'Не удалось зарегистрировать отправление. Пожалуйста, попробуйте позже.',
    'status.REGISTERED': 'Зарегистрировано',
    'status.IN_TRANSIT': 'В пути',
    'status.DELIVERED': 'Доставлено',
    'status.RETURNED': 'Возвращено',
    'service.PARCEL': 'Посылка',
    'service.REGISTERED_LETTER': 'Заказное письмо',
    'service.COURIER': 'Курьер',
  },
  lv: {
    shipments: 'Sūtījumi',
    newShipment: 'Jauns sūtījums',
    backToList: 'Atpakaļ uz sūtījumiem',
    loading: 'Ielādē…',
    loadFailed: 'Datus neizdevās ielādēt. Lūdzu, mēģiniet vēlāk.',
    noShipments: 'Sūtījumu vēl nav.',
    notFound: 'Šāds sūtījums netika atrasts.',
    viewerOnly: 'Jūsu loma ļauj sūtījumus tikai skatīt.',
    trackingNumber: 'Sūtījuma numurs',
    recipient: 'Saņēmējs',
    destination: 'Galamērķis',
    status: 'Statuss',
    registered: 'Reģistrēts',
    weight: 'Svars',
    service: 'Pakalpojums',
    address: 'Adrese',
    recipientName: 'Saņēmēja vārds',
    street: 'Iela un māja',
    city: 'Pilsēta',
    zipCode: 'Pasta indekss',
    country: 'Valsts',
    weightKg: 'Svars (kg)',
    register: 'Reģistrēt sūtījumu',
    cancel: 'Atcelt',
    required: 'Aizpildiet šo lauku.',
    tooLong: 'Teksts ir pārāk garš.',
    badZip: 'Ievadiet pasta indeksu (3 līdz 10 burti vai cipari).',
    badWeight: 'Ievadiet svaru no 0,01 līdz 30 kg.',
    saveFailed: 'Sūtījumu neizdevās reģistrēt. Lūdzu, mēģiniet vēlāk.',
    'status.REGISTERED': 'Reģistrēts',
    'status.IN_TRANSIT': 'Ceļā',
    'status.DELIVERED': 'Piegādāts',
    'status.RETURNED': 'Atgriezts',
    'service.PARCEL': 'Paka',
    'service.REGISTERED_LETTER': 'Ierakstīta vēstule',
    'service.COURIER': 'Kurjers',
  },
  lt: {
    shipments: 'Siuntos',
    newShipment: 'Nauja siunta',
    backToList: 'Atgal į siuntas',
    loading: 'Įkeliama…',
    loadFailed: 'Nepavyko įkelti duomenų. Bandykite vėliau.',
    noShipments: 'Siuntų dar nėra.',
    notFound: 'Tokia siunta nerasta.',
    viewerOnly: 'Jūsų vaidmuo leidžia siuntas tik peržiūrėti.',
    trackingNumber: 'Siuntos numeris',
    recipient: 'Gavėjas',
    destination: 'Paskirties vieta',
    status: 'Būsena',
    registered: 'Užregistruota',
    weight: 'Svoris',
    service: 'Paslauga',
    address: 'Adresas',
    recipientName: 'Gavėjo vardas',
    street: 'Gatvė ir namas',
    city: 'Miestas',
    zipCode: 'Pašto kodas',
    country: 'Šalis',
    weightKg: 'Svoris (kg)',
    register: 'Registruoti siuntą',
    cancel: 'Atšaukti',
    required: 'Užpildykite šį lauką.',
    tooLong: 'Tekstas per ilgas.',
    badZip: 'Įveskite pašto kodą (nuo 3 iki 10 raidžių ar skaitmenų).',
    badWeight: 'Įveskite svorį nuo 0,01 iki 30 kg.',
    saveFailed: 'Nepavyko užregistruoti siuntos. Bandykite vėliau.',
    'status.REGISTERED': 'Užregistruota',
    'status.IN_TRANSIT': 'Kelyje',
    'status.DELIVERED': 'Pristatyta',
    'status.RETURNED': 'Grąžinta',
    'service.PARCEL': 'Siuntinys',
    'service.REGISTERED_LETTER': 'Registruotas laiškas',
    'service.COURIER': 'Kurjeris',
  },
};
