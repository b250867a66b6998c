/**
 * One language at a time, and of it only the texts in use: each language's messages are
 * chunks precompiled at build time (tools/i18n/vite-plugin.ts): the language's own with the first screen's texts,
 * and one per part (./message-parts.ts) with the texts of a lazy route or feature. A language is fetched when first
 * needed, a part when its route or feature is (src/app/portal.ts), and both are kept for the page's life. A
 * language asked for later comes with every part wanted so far, so switching languages never shows a key.
 */
import type { MessageFormatElement } from 'react-intl';
import type * as OneLanguage from 'virtual:epit-messages/et';
import type { Language } from '../../domain/contract';
import type { MessagePart } from './message-parts';
import type { FooterCatalogues } from './messages';

/** What react-intl and the footer get for a language: its texts loaded so far, merged. */
export interface LanguageMessages {
  language: Language;
  messages: Record<string, MessageFormatElement[]>;
  footer: FooterCatalogues;
}

// one import() per language, written out: the bundler makes each its own chunk (a language's parts: its `parts`)
const loaders: Record<Language, () => Promise<typeof OneLanguage>> = {
  et: () => import('virtual:epit-messages/et'),
  en: () => import('virtual:epit-messages/en'),
  ru: () => import('virtual:epit-messages/ru'),
  lv: () => import('virtual:epit-messages/lv'),
  lt: () => import('virtual:epit-messages/lt'),
};

interface LanguageState {
  core: Promise<typeof OneLanguage> | null;
  parts: Map<MessagePart, Promise<void>>;
  /** the texts arrived so far: the language's own first, then its parts */
  loaded: { messages: LanguageMessages['messages'] }[];
  footer: FooterCatalogues | null;
  merged: LanguageMessages | null;
}

/** every language asked for in this page, with its chunks */
const languages = new Map<Language, LanguageState>();
/** the parts whose texts have been asked for: every language loads them */
const wanted = new Set<MessagePart>();
const listeners = new Set<() => void>();

function stateOf(language: Language): LanguageState {
  let state = languages.get(language);
  if (!state)
    languages.set(language, (state = { core: null, parts: new Map(), loaded: [], footer: null, merged: null }));
  return state;
}

function arrived(state: LanguageState, module: { messages: LanguageMessages['messages'] }) {
  state.loaded.push(module);
  state.merged = null;
  listeners.forEach((l) => l());
}

/** the language's own chunk; the same promise for every caller. A failed load may be tried again. */
function loadCore(language: Language): Promise<typeof OneLanguage> {
  const state = stateOf(language);
  state.core ??= loaders[language]().then(
    (module) => {
      state.footer = module.footer;
      arrived(state, module);
      return module;
    },
    (error: unknown) => {
      state.core = null;
      throw error;
    },
  );
  return state.core;
}

/** one part of a language (after the language's own chunk, which knows where its parts are) */
function loadPart(language: Language, part: MessagePart): Promise<void> {
  const state = stateOf(language);
  let p = state.parts.get(part);
  if (!p) {
    p = loadCore(language)
      .then((core) => core.parts[part]())
      .then(
        (module) => arrived(state, module),
        (error: unknown) => {
          state.parts.delete(part);
          throw error;
        },
      );
    state.parts.set(part, p);
  }
  return p;
}

/** The language's messages: its first-screen texts and those of every part wanted so far (also while it loads). */
export async function loadMessages(language: Language): Promise<LanguageMessages> {
  let parts: MessagePart[];
  // a part wanted while these load is loaded for this language too (loadMessageParts): wait for it as well
  do {
    parts = [...wanted];
    await Promise.all([loadCore(language), ...parts.map((part) => loadPart(language, part))]);
  } while (wanted.size > parts.length);
  return loadedMessages(language)!;
}

/**
 * The texts of these parts, from now on in every language: loaded for each language asked for so far (the one on
 * screen and one being switched to); a language asked for later brings them along (loadMessages).
 */
export async function loadMessageParts(parts: readonly MessagePart[]): Promise<void> {
  parts.forEach((part) => wanted.add(part));
  await Promise.all([...languages.keys()].flatMap((language) => parts.map((part) => loadPart(language, part))));
}

/**
 * The language's messages loaded so far (its first-screen texts and the parts that arrived); the same object until
 * another part of it arrives. Undefined before its first-screen texts have.
 */
export function loadedMessages(language: Language): LanguageMessages | undefined {
  const state = languages.get(language);
  if (!state?.footer) return undefined;
  state.merged ??= {
    language,
    messages: Object.assign({}, ...state.loaded.map((m) => m.messages)) as LanguageMessages['messages'],
    footer: state.footer,
  };
  return state.merged;
}

/** Listens for any chunk arriving (useSyncExternalStore in ./I18nProvider.tsx). */
export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The browser's locale data for `language`, loaded now in a task of its own. Chromium loads it on a page's first
 * Intl call (about 25 ms of CPU on a fast machine, four times that on a slow phone), which react-intl makes in
 * IntlProvider (`supportedLocalesOf`, checking the locale) while React renders the first screen. Called at boot
 * (src/main.tsx), it runs while the page waits for config.json, and the first render is that much shorter.
 */
export function prepareLocaleData(language: Language): void {
  setTimeout(() => {
    Intl.NumberFormat.supportedLocalesOf(language);
    Intl.DateTimeFormat.supportedLocalesOf(language);
  }, 0);
}
