/**
 * Message catalogues and the fallback chain (spec 1 §1, §5, §9):
 * the language, then en, then et. An unknown key shows the key itself; a key that is known
 * (present in some catalogue) but has no text in the chain shows 'X:' + key.
 *
 * Pure: no catalogue is imported here. The build (tools/i18n/vite-plugin.ts) applies the chain to
 * locales/*.json and ships one precompiled module per language (src/i18n/load.ts); tests import the
 * catalogues from tests/support/i18n/catalogues.ts.
 */
import type { Language } from '../../domain/contract';

type Catalogue = Record<string, string>;
export type Catalogues = Record<Language, Catalogue>;

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
export function messagesFor(language: Language, catalogues: Catalogues): Record<string, string> {
  const keys = new Set(Object.values(catalogues).flatMap((c) => Object.keys(c ?? {})));
  const out: Record<string, string> = {};
  for (const key of keys) out[key] = resolveMessage(catalogues, language, key);
  return out;
}

/**
 * The footer's texts follow their own rule (spec 1 §2 "Root layout": per language, falling back to Estonian;
 * src/features/shell/footer.ts), so each language's module also carries these keys as written, its own and
 * Estonian's.
 */
export const isFooterKey = (key: string) => key.startsWith('footer.') || key === 'contact.title';

/** The footer's share of the catalogues: the keys above, for the languages given. */
export type FooterCatalogues = Partial<Catalogues>;
