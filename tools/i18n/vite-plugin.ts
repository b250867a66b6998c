/**
 * Vite plugin: precompiled messages per language and per part, loaded on demand
 * (src/i18n/load.ts).
 *
 *   import('virtual:epit-messages/<lang>')         → { messages: the first screen's ICU ASTs, fallback chain applied;
 *                                                      footer: its texts; parts: { <part>: () => import(…) } }
 *   import('virtual:epit-messages/<lang>/<part>')  → { messages: the ASTs of the keys that load with <part> }
 *   import('virtual:epit-boot-texts')              → { et: '…', en: '…', … }, the boot-failure text of each language
 *
 * The parts and their keys are src/i18n/message-parts.ts. locales/*.json stay the source (tools/i18n/add.ts writes
 * them); they are read at each load and watched, so `npm run dev` picks up an added key. The texts are compiled by
 * `formatjs compile --ast` (./compile.ts), and `browserAliases` leaves the ICU parser out of the bundle
 * (react-intl's "advanced usage": messages are ASTs, so the parser is never called).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';
import { LANGUAGES, type Language } from '../../domain/contract.js';
import type { Catalogues } from '../../src/i18n/messages.js';
import { MESSAGE_PART_NAMES, type MessagePart } from '../../src/i18n/message-parts.js';
import { bootTexts, compileLanguage, splitByPart, type CompiledLanguage } from './compile.js';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const MESSAGES = 'virtual:epit-messages/';
const BOOT = 'virtual:epit-boot-texts';

export const browserAliases: Alias[] = [
  {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
  },
];

const isLanguage = (s: string): s is Language => (LANGUAGES as readonly string[]).includes(s);
const isPart = (s: string): s is MessagePart => (MESSAGE_PART_NAMES as readonly string[]).includes(s);

/**
 * the resolved id of a language's module (core) or of one of its parts; it names the chunk:
 * assets/_epit-messages-<lang>-<hash>.js, assets/_epit-messages-<part>-<lang>-<hash>.js
 */
const messagesId = (language: Language, part?: MessagePart) =>
  part ? `\0epit-messages-${part}-${language}` : `\0epit-messages-${language}`;

/** a resolved id back to its language and part (part names have no '-') */
function parseResolvedId(id: string): { language: Language; part?: MessagePart } | null {
  const rest = id.slice('\0epit-messages-'.length);
  const [part, language] = rest.split('-');
  return parseMessagesId(language === undefined ? rest : `${language}/${part}`);
}

/** 'virtual:epit-messages/<lang>' or 'virtual:epit-messages/<lang>/<part>' → its language and part */
function parseMessagesId(id: string): { language: Language; part?: MessagePart } | null {
  const [language = '', part, ...rest] = id.split('/');
  if (!isLanguage(language) || rest.length > 0) return null;
  if (part === undefined) return { language };
  return isPart(part) ? { language, part } : null;
}

// a big object literal parses faster as JSON.parse('…') (V8's JSON fast path)
const jsonExport = (name: string, value: unknown) =>
  `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;

export function compiledMessages(): Plugin {
  // compiled languages by catalogue contents: `npm run dev` compiles a language again only after an edit, and a
  // build compiles each language once for its core and all its parts
  const compiled = new Map<string, CompiledLanguage>();
  return {
    name: 'epit-compiled-messages',
    resolveId(id) {
      if (id === BOOT) return '\0epit-boot-texts';
      const parsed = id.startsWith(MESSAGES) ? parseMessagesId(id.slice(MESSAGES.length)) : null;
      return parsed ? messagesId(parsed.language, parsed.part) : null;
    },
    load(id) {
      if (!id.startsWith('\0epit-')) return null;
      const files = LANGUAGES.map((l) => path.join(LOCALES, `${l}.json`));
      files.forEach((f) => this.addWatchFile(f));
      const raw = files.map((f) => readFileSync(f, 'utf8'));
      const read = (l: Language) => JSON.parse(raw[LANGUAGES.indexOf(l)]) as Record<string, string>;
      const catalogues: Catalogues = { et: read('et'), en: read('en'), ru: read('ru'), lv: read('lv'), lt: read('lt') };
      if (id === '\0epit-boot-texts') return `export default ${JSON.stringify(bootTexts(catalogues))};\n`;
      const parsed = parseResolvedId(id);
      if (!parsed) return null;
      const hash = createHash('sha256').update(raw.join('\0')).digest('hex');
      const key = `${parsed.language}:${hash}`;
      let language = compiled.get(key);
      if (!language) compiled.set(key, (language = compileLanguage(catalogues, parsed.language)));
      const { core, parts } = splitByPart(language.messages);
      return parsed.part
        ? jsonExport('messages', parts[parsed.part])
        : jsonExport('messages', core) + jsonExport('footer', language.footer) + partLoaders(parsed.language);
    },
  };
}

/** a language's parts, each import() written out so the bundler makes each its own chunk */
function partLoaders(language: Language): string {
  const loaders = MESSAGE_PART_NAMES.map(
    (part) => `  ${part}: () => import(${JSON.stringify(`${MESSAGES}${language}/${part}`)}),\n`,
  );
  return `export const parts = {\n${loaders.join('')}};\n`;
}
