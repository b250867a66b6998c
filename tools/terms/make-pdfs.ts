/**
 * Writes two documents as one PDF per language each:
 * - the general terms of the business customer contract, public/terms/general-terms-<lang>.pdf (served as
 *   /ui/terms/...; linked from the customer-add modal);
 * - the portal's own terms of use (./terms-of-use.ts), public/terms/terms-of-use-<lang>.pdf (served as
 *   /api/user-add/eula/<LANG>.pdf; linked from the terms-of-use modal of account creation).
 *
 *   npm run terms:pdf
 *
 * Each document is laid out as HTML and printed by the system Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium), so Estonian, Latvian and Lithuanian diacritics and Russian Cyrillic are real
 * glyphs from an embedded (subsetted) font. The text carries no timestamps; Chromium adds its own
 * creation date to the PDF metadata, so the bytes differ between runs but the content does not.
 * The wording is a representative summary; the binding text comes from the legal department.
 * `npm run build` copies public/ into dist/, so rebuild after regenerating to serve the new files.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../lib/chromium.js';
import { TERMS_OF_USE } from './terms-of-use.js';

export type TermsLanguage = 'et' | 'en' | 'ru' | 'lv' | 'lt';

export interface TermsText {
  title: string;
  /** version and the date the terms apply from */
  version: string;
  clauses: [heading: string, text: string][];
  closing: string;
  page: string;
}

export const VERSION = '2025-1';

