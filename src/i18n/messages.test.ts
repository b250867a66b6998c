import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { messagesFor, resolveMessage, type Catalogues } from './messages';

const cats: Catalogues = {
  et: { a: 'A et', b: 'B et', c: '', only: 'ainult et' },
  en: { a: 'A en', b: 'B en', c: '' },
  ru: { a: 'A ru', b: '', c: '' },
  lv: { a: 'A lv' },
  lt: {},
};

describe('fallback chain and missing translations (spec 1 §5)', () => {
  it('uses the language first', () => expect(resolveMessage(cats, 'ru', 'a')).toBe('A ru'));
  it('falls back to en, then et', () => {
    expect(resolveMessage(cats, 'ru', 'b')).toBe('B en');
    expect(resolveMessage(cats, 'lt', 'only')).toBe('ainult et');
  });
  it('shows X:key for a known key without text anywhere in the chain', () =>
    expect(resolveMessage(cats, 'lv', 'c')).toBe('X:c'));
  it('shows the key itself when it is unknown', () =>
    expect(resolveMessage(cats, 'et', 'no.such.key')).toBe('no.such.key'));
  it('feeds react-intl: unknown ids render as the id', () => {
    const intl = createIntl({ locale: 'lv', messages: messagesFor('lv', cats), onError: () => {} });
    expect(intl.formatMessage({ id: 'b' })).toBe('B en');
    expect(intl.formatMessage({ id: 'c' })).toBe('X:c');
    expect(intl.formatMessage({ id: 'nope' })).toBe('nope');
  });
});
