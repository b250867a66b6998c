/**
 * Build-time message compilation: the fallback chain of src/i18n/messages.ts applied to
 * the catalogues, then every text precompiled by `formatjs compile --ast` (@formatjs/cli) into the ICU AST
 * react-intl formats directly, so the browser ships neither the other languages nor the ICU parser. The result is
 * exactly what react-intl saw before from the strings: the language's text, else en, else et; 'X:' + key for a
 * known key without text; an unknown key is left out, so react-intl shows the key itself (spec 1 §5).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MessageFormatElement } from 'react-intl';
import type { Language } from '../../domain/contract.js';
import {
  isFooterKey,
  messagesFor,
  resolveMessage,
  type Catalogues,
  type FooterCatalogues,
} from '../../src/i18n/messages.js';
import { MESSAGE_PART_NAMES, messagePartOf, type MessagePart } from '../../src/i18n/message-parts.js';

/** the `formatjs` command of @formatjs/cli */
const require = createRequire(import.meta.url);
const FORMATJS = require.resolve('@formatjs/cli/bin/formatjs');

/** `formatjs compile <file> --ast --format simple`: { key: text } in, { key: AST } out (a bad text fails the build) */
function compileAst(messages: Record<string, string>, language: Language): Record<string, MessageFormatElement[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'epit-messages-'));
  try {
    const file = path.join(dir, `${language}.json`);
    writeFileSync(file, JSON.stringify(messages));
    const out = execFileSync(process.execPath, [FORMATJS, 'compile', file, '--ast', '--format', 'simple'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return JSON.parse(out) as Record<string, MessageFormatElement[]>;
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    throw new Error(`formatjs compile of locales (${language} with its fallbacks) failed: ${String(stderr ?? error)}`, {
      cause: error,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface CompiledLanguage {
  messages: Record<string, MessageFormatElement[]>;
  footer: FooterCatalogues;
}

export function compileLanguage(catalogues: Catalogues, language: Language): CompiledLanguage {
  const messages = compileAst(messagesFor(language, catalogues), language);
  const footerOf = (lang: Language) =>
    Object.fromEntries(Object.entries(catalogues[lang] ?? {}).filter(([key]) => isFooterKey(key)));
  const footer: FooterCatalogues = { [language]: footerOf(language), et: footerOf('et') };
  return { messages, footer };
}

type CompiledMessages = CompiledLanguage['messages'];

/**
 * A language's compiled messages split by part (src/i18n/message-parts.ts): `core` for the first screen, one map per
 * part for the keys that load with it. Together they are exactly the compiled messages, each key in one of them.
 */
export function splitByPart(messages: CompiledMessages): {
  core: CompiledMessages;
  parts: Record<MessagePart, CompiledMessages>;
} {
  const core: CompiledMessages = {};
  const parts = Object.fromEntries(MESSAGE_PART_NAMES.map((p) => [p, {}])) as Record<MessagePart, CompiledMessages>;
  for (const [key, ast] of Object.entries(messages)) {
    const part = messagePartOf(key);
    (part ? parts[part] : core)[key] = ast;
  }
  return { core, parts };
}

/** The boot-failure text (src/main.tsx) in every language: shown when not even the app could start. */
export function bootTexts(catalogues: Catalogues): Record<Language, string> {
  const text = (l: Language) => resolveMessage(catalogues, l, 'error.client');
  return { et: text('et'), en: text('en'), ru: text('ru'), lv: text('lv'), lt: text('lt') };
}
