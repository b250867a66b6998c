/**
 * Real Estonian place names for the address register simulator: the 15 counties with their EHAK codes, towns (and
 * Tallinn's districts) with their municipality, zip range and real street names, and rural municipalities with
 * villages and farm names. The seed (./seed.ts) and the bench (bench/address.ts) build addresses from these,
 * deterministically. Codes and zip ranges are real-looking, not an extract of the official register.
 */

export interface County {
  code: string;
  name: string;
}

export const COUNTIES = {
  harju: { code: '0037', name: 'Harju maakond' },
  hiiu: { code: '0039', name: 'Hiiu maakond' },
  idaViru: { code: '0044', name: 'Ida-Viru maakond' },
  jogeva: { code: '0049', name: 'Jõgeva maakond' },
  jarva: { code: '0051', name: 'Järva maakond' },
  laane: { code: '0057', name: 'Lääne maakond' },
  laaneViru: { code: '0059', name: 'Lääne-Viru maakond' },
  polva: { code: '0065', name: 'Põlva maakond' },
  parnu: { code: '0067', name: 'Pärnu maakond' },
  rapla: { code: '0070', name: 'Rapla maakond' },
  saare: { code: '0074', name: 'Saare maakond' },
  tartu: { code: '0078', name: 'Tartu maakond' },
  valga: { code: '0082', name: 'Valga maakond' },
  viljandi: { code: '0084', name: 'Viljandi maakond' },
  voru: { code: '0086', name: 'Võru maakond' },
} satisfies Record<string, County>;

/** A town or a district of Tallinn: its streets get house numbers. */
export interface Town {
  settlement: string;
  municipality: string;
  municipalityName: string;
  county: County;
  /** first zip code of the town's range; street i gets zipFrom + (i * zipStep) % zipSpan */
  zipFrom: number;
  zipSpan: number;
  streets: string[];
}

const town = (
  settlement: string,
  municipality: [string, string],
  county: County,
  zipFrom: number,
  zipSpan: number,
  streets: string[],
): Town => ({
  settlement,
  municipality: municipality[0],
  municipalityName: municipality[1],
  county,
  zipFrom,
  zipSpan,
  streets,
});

const TALLINN: [string, string] = ['0784', 'Tallinn'];

