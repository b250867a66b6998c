/**
 * One language at a time (issue 12 "Messages"): each language's messages are their own chunk, precompiled at
 * build time (tools/i18n/vite-plugin.ts), fetched when the language is first needed and kept for the page's life.
 */
import type { Language } from '../../machines/lib/contract';
import type * as OneLanguage from 'virtual:epit-messages/et';

export type LanguageMessages = typeof OneLanguage;

// one import() per language, written out: the bundler makes each its own chunk
const loaders: Record<Language, () => Promise<LanguageMessages>> = {
  et: () => import('virtual:epit-messages/et'),
  en: () => import('virtual:epit-messages/en'),
  ru: () => import('virtual:epit-messages/ru'),
  lv: () => import('virtual:epit-messages/lv'),
  lt: () => import('virtual:epit-messages/lt'),
};

const pending = new Map<Language, Promise<LanguageMessages>>();
const loaded = new Map<Language, LanguageMessages>();

/** The language's messages; the same promise for every caller. A failed load may be tried again. */
export function loadMessages(language: Language): Promise<LanguageMessages> {
  let p = pending.get(language);
  if (!p) {
    p = loaders[language]().then(
      (m) => {
        loaded.set(language, m);
        return m;
      },
      (error: unknown) => {
        pending.delete(language);
        throw error;
      },
    );
    pending.set(language, p);
  }
  return p;
}

/** The language's messages when already loaded. */
export const loadedMessages = (language: Language): LanguageMessages | undefined => loaded.get(language);
