/**
 * Message catalogues and the fallback chain (spec 1 §1, §5, §9):
 * the language, then en, then et. An unknown key shows the key itself; a key that is known
 * (present in some catalogue) but has no text in the chain shows 'X:' + key.
 */
import type { Language } from '../../machines/lib/contract';
import et from '../../locales/et.json';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import lv from '../../locales/lv.json';
import lt from '../../locales/lt.json';

type Catalogue = Record<string, string>;
export type Catalogues = Record<Language, Catalogue>;

export const CATALOGUES: Catalogues = { et, en, ru, lv, lt };

function fallbackChain(language: Language): Language[] {
  return [...new Set<Language>([language, 'en', 'et'])];
}

export function resolveMessage(catalogues: Catalogues, language: Language, key: string): string {
  for (const lang of fallbackChain(language)) {
    const text = catalogues[lang]?.[key];
    if (typeof text === 'string' && text.length > 0) return text;
  }
  const known = Object.values(catalogues).some((c) => c && Object.prototype.hasOwnProperty.call(c, key));
  return known ? `X:${key}` : key;
}

/** The flat message map handed to react-intl: every known key resolved through the chain. */
export function messagesFor(language: Language, catalogues: Catalogues = CATALOGUES): Record<string, string> {
  const keys = new Set(Object.values(catalogues).flatMap((c) => Object.keys(c ?? {})));
  const out: Record<string, string> = {};
  for (const key of keys) out[key] = resolveMessage(catalogues, language, key);
  return out;
}