export const TERMS: Record<TermsLanguage, TermsText> = {
  et: {
    title: 'EPIT ärikliendi lepingu üldtingimused',
    version: `Versioon ${VERSION} · kehtivad alates 01.01.2025`,
    clauses: [
      [
        'Lepingu ese',
        'Leping reguleerib posti- ja pakiteenuste osutamist EPIT-i (edaspidi teenuseosutaja) poolt ärikliendile (edaspidi klient) ning kliendi poolt iseteeninduskeskkonna kasutamist.',
      ],
      [
        'Lepingu sõlmimine',
        'Leping sõlmitakse iseteeninduskeskkonnas ja allkirjastatakse kvalifitseeritud digitaalallkirjaga ID-kaardi, Mobiil-ID või Smart-ID abil. Leping jõustub hetkest, mil kliendi esindaja on selle allkirjastanud.',
      ],
      [
        'Esindusõigus',
        'Lepingu allkirjastajal peab olema õigus klienti esindada, näiteks äriregistrisse kantud juhatuse liikmena või kirjaliku volikirja alusel. Teenuseosutaja kontrollib esindusõigust äriregistrist ja võib lepingu sõlmimisest keelduda, kui esindusõigust ei ole võimalik kinnitada.',
      ],
      [
        'Teenused ja hinnad',
        'Teenuseid osutatakse teenuse tellimise ajal kehtivate teenusekirjelduste ja hinnakirja alusel, mis on avaldatud teenuseosutaja veebilehel.',
      ],
      [
        'Arveldamine ja krediit',
        'Teenuste eest esitatakse arve üks kord kuus ja see tuleb tasuda 14 päeva jooksul. Teenuseosutaja võib krediidihinnangu alusel määrata kliendile krediidilimiidi ning seda muuta või selle tühistada, kui kliendi maksekäitumine või finantsseisund muutub. Makse hilinemisel võib teenuseosutaja nõuda viivist 0,06% tasumata summast iga päeva eest.',
      ],
      [
        'Kliendi kohustused',
        'Klient pakendab saadetised nõuetekohaselt, esitab õiged saaja andmed ega saada esemeid, mille saatmine on keelatud.',
      ],
      [
        'Vastutus',
        'Teenuseosutaja vastutus saadetise kaotsimineku või kahjustumise eest on piiratud seaduses ja teenusekirjeldustes sätestatud summadega. Kumbki pool ei vastuta kaudse kahju eest.',
      ],
      [
        'Muutmine ja lõpetamine',
        'Leping on sõlmitud tähtajatult. Kumbki pool võib lepingu üles öelda, teatades sellest teisele poolele kirjalikku taasesitamist võimaldavas vormis 30 päeva ette. Teenuseosutaja võib lepingu erakorraliselt üles öelda, kui klient ei ole arvet tasunud 30 päeva jooksul pärast maksetähtpäeva. Üldtingimuste muudatustest teatatakse vähemalt 30 päeva ette.',
      ],
      [
        'Isikuandmed ja vaidlused',
        'Isikuandmeid töödeldakse kooskõlas isikuandmete kaitse üldmääruse ja teenuseosutaja privaatsuspoliitikaga. Lepingule kohaldatakse Eesti Vabariigi õigust; vaidlused lahendatakse läbirääkimiste teel, kokkuleppe puudumisel Harju Maakohtus.',
      ],
    ],
    closing: 'Lepingu allkirjastamisega kinnitab kliendi esindaja, et on üldtingimustega tutvunud ja nõustub nendega.',
    page: 'lk',
  },
  en: {
    title: 'General terms of the EPIT business customer contract',
    version: `Version ${VERSION} · valid from 1 January 2025`,
    clauses: [
      [
        'Subject of the contract',
        'The contract governs the postal and parcel services that EPIT (the service provider) provides to a business customer (the customer) and the customer’s use of the self-service portal.',
      ],
      [
        'Conclusion of the contract',
        'The contract is concluded in the self-service portal and signed with a qualified electronic signature using an ID-card, Mobile-ID or Smart-ID. It enters into force when the customer’s representative has signed it.',
      ],
      [
        'Right of representation',
        'The signatory must be entitled to represent the customer, for example as a management board member entered in the commercial register or under a written authorisation. The service provider checks the right of representation in the commercial register and may refuse to conclude the contract if it cannot be confirmed.',
      ],
      [
        'Services and prices',
        'Services are provided according to the service descriptions and the price list in force when a service is ordered, as published on the service provider’s website.',
      ],
      [
        'Invoicing and credit',
        'Services are invoiced once a month and invoices are payable within 14 days. Based on a credit assessment the service provider may grant the customer a credit limit, and may change or cancel it if the customer’s payment behaviour or financial situation changes. For late payment the service provider may claim default interest of 0.06% of the unpaid amount per day.',
      ],
      [
        'Customer’s obligations',
        'The customer packs consignments properly, provides correct addressee details and does not send items that are prohibited from shipment.',
      ],
      [
        'Liability',
        'The service provider’s liability for the loss of or damage to a consignment is limited to the amounts laid down by law and in the service descriptions. Neither party is liable for indirect damage.',
      ],
      [
        'Amendment and termination',
        'The contract is concluded for an indefinite term. Either party may terminate it by giving the other party 30 days’ notice in a form that can be reproduced in writing. The service provider may terminate the contract with immediate effect if the customer has not paid an invoice within 30 days after its due date. Amendments to the general terms are announced at least 30 days in advance.',
      ],
      [
        'Personal data and disputes',
        'Personal data are processed in accordance with the General Data Protection Regulation and the service provider’s privacy policy. The contract is governed by the law of the Republic of Estonia; disputes are settled by negotiation or, failing agreement, in Harju County Court.',
      ],
    ],
    closing:
      'By signing the contract, the customer’s representative confirms having read and accepted these general terms.',
    page: 'page',
  },
  ru: {
    title: 'Общие условия договора EPIT с бизнес-клиентом',
    version: `Версия ${VERSION} · действуют с 01.01.2025`,
    clauses: [
      [
        'Предмет договора',
        'Договор регулирует оказание EPIT (далее — поставщик услуг) почтовых и посылочных услуг бизнес-клиенту (далее — клиент), а также использование клиентом портала самообслуживания.',
      ],
      [
        'Заключение договора',
        'Договор заключается на портале самообслуживания и подписывается квалифицированной электронной подписью с помощью ID-карты, Mobiil-ID или Smart-ID. Договор вступает в силу с момента его подписания представителем клиента.',
      ],
      [
        'Право представительства',
        'Лицо, подписывающее договор, должно иметь право представлять клиента, например в качестве члена правления, внесённого в коммерческий регистр, или на основании письменной доверенности. Поставщик услуг проверяет право представительства по коммерческому регистру и может отказаться от заключения договора, если это право не удаётся подтвердить.',
      ],
      [
        'Услуги и цены',
        'Услуги оказываются в соответствии с описаниями услуг и прейскурантом, действующими на момент заказа услуги и опубликованными на сайте поставщика услуг.',
      ],
      [
        'Счета и кредит',
        'Счета за услуги выставляются один раз в месяц и подлежат оплате в течение 14 дней. На основании оценки кредитоспособности поставщик услуг может установить клиенту кредитный лимит, а также изменить или отменить его, если меняется платёжная дисциплина или финансовое положение клиента. При просрочке платежа поставщик услуг вправе требовать пеню в размере 0,06% от неоплаченной суммы за каждый день.',
      ],
      [
        'Обязанности клиента',
        'Клиент надлежащим образом упаковывает отправления, указывает правильные данные получателя и не отправляет предметы, пересылка которых запрещена.',
      ],
      [
        'Ответственность',
        'Ответственность поставщика услуг за утрату или повреждение отправления ограничена суммами, установленными законом и описаниями услуг. Ни одна из сторон не несёт ответственности за косвенный ущерб.',
      ],
      [
        'Изменение и расторжение',
        'Договор заключается на неопределённый срок. Каждая из сторон может расторгнуть договор, уведомив об этом другую сторону в письменно воспроизводимой форме за 30 дней. Поставщик услуг может расторгнуть договор немедленно, если клиент не оплатил счёт в течение 30 дней после срока оплаты. Об изменениях общих условий сообщается не менее чем за 30 дней.',
      ],
      [
        'Персональные данные и споры',
        'Персональные данные обрабатываются в соответствии с Общим регламентом по защите данных и политикой конфиденциальности поставщика услуг. К договору применяется право Эстонской Республики; споры разрешаются путём переговоров, а при недостижении согласия — в Харьюском уездном суде.',
      ],
    ],
    closing:
      'Подписывая договор, представитель клиента подтверждает, что ознакомился с общими условиями и принимает их.',
    page: 'стр.',
  },
  lv: {
    title: 'EPIT biznesa klienta līguma vispārīgie noteikumi',
    version: `Versija ${VERSION} · spēkā no 01.01.2025.`,
    clauses: [
      [
        'Līguma priekšmets',
        'Līgums regulē pasta un paku pakalpojumus, ko EPIT (turpmāk — pakalpojumu sniedzējs) sniedz biznesa klientam (turpmāk — klients), kā arī pašapkalpošanās portāla izmantošanu.',
      ],
      [
        'Līguma noslēgšana',
        'Līgumu noslēdz pašapkalpošanās portālā un paraksta ar kvalificētu elektronisko parakstu, izmantojot ID karti, Mobile-ID vai Smart-ID. Līgums stājas spēkā brīdī, kad to ir parakstījis klienta pārstāvis.',
      ],
      [
        'Pārstāvības tiesības',
        'Līguma parakstītājam jābūt tiesīgam pārstāvēt klientu, piemēram, kā komercreģistrā ierakstītam valdes loceklim vai uz rakstiska pilnvarojuma pamata. Pakalpojumu sniedzējs pārbauda pārstāvības tiesības komercreģistrā un var atteikties slēgt līgumu, ja tās nav iespējams apstiprināt.',
      ],
      [
        'Pakalpojumi un cenas',
        'Pakalpojumus sniedz saskaņā ar pakalpojuma pasūtīšanas brīdī spēkā esošajiem pakalpojumu aprakstiem un cenrādi, kas publicēti pakalpojumu sniedzēja tīmekļvietnē.',
      ],
      [
        'Rēķini un kredīts',
        'Rēķinu par pakalpojumiem izraksta reizi mēnesī, un tas jāapmaksā 14 dienu laikā. Pamatojoties uz kredītspējas novērtējumu, pakalpojumu sniedzējs var piešķirt klientam kredītlimitu, kā arī to mainīt vai atcelt, ja mainās klienta maksājumu disciplīna vai finanšu stāvoklis. Par maksājuma kavējumu pakalpojumu sniedzējs var prasīt nokavējuma procentus 0,06% apmērā no nesamaksātās summas par katru dienu.',
      ],
      [
        'Klienta pienākumi',
        'Klients pienācīgi iepako sūtījumus, norāda pareizus saņēmēja datus un nesūta priekšmetus, kuru sūtīšana ir aizliegta.',
      ],
      [
        'Atbildība',
        'Pakalpojumu sniedzēja atbildība par sūtījuma nozaudēšanu vai bojājumu ir ierobežota ar likumā un pakalpojumu aprakstos noteiktajām summām. Neviena no pusēm neatbild par netiešiem zaudējumiem.',
      ],
      [
        'Grozījumi un izbeigšana',
        'Līgums ir noslēgts uz nenoteiktu laiku. Katra puse var līgumu uzteikt, rakstiski par to paziņojot otrai pusei 30 dienas iepriekš. Pakalpojumu sniedzējs var līgumu izbeigt nekavējoties, ja klients nav apmaksājis rēķinu 30 dienu laikā pēc apmaksas termiņa. Par vispārīgo noteikumu grozījumiem paziņo vismaz 30 dienas iepriekš.',
      ],
      [
        'Personas dati un strīdi',
        'Personas datus apstrādā saskaņā ar Vispārīgo datu aizsardzības regulu un pakalpojumu sniedzēja privātuma politiku. Līgumam piemēro Igaunijas Republikas tiesības; strīdus risina sarunu ceļā, bet, ja vienošanās netiek panākta, — Harju apriņķa tiesā.',
      ],
    ],
    closing:
      'Parakstot līgumu, klienta pārstāvis apliecina, ka ir iepazinies ar vispārīgajiem noteikumiem un tiem piekrīt.',
    page: 'lpp.',
  },
  lt: {
    title: 'EPIT verslo kliento sutarties bendrosios sąlygos',
    version: `Versija ${VERSION} · galioja nuo 2025-01-01`,
    clauses: [
      [
        'Sutarties dalykas',
        'Sutartis reglamentuoja pašto ir siuntinių paslaugas, kurias EPIT (toliau – paslaugų teikėjas) teikia verslo klientui (toliau – klientas), ir kliento naudojimąsi savitarnos portalu.',
      ],
      [
        'Sutarties sudarymas',
        'Sutartis sudaroma savitarnos portale ir pasirašoma kvalifikuotu elektroniniu parašu naudojant asmens tapatybės kortelę, Mobile-ID arba Smart-ID. Sutartis įsigalioja, kai ją pasirašo kliento atstovas.',
      ],
      [
        'Atstovavimo teisė',
        'Sutartį pasirašantis asmuo turi turėti teisę atstovauti klientui, pavyzdžiui, kaip į prekybos registrą įrašytas valdybos narys arba pagal rašytinį įgaliojimą. Paslaugų teikėjas atstovavimo teisę tikrina prekybos registre ir gali atsisakyti sudaryti sutartį, jei jos patvirtinti neįmanoma.',
      ],
      [
        'Paslaugos ir kainos',
        'Paslaugos teikiamos pagal paslaugos užsakymo metu galiojančius paslaugų aprašymus ir kainoraštį, paskelbtus paslaugų teikėjo interneto svetainėje.',
      ],
      [
        'Sąskaitos ir kreditas',
        'Sąskaitos už paslaugas išrašomos kartą per mėnesį ir turi būti apmokėtos per 14 dienų. Remdamasis kreditingumo vertinimu, paslaugų teikėjas gali suteikti klientui kredito limitą ir jį pakeisti arba panaikinti, jei pasikeičia kliento mokėjimo drausmė arba finansinė padėtis. Vėluojant mokėti, paslaugų teikėjas gali reikalauti 0,06 % nesumokėtos sumos dydžio delspinigių už kiekvieną dieną.',
      ],
      [
        'Kliento įsipareigojimai',
        'Klientas tinkamai supakuoja siuntas, nurodo teisingus gavėjo duomenis ir nesiunčia daiktų, kuriuos siųsti draudžiama.',
      ],
      [
        'Atsakomybė',
        'Paslaugų teikėjo atsakomybė už siuntos praradimą ar sugadinimą ribojama įstatyme ir paslaugų aprašymuose nustatytomis sumomis. Nė viena šalis neatsako už netiesioginius nuostolius.',
      ],
      [
        'Keitimas ir nutraukimas',
        'Sutartis sudaroma neterminuotam laikui. Kiekviena šalis gali nutraukti sutartį, prieš 30 dienų raštu įspėjusi kitą šalį. Paslaugų teikėjas gali nutraukti sutartį nedelsdamas, jei klientas nesumokėjo sąskaitos per 30 dienų po mokėjimo termino. Apie bendrųjų sąlygų pakeitimus pranešama ne vėliau kaip prieš 30 dienų.',
      ],
      [
        'Asmens duomenys ir ginčai',
        'Asmens duomenys tvarkomi laikantis Bendrojo duomenų apsaugos reglamento ir paslaugų teikėjo privatumo politikos. Sutarčiai taikoma Estijos Respublikos teisė; ginčai sprendžiami derybomis, o nepavykus susitarti – Harju apskrities teisme.',
      ],
    ],
    closing:
      'Pasirašydamas sutartį, kliento atstovas patvirtina, kad susipažino su šiomis bendrosiomis sąlygomis ir su jomis sutinka.',
    page: 'psl.',
  },
};

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