export const TOWNS: Town[] = [
  town('Kesklinna linnaosa', TALLINN, COUNTIES.harju, 10111, 50, [
    'Narva mnt',
    'Pärnu mnt',
    'Tartu mnt',
    'Gonsiori tn',
    'Liivalaia tn',
    'Estonia pst',
    'Rävala pst',
    'Viru tn',
    'Pikk tn',
    'Lai tn',
    'Suur-Karja tn',
    'Roosikrantsi tn',
    'Kentmanni tn',
    'Maakri tn',
    'Juhkentali tn',
    'Kreutzwaldi tn',
  ]),
  town('Lasnamäe linnaosa', TALLINN, COUNTIES.harju, 13411, 120, [
    'Laagna tee',
    'Mustakivi tee',
    'Punane tn',
    'Pae tn',
    'Kärberi tn',
    'Tondiraba tn',
    'Pallasti tn',
    'Ümera tn',
    'Vikerlase tn',
    'Linnamäe tee',
  ]),
  town('Mustamäe linnaosa', TALLINN, COUNTIES.harju, 12611, 120, [
    'Sõpruse pst',
    'Ehitajate tee',
    'Akadeemia tee',
    'Tammsaare tee',
    'Vilde tee',
    'Mustamäe tee',
    'Kadaka tee',
    'Sääse tn',
    'Keskuse tn',
  ]),
  town('Põhja-Tallinna linnaosa', TALLINN, COUNTIES.harju, 10411, 70, [
    'Kopli tn',
    'Telliskivi tn',
    'Sõle tn',
    'Tööstuse tn',
    'Niine tn',
    'Kalaranna tn',
    'Randla tn',
    'Ristiku tn',
  ]),
  town('Kristiine linnaosa', TALLINN, COUNTIES.harju, 10611, 60, [
    'Endla tn',
    'Tulika tn',
    'Tedre tn',
    'Kotka tn',
    'Tondi tn',
    'Sõle tn',
    'Mustamäe tee',
  ]),
  town('Haabersti linnaosa', TALLINN, COUNTIES.harju, 13511, 60, [
    'Paldiski mnt',
    'Õismäe tee',
    'Järveotsa tee',
    'Astangu tn',
    'Kaluri tee',
    'Haabersti tn',
  ]),
  town('Nõmme linnaosa', TALLINN, COUNTIES.harju, 11611, 80, [
    'Valdeku tn',
    'Jaama tn',
    'Vabaduse pst',
    'Raudtee tn',
    'Kase tn',
    'Männi tn',
    'Männiku tee',
    'Hiiu tn',
    'Kivimäe tn',
  ]),
  town('Pirita linnaosa', TALLINN, COUNTIES.harju, 11911, 30, [
    'Pirita tee',
    'Kloostri tee',
    'Merivälja tee',
    'Kose tee',
    'Rummu tee',
    'Metsavahi tee',
  ]),
  town('Tartu linn', ['0793', 'Tartu linn'], COUNTIES.tartu, 50101, 1000, [
    'Riia tn',
    'Turu tn',
    'Ülikooli tn',
    'Rüütli tn',
    'Raatuse tn',
    'Kalda tee',
    'Jaama tn',
    'Tähe tn',
    'Vanemuise tn',
    'Narva mnt',
    'Võru tn',
    'Anne tn',
    'Aleksandri tn',
    'Tamme tn',
    'Lossi tn',
    'Kastani tn',
    'Jakobi tn',
    'Ropka tee',
    'Sõpruse pst',
  ]),
  town('Pärnu linn', ['0624', 'Pärnu linn'], COUNTIES.parnu, 80010, 90, [
    'Rüütli tn',
    'Riia mnt',
    'Tallinna mnt',
    'Aia tn',
    'Papiniidu tn',
    'Ringi tn',
    'Jannseni tn',
    'Lõuna tn',
    'Suur-Sepa tn',
    'Karja tn',
    'Mai tn',
    'Tammsaare pst',
  ]),
  town('Narva linn', ['0511', 'Narva linn'], COUNTIES.idaViru, 20101, 1000, [
    'Tallinna mnt',
    'Kreenholmi tn',
    'Puškini tn',
    'Rakvere tn',
    'Joala tn',
    'Kerese tn',
    'Vestervalli tn',
    'Linda tn',
    'Tiimanni tn',
  ]),
  town('Viljandi linn', ['0897', 'Viljandi linn'], COUNTIES.viljandi, 71003, 70, [
    'Tallinna tn',
    'Tartu tn',
    'Lossi tn',
    'Posti tn',
    'Jakobsoni tn',
    'Riia mnt',
    'Vaksali tn',
    'Uueveski tn',
  ]),
  town('Rakvere linn', ['0663', 'Rakvere linn'], COUNTIES.laaneViru, 44306, 50, [
    'Tallinna tn',
    'Pikk tn',
    'Lai tn',
    'Kastani pst',
    'Tuleviku tn',
    'Vabaduse tn',
    'Narva tn',
  ]),
  town('Haapsalu linn', ['0183', 'Haapsalu linn'], COUNTIES.laane, 90502, 30, [
    'Posti tn',
    'Karja tn',
    'Lahe tn',
    'Tallinna mnt',
    'Jaama tn',
    'Ranna tee',
  ]),
  town('Kuressaare linn', ['0714', 'Saaremaa vald'], COUNTIES.saare, 93811, 20, [
    'Tallinna tn',
    'Lossi tn',
    'Kauba tn',
    'Pikk tn',
    'Raekoja tn',
    'Aia tn',
    'Tolli tn',
  ]),
  town('Võru linn', ['0919', 'Võru linn'], COUNTIES.voru, 65604, 30, [
    'Jüri tn',
    'Kreutzwaldi tn',
    'Tartu tn',
    'Petseri tn',
    'Liiva tn',
    'Vilja tn',
  ]),
  town('Paide linn', ['0567', 'Paide linn'], COUNTIES.jarva, 72711, 20, [
    'Pärnu tn',
    'Tallinna tn',
    'Rüütli tn',
    'Keskväljak',
    'Aiavilja tn',
  ]),
  town('Kärdla linn', ['0205', 'Hiiumaa vald'], COUNTIES.hiiu, 92411, 10, [
    'Keskväljak',
    'Posti tn',
    'Vabrikuväljak',
    'Kõrgessaare mnt',
  ]),
  town('Jõgeva linn', ['0247', 'Jõgeva vald'], COUNTIES.jogeva, 48303, 10, [
    'Suur tn',
    'Aia tn',
    'Tallinna mnt',
    'Piiri tn',
  ]),
  town('Valga linn', ['0855', 'Valga vald'], COUNTIES.valga, 68203, 20, [
    'Riia tn',
    'Vabaduse tn',
    'Kesk tn',
    'Tartu tn',
    'Jaama pst',
  ]),
  town('Põlva linn', ['0622', 'Põlva vald'], COUNTIES.polva, 63308, 10, ['Kesk tn', 'Jaama tn', 'Uus tn', 'Võru tn']),
  town('Rapla linn', ['0668', 'Rapla vald'], COUNTIES.rapla, 79511, 10, [
    'Tallinna mnt',
    'Viljandi mnt',
    'Kooli tn',
    'Alu tn',
  ]),
];

