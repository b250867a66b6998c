import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { LANGUAGES } from '../../domain/contract';
import { CATALOGUES } from '../../tests/support/i18n/catalogues';
import { messagesFor, type Catalogues } from '../../src/i18n/messages';
import { MESSAGE_PART_NAMES, MESSAGE_PARTS } from '../../src/i18n/message-parts';
import { bootTexts, compileLanguage, splitByPart } from './compile';

const cats: Catalogues = {
  et: {
    a: 'A et',
    b: 'B et',
    c: '',
    only: 'ainult et',
    'footer.x': 'jalus',
    n: '{count, plural, one {# fail} other {# faili}}',
  },
  en: { a: 'A en', b: 'B en', c: '', 'footer.x': 'footer', n: '{count, plural, one {# file} other {# files}}' },
  ru: { a: 'A ru', b: '', c: '' },
  lv: { a: 'A lv', 'footer.x': '' },
  lt: {},
};

const silent = () => {};
/** what the page shows for an id: react-intl with the compiled messages (no parser needed) */
const shown = (lang: (typeof LANGUAGES)[number], c: Catalogues, id: string, values?: Record<string, unknown>) =>
  createIntl({ locale: lang, messages: compileLanguage(c, lang).messages, onError: silent }).formatMessage(
    { id },
    values as Record<string, string>,
  );

describe('compiled messages keep the fallback chain and the missing-translation rule (spec 1 §5)', () => {
  it('the language first, then en, then et', () => {
    expect(shown('ru', cats, 'a')).toBe('A ru');
    expect(shown('ru', cats, 'b')).toBe('B en');
    expect(shown('lt', cats, 'only')).toBe('ainult et');
  });
  it('X:key for a known key without text in the chain; the key itself when unknown', () => {
    expect(shown('lv', cats, 'c')).toBe('X:c');
    expect(shown('et', cats, 'no.such.key')).toBe('no.such.key');
  });
  it('arguments and plurals format from the AST', () => {
    expect(shown('en', cats, 'n', { count: 1 })).toBe('1 file');
    expect(shown('lt', cats, 'n', { count: 3 })).toBe('3 files');
  });
  it('carries the footer texts as written, the language’s own and Estonian (the footer falls back to et)', () => {
    expect(compileLanguage(cats, 'lv').footer).toEqual({ lv: { 'footer.x': '' }, et: { 'footer.x': 'jalus' } });
  });
  it('the boot-failure text of every language', () => {
    expect(bootTexts(CATALOGUES)).toEqual(
      Object.fromEntries(LANGUAGES.map((l) => [l, messagesFor(l, CATALOGUES)['error.client']])),
    );
  });
});

describe('locales/*.json compiled: every text reads as it did from the ICU strings', () => {
  it.each(LANGUAGES)('%s', (lang) => {
    const strings = messagesFor(lang, CATALOGUES);
    const fromStrings = createIntl({ locale: lang, messages: strings, onError: silent });
    const fromAst = createIntl({ locale: lang, messages: compileLanguage(CATALOGUES, lang).messages, onError: silent });
    const differ = Object.entries(strings).filter(([id, text]) => {
      const values = Object.fromEntries([...text.matchAll(/\{(\w+)/g)].map((m) => [m[1], '2']));
      return fromAst.formatMessage({ id }, values) !== fromStrings.formatMessage({ id }, values);
    });
    expect(differ.map(([id]) => id)).toEqual([]);
    expect(Object.keys(compileLanguage(CATALOGUES, lang).messages).sort()).toEqual(Object.keys(strings).sort());
  });
});

describe('the compiled messages split by part (src/i18n/message-parts.ts)', () => {
  const { messages } = compileLanguage(CATALOGUES, 'lv');
  const { core, parts } = splitByPart(messages);

  it('puts every key in exactly one chunk, with its text unchanged', () => {
    const chunks = [core, ...MESSAGE_PART_NAMES.map((p) => parts[p])];
    const keys = chunks.flatMap((c) => Object.keys(c));
    expect(keys.sort()).toEqual(Object.keys(messages).sort());
    expect(Object.assign({}, ...chunks)).toEqual(messages);
  });

  it("keeps the first screen's texts and the footer's in core, a part's keys in that part", () => {
    for (const key of ['header.logout', 'dashboard.title', 'error.client', 'footer.openingHours', 'contact.title'])
      if (key in messages) expect(core).toHaveProperty([key]);
    for (const part of MESSAGE_PART_NAMES) {
      expect(Object.keys(parts[part]).length, `${part} has texts`).toBeGreaterThan(0);
      for (const key of Object.keys(parts[part]))
        expect(MESSAGE_PARTS[part].some((prefix: string) => key.startsWith(prefix))).toBe(true);
    }
    expect(Object.keys(core).filter((k) => k.startsWith('customer-add.') || k.startsWith('devpages.'))).toEqual([]);
  });
});
