/**
 * The machine-readable rules of locales/glossary.md and the checks that hold a catalogue to them (used by
 * glossary.test.ts, locales/glossary.md). Each finding names the language, the key and the rule, so a failure says
 * what to change.
 */
import type { Language } from '../../domain/contract';

export type Catalogue = Record<string, string>;

export interface Glossary {
  /** formal pronoun forms, written capitalised */
  formal: Partial<Record<Language, string[]>>;
  /** informal pronoun forms, never written */
  informal: Partial<Record<Language, string[]>>;
  quotes: Partial<Record<Language, { open: string; close: string }>>;
  /** "Names not to use" and "Gender-neutral wording" rows */
  banned: { language: Language; pattern: RegExp; source: string; why: string; instead: string; except: string[] }[];
  /** names a value may keep in English */
  names: string[];
  /** the spec's texts, byte-exact */
  specTexts: { key: string; language: Language; text: string }[];
}

/** the rows of the first table under the heading that contains `title` */
function tableUnder(md: string, title: string): string[][] {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => /^#+ /.test(l) && l.includes(title));
  if (start < 0) throw new Error(`locales/glossary.md: no heading "${title}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#+ /.test(line)) break;
    if (!line.startsWith('|')) {
      if (rows.length) break;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
    if (cells.every((c) => /^-*$/.test(c))) continue;
    rows.push(cells);
  }
  return rows.slice(1); // the header row
}

/** the paragraph right under the heading that contains `title` (the first non-empty line after prose) */
function listUnder(md: string, title: string): string[] {
  const section = md.split(/\n(?=#+ )/).find((s) => s.split('\n')[0].includes(title));
  if (!section) throw new Error(`locales/glossary.md: no heading "${title}"`);
  const last = section
    .trim()
    .split('\n\n')
    .map((p) => p.trim())
    .filter(Boolean)
    .pop()!;
  return last.split(',').map((s) => s.trim());
}

const LETTER = '[\\p{L}\\p{N}]';
/** `\b` in any alphabet: JavaScript's own `\b` knows only ASCII letters */
const UNICODE_BOUNDARY = `(?:(?<!${LETTER})(?=${LETTER})|(?<=${LETTER})(?!${LETTER}))`;
const wordPattern = (source: string, flags = 'iu') => new RegExp(source.replace(/\\b/g, UNICODE_BOUNDARY), flags);
const wordsPattern = (words: string[], flags: string) =>
  new RegExp(`(?<!${LETTER})(?:${words.join('|')})(?!${LETTER})`, flags);

const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

export function parseGlossary(md: string): Glossary {
  const formal: Glossary['formal'] = {};
  const informal: Glossary['informal'] = {};
  for (const [language, f, i] of tableUnder(md, 'Formal pronouns')) {
    formal[language as Language] = f.split(',').map((s) => s.trim());
    informal[language as Language] = i.split(',').map((s) => s.trim());
  }
  const quotes: Glossary['quotes'] = {};
  for (const [language, open, close] of tableUnder(md, 'Quotation marks'))
    quotes[language as Language] = { open, close };
  const banned: Glossary['banned'] = [];
  for (const [language, pattern, term, instead, except] of tableUnder(md, 'Names not to use'))
    banned.push({
      language: language as Language,
      source: unquote(pattern),
      pattern: wordPattern(unquote(pattern)),
      why: `not the glossary's name for "${term}"`,
      instead,
      except: except ? except.split(',').map((s) => s.trim()) : [],
    });
  for (const [language, pattern, why] of tableUnder(md, 'Gender-neutral wording'))
    banned.push({
      language: language as Language,
      source: unquote(pattern),
      pattern: wordPattern(unquote(pattern)),
      why: `${why}: the wording must be gender-neutral`,
      instead: 'a gender-neutral wording',
      except: [],
    });
  const specTexts = tableUnder(md, 'Texts the spec fixes').map(([key, language, text]) => ({
    key,
    language: language as Language,
    text,
  }));
  return { formal, informal, quotes, banned, names: listUnder(md, 'Names kept in every language'), specTexts };
}

// ---- ICU structure (a small scanner: the browser build ships no ICU parser, and the checks need only the shape) ----

export interface PluralUse {
  name: string;
  /** the selectors of its branches: one, few, =0, other… */
  selectors: string[];
}

