import { useMemo, type ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type ResolvedIntlConfig } from 'react-intl';
import type { Language } from '../../machines/lib/contract';
import { messagesFor } from './messages';

/** A missing id is not an error worth logging: react-intl then renders the key (spec 1 §5). */
const onError: ResolvedIntlConfig['onError'] = (err) => {
  if (err.code === ReactIntlErrorCode.MISSING_TRANSLATION) return;
  console.error(err);
};

export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const messages = useMemo(() => messagesFor(language), [language]);
  return (
    <IntlProvider locale={language} defaultLocale="et" messages={messages} onError={onError}>
      {children}
    </IntlProvider>
  );
}
