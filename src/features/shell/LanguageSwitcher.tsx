import { useIntl } from 'react-intl';
import type { Language } from '../../../domain/contract';

/** Two-letter codes; the current language is plain text with aria-current (spec 1 §2). */
export function LanguageSwitcher({
  languages,
  current,
  onChange,
}: {
  languages: Language[];
  current: Language;
  onChange: (l: Language) => void;
}) {
  const intl = useIntl();
  return (
    <nav className="lang-switch" aria-label={intl.formatMessage({ id: 'header.language' })}>
      <ul>
        {languages.map((l) => (
          <li key={l}>
            {l === current ? (
              <span
                className="lang-switch__current"
                aria-current="true"
                lang={l}
                title={intl.formatMessage({ id: `lang.name.${l}` })}
              >
                {l.toUpperCase()}
              </span>
            ) : (
              <button
                type="button"
                className="lang-switch__option"
                lang={l}
                aria-label={intl.formatMessage({ id: `lang.name.${l}` })}
                onClick={() => onChange(l)}
              >
                {l.toUpperCase()}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
