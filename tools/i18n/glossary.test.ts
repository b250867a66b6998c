/**
 * The catalogues held to locales/glossary.md: its terms and their other names, the formal register, gender-neutral
 * wording, numbers in plurals, no English left, one style of quotation marks, capitals, and the spec's texts
 * byte-exact. Every plural message is rendered for the numbers where languages differ and printed.
 *
 *   RUN_MODE=test npx vitest run --project unit tools/i18n/glossary.test.ts
 */
import { readFileSync } from 'node:fs';
import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../domain/contract';
import { CATALOGUES } from '../../tests/support/i18n/catalogues';
import { emailChangedMail } from '../../server/lib/mail-texts/email-changed';
import { passwordResetMail } from '../../server/lib/mail-texts/password-reset';
import { checkCatalogue, checkSpecTexts, describeFinding, icuShape, parseGlossary } from './glossary';

const glossary = parseGlossary(readFileSync(new URL('../../locales/glossary.md', import.meta.url), 'utf8'));
const catalogues = CATALOGUES as Record<Language, Record<string, string>>;

describe('the glossary checks find what they look for', () => {
  const bad: Record<string, string> = {
    a: 'Представляемая сторона',
    b: 'Введите не менее {min} символов',
    c: 'failed',
    d: 'Поле "{field}" обязательно',
    e: 'Я ознакомился с условиями',
    f: 'Проверьте ваши данные. ничего не сохранено.',
    g: '{services} в данный момент недоступно',
  };
  const found = checkCatalogue(glossary, 'ru', bad, { c: 'failed' }).map((f) => f.key);
  it.each(Object.keys(bad))('flags %s', (key) => expect(found).toContain(key));
  it('flags informal Estonian in a sentence but not on a button', () => {
    const et = checkCatalogue(
      glossary,
      'et',
      { s: 'Palun sisesta PIN2.', b: 'Sisesta PIN2', n: 'Ta ei vali.', q: 'Väli „{field}”' },
      {},
    );
    expect([...new Set(et.map((f) => f.key))].sort()).toEqual(['q', 's']);
  });
  it('reads plurals and the arguments outside them', () =>
    expect(icuShape('{a} {n, plural, one {# {b}} other {#}} {s, select, x {{c}} other {}}')).toEqual({
      outside: ['a', 'c'],
      plurals: [{ name: 'n', selectors: ['one', 'other'] }],
    }));
});

describe('locales/*.json follow locales/glossary.md', () => {
  it.each(LANGUAGES)('%s', (language) => {
    const findings = checkCatalogue(glossary, language, catalogues[language], catalogues.en).map(describeFinding);
    expect(findings, findings.join('\n')).toEqual([]);
  });

  it("the spec's texts are byte-exact", () => {
    const differ = checkSpecTexts(glossary, catalogues);
    expect(differ, differ.join('\n')).toEqual([]);
  });
});

/** the server's mail texts (server/lib/mail-texts) as a catalogue of one language: subject and body of each mail */
function mails(language: Language, hours = 24): Record<string, string> {
  const reset = passwordResetMail(language, { firstName: 'Mari', lastName: 'Maasikas', link: 'https://x/y', hours });
  const changed = emailChangedMail(language, {
    firstName: 'Mari',
    lastName: 'Maasikas',
    changedBy: 'Kristi Kask',
    self: true,
    at: new Date('2026-11-29T10:00:00Z'),
    newAddress: 'mari@example.ee',
  });
  return {
    'password-reset.subject': reset.subject,
    'password-reset.body': reset.body,
    'email-changed.subject': changed.subject,
    'email-changed.body': changed.body,
  };
}

describe('the mail texts follow locales/glossary.md', () => {
  it.each(LANGUAGES)('%s', (language) => {
    const findings = checkCatalogue(glossary, language, mails(language), mails('en')).map(describeFinding);
    expect(findings, findings.join('\n')).toEqual([]);
  });

  it('say the reset link’s hours in the plural form of the number', () => {
    const valid = (language: Language, n: number) =>
      /(?:kehtib|expires in|действительна|derīga|galioja) (\d+ \p{L}+)/u.exec(
        mails(language, n)['password-reset.body'],
      )![1];
    const lines = LANGUAGES.map((l) => `${l}: ${NUMBERS.map((n) => valid(l, n)).join(' | ')}`);
    console.log(`password-reset mail, link validity\n  ${lines.join('\n  ')}`);
    expect([1, 2, 5, 21, 24].map((n) => valid('ru', n))).toEqual(['1 час', '2 часа', '5 часов', '21 час', '24 часа']);
    expect([1, 2, 10, 21, 24].map((n) => valid('lt', n))).toEqual([
      '1 valandą',
      '2 valandas',
      '10 valandų',
      '21 valandą',
      '24 valandas',
    ]);
    expect([1, 11, 21, 24].map((n) => valid('lv', n))).toEqual(['1 stundu', '11 stundas', '21 stundu', '24 stundas']);
    expect([1, 24].map((n) => valid('et', n))).toEqual(['1 tund', '24 tundi']);
  });
});

/** the numbers where the five languages' plural categories differ */
const NUMBERS = [0, 1, 2, 5, 11, 21, 22, 25, 100];
const pluralKeys = Object.keys(catalogues.en).filter((key) =>
  LANGUAGES.some((l) => icuShape(catalogues[l][key] ?? '').plurals.length > 0),
);

describe('every plural message', () => {
  it('exists (the catalogues show numbers with words)', () => expect(pluralKeys.length).toBeGreaterThan(3));

  it.each(pluralKeys)('%s: every category of each language, rendered for 0, 1, 2, 5, 11, 21, 22, 25, 100', (key) => {
    const lines: string[] = [];
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const text = catalogues[language][key];
      const shape = icuShape(text);
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const plural of shape.plurals) {
        const missing = categories.filter((c) => !plural.selectors.includes(c));
        if (missing.length) problems.push(`${language} ${key}: {${plural.name}} lacks ${missing.join(', ')}`);
        const unknown = plural.selectors.filter((s) => !s.startsWith('=') && !categories.includes(s as never));
        if (unknown.length) problems.push(`${language} ${key}: {${plural.name}} has no category ${unknown.join(', ')}`);
      }
      if (shape.plurals.length === 0) problems.push(`${language} ${key}: a plural in another language, none here`);
      const intl = createIntl({
        locale: language,
        messages: { [key]: text },
        onError: (e) => problems.push(e.message),
      });
      const rendered = NUMBERS.map((n) => {
        // the plural's number is n; another number (a range's start) is 3, a name is X
        const values: Record<string, string | number> = { field: 'X', name: 'X', app: 'X' };
        for (const p of shape.plurals) values[p.name] = n;
        for (const m of text.matchAll(/\{(\w+)/g)) values[m[1]] ??= 3;
        const out = intl.formatMessage({ id: key }, values);
        if (!out.includes(new Intl.NumberFormat(language).format(n)) || /[{}#]/.test(out))
          problems.push(`${language} ${key} for ${n}: "${out}"`);
        return out;
      });
      lines.push(`${language}: ${rendered.join(' | ')}`);
    }
    console.log(`${key}\n  ${lines.join('\n  ')}`);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
