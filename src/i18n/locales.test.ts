import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { LANGUAGES } from '../../domain/contract';
import { CATALOGUES } from '../../tests/support/i18n/catalogues';

/** CI gate: every language has every key, with a non-empty, parseable text. */
describe('locales/<lang>.json', () => {
  const allKeys = [...new Set(LANGUAGES.flatMap((l) => Object.keys(CATALOGUES[l])))].sort();

  it.each(LANGUAGES)('%s has every key another language has', (lang) => {
    const missing = allKeys.filter((k) => !(k in CATALOGUES[lang]));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty text and only valid ICU messages', (lang) => {
    const errors: string[] = [];
    const intl = createIntl({ locale: lang, messages: CATALOGUES[lang], onError: (e) => void errors.push(e.message) });
    const bad = Object.entries(CATALOGUES[lang]).filter(([k, v]) => {
      if (typeof v !== 'string' || v.trim() === '') return true;
      const before = errors.length;
      const values = Object.fromEntries([...v.matchAll(/\{(\w+)/g)].map((m) => [m[1], 'x']));
      intl.formatMessage({ id: k }, values);
      return errors.length > before;
    });
    expect(bad.map(([k]) => k)).toEqual([]);
  });

  it('uses the same placeholders in every language', () => {
    // a plural may repeat a placeholder in each branch (a range {min}–# in every form): the set is what must agree
    const names = (s: string) => [...new Set([...s.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort().join(',');
    const diff = allKeys.filter((k) => new Set(LANGUAGES.map((l) => names(CATALOGUES[l][k] ?? ''))).size > 1);
    expect(diff).toEqual([]);
  });
});
