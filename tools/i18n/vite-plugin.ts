/**
 * Vite plugin (issue 12 "Messages"): one precompiled module per language, loaded on demand (src/i18n/load.ts).
 *
 *   import('virtual:epit-messages/<lang>')   → { messages: ICU ASTs, fallback chain applied; footer: its texts }
 *   import('virtual:epit-boot-texts')        → { et: '…', en: '…', … }, the boot-failure text of each language
 *
 * locales/*.json stay the source (tools/i18n/add.ts writes them); they are read at each load and watched, so
 * `npm run dev` picks up an added key. The texts are compiled by `formatjs compile --ast` (./compile.ts), and
 * `browserAliases` leaves the ICU parser out of the bundle (react-intl's "advanced usage": messages are ASTs, so
 * the parser is never called).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';
import { LANGUAGES, type Language } from '../../machines/lib/contract.js';
import type { Catalogues } from '../../src/i18n/messages.js';
import { bootTexts, compileLanguage } from './compile.js';

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

// a big object literal parses faster as JSON.parse('…') (V8's JSON fast path)
const jsonExport = (name: string, value: unknown) =>
  `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;

export function compiledMessages(): Plugin {
  // compiled modules by id and catalogue contents: `npm run dev` compiles a language again only after an edit
  const compiled = new Map<string, string>();
  return {
    name: 'epit-compiled-messages',
    // resolved ids name the chunks: assets/_epit-messages-<lang>-<hash>.js
    resolveId(id) {
      if (id === BOOT) return '\0epit-boot-texts';
      const language = id.startsWith(MESSAGES) ? id.slice(MESSAGES.length) : '';
      return isLanguage(language) ? `\0epit-messages-${language}` : null;
    },
    load(id) {
      if (!id.startsWith('\0epit-')) return null;
      const files = LANGUAGES.map((l) => path.join(LOCALES, `${l}.json`));
      files.forEach((f) => this.addWatchFile(f));
      const raw = files.map((f) => readFileSync(f, 'utf8'));
      const key = `${id}:${createHash('sha256').update(raw.join('\0')).digest('hex')}`;
      const cached = compiled.get(key);
      if (cached) return cached;
      const read = (l: Language) => JSON.parse(raw[LANGUAGES.indexOf(l)]) as Record<string, string>;
      const catalogues: Catalogues = { et: read('et'), en: read('en'), ru: read('ru'), lv: read('lv'), lt: read('lt') };
      const code = moduleCode(id, catalogues);
      if (code !== null) compiled.set(key, code);
      return code;
    },
  };
}

/** the module's code for a resolved id: the boot texts, or one language */
function moduleCode(id: string, catalogues: Catalogues): string | null {
  if (id === '\0epit-boot-texts') return `export default ${JSON.stringify(bootTexts(catalogues))};\n`;
  const language = id.slice('\0epit-messages-'.length);
  if (!isLanguage(language)) return null;
  const { messages, footer } = compileLanguage(catalogues, language);
  return jsonExport('messages', messages) + jsonExport('footer', footer);
}
