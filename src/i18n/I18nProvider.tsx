import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type ResolvedIntlConfig } from 'react-intl';
import type { Language } from '../../domain/contract';
import { loadedMessages, loadMessages, subscribeMessages } from './load';
import type { FooterCatalogues } from './messages';

/** A missing id is not an error worth logging: react-intl then renders the key (spec 1 §5). */
const onError: ResolvedIntlConfig['onError'] = (err) => {
  if (err.code === ReactIntlErrorCode.MISSING_TRANSLATION) return;
  console.error(err);
};

const FooterContext = createContext<{ language: Language; catalogues: FooterCatalogues } | null>(null);

/** The footer's own texts (spec 1 §2: per language, falling back to Estonian) of the language on screen. */
export function useFooterTexts(): { language: Language; catalogues: FooterCatalogues } {
  const value = useContext(FooterContext);
  if (!value) throw new Error('useFooterTexts outside I18nProvider');
  return value;
}

/**
 * Every text follows `language`. A language not loaded yet is fetched (its own chunks); until it arrives the
 * texts stay in the language on screen, so no key flashes. The first language is loaded before the first
 * render (src/main.tsx); rendering before that shows nothing. A part's texts (./load.ts) join the language on
 * screen as they arrive; the route or feature that shows them waits for them (src/app/portal.ts).
 */
export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const [shownLanguage, setShownLanguage] = useState<Language | null>(() =>
    loadedMessages(language) ? language : null,
  );
  useEffect(() => {
    let current = true;
    loadMessages(language).then(
      () => {
        if (current) setShownLanguage(language);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [language]);
  const shown = useSyncExternalStore(subscribeMessages, () =>
    shownLanguage ? loadedMessages(shownLanguage) : undefined,
  );
  const footer = useMemo(() => (shown ? { language: shown.language, catalogues: shown.footer } : null), [shown]);
  if (!shown) return null;
  return (
    <IntlProvider locale={shown.language} defaultLocale="et" messages={shown.messages} onError={onError}>
      <FooterContext.Provider value={footer}>{children}</FooterContext.Provider>
    </IntlProvider>
  );
}