// Fonts installed with Chromium (tools/ensure-chromium.sh): Liberation and DejaVu cover Latin with diacritics and Cyrillic.
const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";

export function termsHtml(lang: TermsLanguage, t: TermsText = TERMS[lang]): string {
  const clauses = t.clauses
    .map(([h, text], i) => `<section><h2>${i + 1}. ${esc(h)}</h2><p>${esc(text)}</p></section>`)
    .join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${esc(t.title)}</title>
<style>
  @page { size: A4; margin: 22mm 20mm 20mm 20mm; }
  html { font-family: ${FONT}; font-size: 10.5pt; line-height: 1.45; color: #1a1a1a; }
  body { margin: 0; }
  header { border-bottom: 2pt solid #0b5cad; padding-bottom: 8pt; margin-bottom: 14pt; }
  .brand { color: #0b5cad; font-weight: bold; letter-spacing: 0.08em; font-size: 9pt; }
  h1 { font-size: 17pt; line-height: 1.25; margin: 4pt 0 4pt; }
  .version { color: #555; font-size: 9.5pt; }
  h2 { font-size: 11pt; margin: 11pt 0 3pt; }
  p { margin: 0; }
  section { break-inside: avoid; }
  .closing { margin-top: 16pt; padding-top: 8pt; border-top: 0.5pt solid #bbb; font-style: italic; }
</style>
</head>
<body>
<header><div class="brand">EPIT</div><h1>${esc(t.title)}</h1><div class="version">${esc(t.version)}</div></header>
${clauses}
<p class="closing">${esc(t.closing)}</p>
</body>
</html>
`;
}

function footer(t: TermsText): string {
  return `<div style="width:100%; font-family:${FONT}; font-size:7.5pt; color:#777; padding:0 20mm; display:flex; justify-content:space-between;">
<span>EPIT · ${esc(t.title)} · ${esc(VERSION)}</span><span>${esc(t.page)} <span class="pageNumber"></span>/<span class="totalPages"></span></span></div>`;
}

async function main() {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: run tools/ensure-chromium.sh (or set CHROMIUM_PATH)`);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dir = path.join(root, 'public', 'terms');
  mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    const documents = [
      { prefix: 'general-terms', texts: TERMS },
      { prefix: 'terms-of-use', texts: TERMS_OF_USE },
    ];
    for (const { prefix, texts } of documents)
      for (const lang of Object.keys(texts) as TermsLanguage[]) {
        await page.setContent(termsHtml(lang, texts[lang]), { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        const pdf = await page.pdf({
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate: footer(texts[lang]),
        });
        const file = path.join(dir, `${prefix}-${lang}.pdf`);
        writeFileSync(file, pdf);
        console.log(`${path.relative(root, file)}  ${(pdf.length / 1024).toFixed(1)} kB`);
      }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