export interface IcuShape {
  /** arguments outside any plural (in the text itself or in a select's branch) */
  outside: string[];
  plurals: PluralUse[];
}

/** index of the `}` that closes the `{` at `open` */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces in "${text}"`);
}

/** the branches `sel {text}` of a plural or select body */
function branches(body: string): { selector: string; text: string }[] {
  const out: { selector: string; text: string }[] = [];
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open < 0) break;
    const selector = body
      .slice(i, open)
      .trim()
      .replace(/^offset:\d+\s*/, '');
    const close = closing(body, open);
    out.push({ selector, text: body.slice(open + 1, close) });
    i = close + 1;
  }
  return out;
}

export function icuShape(text: string): IcuShape {
  const shape: IcuShape = { outside: [], plurals: [] };
  const walk = (t: string, inPlural: boolean) => {
    let i = 0;
    while (i < t.length) {
      const open = t.indexOf('{', i);
      if (open < 0) return;
      const close = closing(t, open);
      const inner = t.slice(open + 1, close);
      const [name, type, ...rest] = inner.split(',');
      const kind = type?.trim();
      if (kind === 'plural' || kind === 'selectordinal') {
        const body = rest.join(',');
        const bs = branches(body);
        shape.plurals.push({ name: name.trim(), selectors: bs.map((b) => b.selector) });
        for (const b of bs) walk(b.text, true);
      } else if (kind === 'select') {
        for (const b of branches(rest.join(','))) walk(b.text, inPlural);
      } else if (!inPlural) shape.outside.push(name.trim());
      i = close + 1;
    }
  };
  walk(text, false);
  return shape;
}

// ---- the checks ----

/** placeholders that hold a number */
const NUMERIC_PLACEHOLDERS = new Set([
  'count',
  'max',
  'min',
  'hours',
  'days',
  'minutes',
  'seconds',
  'total',
  'page',
  'first',
  'last',
  'number',
  'n',
]);

/**
 * Keys whose numbers carry no counted word, so they need no plural: the pager ("Page 2 of 5", "1–20 of 45") and the
 * inspector's count in brackets.
 */
const NUMBERS_WITHOUT_WORD = new Set(['pager.page', 'pager.summary', 'inspector.toggle']);

/** placeholders holding a name or a list: they never start a sentence, no verb agrees with them */
const NAME_PLACEHOLDERS = ['services', 'applications', 'app'];

/** Estonian second-person singular forms (imperative and present) that a sentence must not use (formal register) */
const ET_INFORMAL_VERBS = [
  'sisesta',
  'vali',
  'proovi',
  'kontrolli',
  'oota',
  'telli',
  'määra',
  'loe',
  'logi',
  'kasuta',
  'tule',
  'värskenda',
  'vajuta',
  'kirjuta',
  'vaata',
  'leia',
  'võta',
  'saad',
  'soovid',
  'alustad',
  'esindad',
  'oled',
  'pead',
  'tahad',
  'võid',
];

const QUOTE_CHARS = /["“”„«»‘’‚‹›]/g;
const CYRILLIC = /\p{Script=Cyrillic}/u;

export interface Finding {
  language: Language;
  key: string;
  problem: string;
}

export const describeFinding = (f: Finding) => `${f.language} ${f.key}: ${f.problem}`;

export function checkCatalogue(
  glossary: Glossary,
  language: Language,
  catalogue: Catalogue,
  english: Catalogue,
): Finding[] {
  const findings: Finding[] = [];
  const add = (key: string, problem: string) => findings.push({ language, key, problem });
  const fixed = new Set(glossary.specTexts.filter((s) => s.language === language).map((s) => s.key));
  const formalLower = (glossary.formal[language] ?? [])
    .map((f) => f.toLowerCase())
    .filter((f) => f !== f.toUpperCase());
  const lowerFormal = formalLower.length ? wordsPattern(formalLower, 'gu') : null;
  const informal = glossary.informal[language]?.length ? wordsPattern(glossary.informal[language], 'giu') : null;
  // "ei kasuta" is the negative of every person, formal included
  const etVerbs = new RegExp(`(?<!(?:^|\\s)ei\\s)${wordsPattern(ET_INFORMAL_VERBS, 'giu').source}`, 'giu');
  const names = new Set(glossary.names.map((n) => n.toLowerCase()));
  const quotes = glossary.quotes[language];

  for (const [key, value] of Object.entries(catalogue)) {
    // the words: argument names and ICU keywords left out ("{role}" is no Latvian "role")
    const text = value
      .replace(/\{\s*\w+\s*(,\s*\w+\s*)?[,}]/g, ' ')
      .replace(/\b(zero|one|two|few|many|other)\s*\{|[{}#]/g, ' ');
    const shape = (() => {
      try {
        return icuShape(value);
      } catch (error) {
        add(key, String(error));
        return null;
      }
    })();

    // the glossary's terms and gender-neutral wording
    for (const rule of glossary.banned) {
      if (rule.language !== language || rule.except.includes(key)) continue;
      const m = rule.pattern.exec(text);
      if (m) add(key, `"${m[0]}" is ${rule.why}; write ${rule.instead} (rule \`${rule.source}\`; value "${value}")`);
    }

    if (language !== 'en' && !fixed.has(key)) {
      // register
      for (const m of lowerFormal ? text.matchAll(lowerFormal) : [])
        add(key, `the formal pronoun "${m[0]}" is written with a capital letter (value "${value}")`);
      for (const m of informal ? text.matchAll(informal) : [])
        add(key, `"${m[0]}" is the informal address; use the formal one (value "${value}")`);
      if (language === 'et' && /[.!?](\s|$)/.test(value))
        for (const m of text.matchAll(etVerbs))
          add(key, `"${m[0]}" is the informal second person in a sentence; use the formal form (value "${value}")`);
    }

    // numbers shown with a word are plurals
    if ((language === 'ru' || language === 'lv' || language === 'lt') && shape && !NUMBERS_WITHOUT_WORD.has(key))
      for (const name of shape.outside)
        if (NUMERIC_PLACEHOLDERS.has(name))
          add(
            key,
            `the number {${name}} is outside a plural: write {${name}, plural, …} with every category of ${language} (value "${value}")`,
          );

    // English left in place
    if (language !== 'en') {
      const leftover = (s: string) =>
        s.split(/[^\p{L}\p{N}-]+/u).filter((w) => /\p{L}/u.test(w) && !names.has(w.toLowerCase()));
      if (english[key] !== undefined && value.trim() === english[key].trim() && leftover(text).length)
        add(key, `the value is the English text "${value}"; translate it (only the glossary's names stay English)`);
      else if (language === 'ru' && !CYRILLIC.test(text)) {
        const latin = leftover(text);
        if (latin.length) add(key, `"${latin.join(' ')}" is not Russian; translate it (value "${value}")`);
      }
    }

    // one style of quotation marks
    if (quotes) {
      for (const m of value.matchAll(QUOTE_CHARS))
        if (m[0] !== quotes.open && m[0] !== quotes.close)
          add(
            key,
            `the quotation mark ${m[0]} is not this language's; ${language} quotes with ${quotes.open}…${quotes.close}`,
          );
      if (quotes.open !== quotes.close) {
        const opens = value.split(quotes.open).length - 1;
        const closes = value.split(quotes.close).length - 1;
        if (opens !== closes) add(key, `${opens} opening ${quotes.open} but ${closes} closing ${quotes.close}`);
      }
    }

    // sentences start with a capital; a name or a list never starts one
    for (const m of value.matchAll(/(\p{L}+|\p{N}|[)»“"])[.!?]\s+(\p{Ll})/gu))
      if (!/^\p{L}{1,3}$/u.test(m[1]))
        // an abbreviation: el. paštas, эл. почта, e. paslaugos
        add(key, `a sentence starts with the lower-case "${m[2]}" (value "${value}")`);
    if (language !== 'en' && !fixed.has(key))
      for (const m of value.matchAll(new RegExp(`(?:^|[.!?]\\s+)\\{(${NAME_PLACEHOLDERS.join('|')})\\}(?!:)`, 'g')))
        add(
          key,
          `the sentence starts with {${m[1]}}: a name or a list goes after a colon or in quotes, not as the subject (value "${value}")`,
        );
  }
  return findings;
}

/** the spec's texts that differ from the catalogue */
export function checkSpecTexts(glossary: Glossary, catalogues: Record<Language, Catalogue>): string[] {
  return glossary.specTexts
    .filter((s) => catalogues[s.language][s.key] !== s.text)
    .map(
      (s) =>
        `${s.language} ${s.key}: the spec's text is "${s.text}", the catalogue has ${JSON.stringify(catalogues[s.language][s.key])}`,
    );
}
