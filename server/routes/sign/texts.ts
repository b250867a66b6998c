/**
 * What the phone shows while the person signs, in the portal session's language: Mobile-ID's displayText
 * (MID REST v1 §3.2.3: at most 100 GSM-7 characters, or 50 UCS-2 ones when the text needs other letters) and
 * Smart-ID's interactions (RP API v2 §3.1: confirmationMessage with displayText200 first, displayTextAndPIN
 * with displayText60 as the fallback every app supports).
 */
import type { Interaction } from '../../clients/smart-id.js';

type Lang = 'EST' | 'ENG' | 'RUS' | 'LAV' | 'LIT';

const TEXTS: Record<Lang, { short: string; long: (company: string) => string }> = {
  EST: {
    short: 'Lepingu allkirjastamine',
    long: (c) => `Ärikliendi lepingu sõlmimine: ${c}. Kinnitan lepingutingimused.`,
  },
  ENG: {
    short: 'Signing a contract',
    long: (c) => `Business customer contract with ${c}. I agree to the contract terms.`,
  },
  RUS: { short: 'Подписание договора', long: (c) => `Договор бизнес-клиента: ${c}. Я согласен с условиями договора.` },
  LAV: { short: 'Līguma parakstīšana', long: (c) => `Biznesa klienta līgums: ${c}. Piekrītu līguma noteikumiem.` },
  LIT: {
    short: 'Sutarties pasirašymas',
    long: (c) => `Verslo kliento sutartis: ${c}. Sutinku su sutarties sąlygomis.`,
  },
};

const lang = (language: string): Lang => (language in TEXTS ? (language as Lang) : 'ENG');
const cut = (text: string, max: number) => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** Mobile-ID dialog languages are EST, ENG, RUS and LIT: Latvian reads English. */
export const midLanguage = (language: string): 'EST' | 'ENG' | 'RUS' | 'LIT' => {
  const l = lang(language);
  return l === 'LAV' ? 'ENG' : l;
};

/** GSM 03.38 default alphabet (the extension table is left out: its characters count double). */
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

export function midDisplayText(
  language: string,
  company: string,
): { displayText: string; displayTextFormat: 'GSM-7' | 'UCS-2' } {
  const text = `${TEXTS[lang(language)].short}: ${company}`;
  if ([...text].every((ch) => GSM7.has(ch)))
    return { displayText: cut(text, 100).replace('…', '.'), displayTextFormat: 'GSM-7' };
  return { displayText: cut(text, 50), displayTextFormat: 'UCS-2' };
}

export function smartIdInteractions(language: string, company: string): Interaction[] {
  const t = TEXTS[lang(language)];
  return [
    { type: 'confirmationMessage', displayText200: cut(t.long(company), 200) },
    { type: 'displayTextAndPIN', displayText60: cut(`${t.short}: ${company}`, 60) },
  ];
}
