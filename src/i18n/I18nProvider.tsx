import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type ResolvedIntlConfig } from 'react-intl';
import type { Language } from '../../machines/lib/contract';
import { loadedMessages, loadMessages, type LanguageMessages } from './load';
import type { FooterCatalogues } from './messages';

/** A missing id is not an error worth logging: react-intl then renders the key (spec 1 §5). */
const onError: ResolvedIntlConfig['onError'] = (err) => {
  if (err.code === ReactIntlErrorCode.MISSING_TRANSLATION) return;
  console.error(err);
};

interface Shown {
  language: Language;
  module: LanguageMessages;
}

const FooterContext = createContext<{ language: Language; catalogues: FooterCatalogues } | null>(null);

/** The footer's own texts (spec 1 §2: per language, falling back to Estonian) of the language on screen. */
export function useFooterTexts(): { language: Language; catalogues: FooterCatalogues } {
  const value = useContext(FooterContext);
  if (!value) throw new Error('useFooterTexts outside I18nProvider');
  return value;
}

/**
 * Every text follows `language`. A language not loaded yet is fetched (its own chunk); until it arrives the
 * texts stay in the language on screen, so no key flashes. The first language is loaded before the first
 * render (src/main.tsx); rendering before that shows nothing.
 */
export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(() => {
    const module = loadedMessages(language);
    return module ? { language, module } : null;
  });
  useEffect(() => {
    let current = true;
    loadMessages(language).then(
      (module) => {
        if (current) setShown({ language, module });
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [language]);
  const footer = useMemo(() => shown && { language: shown.language, catalogues: shown.module.footer }, [shown]);
  if (!shown) return null;
  return (
    <IntlProvider locale={shown.language} defaultLocale="et" messages={shown.module.messages} onError={onError}>
      <FooterContext.Provider value={footer}>{children}</FooterContext.Provider>
    </IntlProvider>
  );
}
