/**
 * The terms of use of the self-service portal itself (spec 2 §2 "Account creation": the EULA file, one PDF per
 * language), apart from the general terms of the business customer contract in make-pdfs.ts. A person accepts these
 * when creating an account; tools/terms/make-pdfs.ts prints them as public/terms/terms-of-use-<lang>.pdf.
 * The wording is a representative summary; the binding text comes from the legal department.
 */
import type { TermsLanguage, TermsText } from './make-pdfs';

const V = '2025-1';

export const TERMS_OF_USE: Record<TermsLanguage, TermsText> = {
  et: {
    title: 'EPIT iseteeninduskeskkonna kasutustingimused',
    version: `Versioon ${V} · kehtivad alates 01.01.2025`,
    clauses: [
      [
        'Üldsätted',
        'Kasutustingimused reguleerivad EPIT-i iseteeninduskeskkonna (edaspidi keskkond) kasutamist. Keskkonda kasutades nõustub kasutaja nende tingimustega.',
      ],
      [
        'Kasutajakonto',
        'Kasutaja siseneb keskkonda ID-kaardi, Mobiil-ID, Smart-ID või kasutajanime ja parooliga. Kasutaja hoiab oma paroole ja PIN-koode salajas ning vastutab oma kontoga tehtud toimingute eest.',
      ],
      [
        'Esindamine',
        'Ettevõtte nimel tegutseb kasutaja üksnes talle ettevõtte administraatori antud õiguste ulatuses. Õiguste andmise ja lõpetamise eest vastutab ettevõtte administraator.',
      ],
      [
        'Isikuandmed',
        'Kasutaja isikuandmeid töödeldakse teenuste osutamiseks kooskõlas isikuandmete kaitse üldmääruse ja EPIT-i privaatsuspoliitikaga.',
      ],
      [
        'Kättesaadavus',
        'EPIT teeb kõik endast oleneva, et keskkond oleks kättesaadav, kuid ei taga katkestusteta tööd. Hooldustöödest teavitatakse keskkonnas.',
      ],
      ['Muudatused', 'EPIT võib kasutustingimusi muuta. Uued tingimused tuleb aktsepteerida järgmisel sisenemisel.'],
    ],
    closing: 'Kinnitades kasutustingimused, kinnitab kasutaja, et on nendega tutvunud ja nõustub nendega.',
    page: 'lk',
  },
  en: {
    title: 'Terms of use of the EPIT self-service portal',
    version: `Version ${V} · valid from 1 January 2025`,
    clauses: [
      [
        'General',
        'These terms govern the use of the EPIT self-service portal (the portal). By using the portal the user accepts these terms.',
      ],
      [
        'User account',
        'The user signs in with an ID-card, Mobile-ID, Smart-ID or a username and password. The user keeps passwords and PIN codes secret and is responsible for what is done with the account.',
      ],
      [
        'Acting for a company',
        "The user acts for a company only within the rights its administrator has granted. The company's administrator is responsible for granting and ending those rights.",
      ],
      [
        'Personal data',
        "The user's personal data are processed to provide the services, in accordance with the General Data Protection Regulation and EPIT's privacy policy.",
      ],
      [
        'Availability',
        'EPIT does its best to keep the portal available but does not guarantee uninterrupted operation. Maintenance is announced in the portal.',
      ],
      ['Changes', 'EPIT may change these terms. The new terms must be accepted at the next sign-in.'],
    ],
    closing: 'By accepting these terms the user confirms having read them and agreeing to them.',
    page: 'p.',
  },
  ru: {
    title: 'Условия использования портала самообслуживания EPIT',
    version: `Версия ${V} · действуют с 01.01.2025`,
    clauses: [
      [
        'Общие положения',
        'Настоящие условия регулируют использование портала самообслуживания EPIT (портал). Пользуясь порталом, пользователь принимает эти условия.',
      ],
      [
        'Учётная запись',
        'Пользователь входит с помощью ID-карты, Mobiil-ID, Smart-ID или имени пользователя и пароля. Пользователь хранит пароли и PIN-коды в тайне и отвечает за действия, совершённые с его учётной записью.',
      ],
      [
        'Представительство',
        'От имени предприятия пользователь действует только в пределах прав, предоставленных администратором предприятия. За предоставление и прекращение прав отвечает администратор предприятия.',
      ],
      [
        'Персональные данные',
        'Персональные данные пользователя обрабатываются для оказания услуг в соответствии с Общим регламентом по защите данных и политикой конфиденциальности EPIT.',
      ],
      [
        'Доступность',
        'EPIT делает всё возможное для доступности портала, но не гарантирует бесперебойную работу. О техническом обслуживании сообщается на портале.',
      ],
      ['Изменения', 'EPIT может изменять условия. Новые условия необходимо принять при следующем входе.'],
    ],
    closing: 'Принимая условия, пользователь подтверждает, что ознакомился с ними и согласен с ними.',
    page: 'стр.',
  },
  lv: {
    title: 'EPIT pašapkalpošanās portāla lietošanas noteikumi',
    version: `Versija ${V} · spēkā no 01.01.2025`,
    clauses: [
      [
        'Vispārīgie noteikumi',
        'Šie noteikumi regulē EPIT pašapkalpošanās portāla (portāls) lietošanu. Lietojot portālu, lietotājs piekrīt šiem noteikumiem.',
      ],
      [
        'Lietotāja konts',
        'Lietotājs piesakās ar ID karti, Mobile-ID, Smart-ID vai lietotājvārdu un paroli. Lietotājs glabā paroles un PIN kodus noslēpumā un atbild par darbībām, kas veiktas ar viņa kontu.',
      ],
      [
        'Pārstāvība',
        'Uzņēmuma vārdā lietotājs darbojas tikai to tiesību apjomā, ko piešķīris uzņēmuma administrators. Par tiesību piešķiršanu un izbeigšanu atbild uzņēmuma administrators.',
      ],
      [
        'Personas dati',
        'Lietotāja personas dati tiek apstrādāti pakalpojumu sniegšanai saskaņā ar Vispārīgo datu aizsardzības regulu un EPIT privātuma politiku.',
      ],
      [
        'Pieejamība',
        'EPIT dara visu iespējamo, lai portāls būtu pieejams, taču negarantē nepārtrauktu darbību. Par apkopes darbiem tiek paziņots portālā.',
      ],
      ['Izmaiņas', 'EPIT var mainīt noteikumus. Jaunie noteikumi jāapstiprina nākamajā pieteikšanās reizē.'],
    ],
    closing: 'Apstiprinot noteikumus, lietotājs apliecina, ka ir ar tiem iepazinies un tiem piekrīt.',
    page: 'lpp.',
  },
  lt: {
    title: 'EPIT savitarnos portalo naudojimo sąlygos',
    version: `Versija ${V} · galioja nuo 2025-01-01`,
    clauses: [
      [
        'Bendrosios nuostatos',
        'Šios sąlygos reglamentuoja EPIT savitarnos portalo (portalas) naudojimą. Naudodamasis portalu naudotojas sutinka su šiomis sąlygomis.',
      ],
      [
        'Naudotojo paskyra',
        'Naudotojas prisijungia asmens tapatybės kortele, Mobile-ID, Smart-ID arba naudotojo vardu ir slaptažodžiu. Naudotojas saugo slaptažodžius ir PIN kodus paslaptyje ir atsako už veiksmus, atliktus jo paskyra.',
      ],
      [
        'Atstovavimas',
        'Įmonės vardu naudotojas veikia tik tų teisių ribose, kurias suteikė įmonės administratorius. Už teisių suteikimą ir panaikinimą atsako įmonės administratorius.',
      ],
      [
        'Asmens duomenys',
        'Naudotojo asmens duomenys tvarkomi paslaugoms teikti pagal Bendrąjį duomenų apsaugos reglamentą ir EPIT privatumo politiką.',
      ],
      [
        'Prieinamumas',
        'EPIT deda visas pastangas, kad portalas būtų prieinamas, tačiau negarantuoja nepertraukiamo veikimo. Apie priežiūros darbus pranešama portale.',
      ],
      ['Pakeitimai', 'EPIT gali keisti sąlygas. Naujas sąlygas reikia patvirtinti kito prisijungimo metu.'],
    ],
    closing: 'Patvirtindamas sąlygas naudotojas patvirtina, kad su jomis susipažino ir joms pritaria.',
    page: 'psl.',
  },
};