/** A rural municipality: its villages' addresses are farm names (no house number). */
export interface Parish {
  municipality: string;
  municipalityName: string;
  county: County;
  villages: { name: string; zip: number }[];
}

export const PARISHES: Parish[] = [
  {
    municipality: '0353',
    municipalityName: 'Kuusalu vald',
    county: COUNTIES.harju,
    villages: [
      { name: 'Kuusalu küla', zip: 74601 },
      { name: 'Kolga küla', zip: 74602 },
      { name: 'Kiiu alevik', zip: 74604 },
    ],
  },
  {
    municipality: '0653',
    municipalityName: 'Rae vald',
    county: COUNTIES.harju,
    villages: [
      { name: 'Jüri alevik', zip: 75301 },
      { name: 'Vaida alevik', zip: 75401 },
      { name: 'Assaku alevik', zip: 75304 },
    ],
  },
  {
    municipality: '0528',
    municipalityName: 'Nõo vald',
    county: COUNTIES.tartu,
    villages: [
      { name: 'Nõo alevik', zip: 61601 },
      { name: 'Tõravere alevik', zip: 61602 },
    ],
  },
  {
    municipality: '0557',
    municipalityName: 'Otepää vald',
    county: COUNTIES.valga,
    villages: [
      { name: 'Pühajärve küla', zip: 67406 },
      { name: 'Sihva küla', zip: 67403 },
    ],
  },
  {
    municipality: '0834',
    municipalityName: 'Türi vald',
    county: COUNTIES.jarva,
    villages: [
      { name: 'Väätsa alevik', zip: 72401 },
      { name: 'Oisu alevik', zip: 72101 },
    ],
  },
  {
    municipality: '0638',
    municipalityName: 'Põhja-Pärnumaa vald',
    county: COUNTIES.parnu,
    villages: [
      { name: 'Vändra alev', zip: 87701 },
      { name: 'Tootsi alev', zip: 87801 },
    ],
  },
];

export const FARMS = [
  'Männiku',
  'Kase',
  'Tamme',
  'Kuuse',
  'Pihlaka',
  'Vahtra',
  'Jõe',
  'Metsa',
  'Oja',
  'Nurme',
  'Mäe',
  'Allika',
  'Põllu',
  'Lepiku',
  'Kadaka',
  'Saare',
  'Sepa',
  'Veski',
  'Kivi',
  'Lille',
];
