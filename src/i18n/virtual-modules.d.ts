/**
 * The build's message modules (tools/i18n/vite-plugin.ts). Ambient module declarations cannot import relative
 * modules, so the shapes are written out: messages as ICU ASTs, the footer's share as FooterCatalogues
 * (./messages.ts), the parts by their names in ./message-parts.ts, the boot texts per Language
 * (domain/contract.ts).
 */
declare module 'virtual:epit-messages/*' {
  import type { MessageFormatElement } from 'react-intl';
  /** a language's first-screen texts (virtual:epit-messages/<lang>) */
  export const messages: Record<string, MessageFormatElement[]>;
  export const footer: Partial<Record<'et' | 'en' | 'ru' | 'lv' | 'lt', Record<string, string>>>;
  /** the language's other texts, by part (virtual:epit-messages/<lang>/<part>: `messages` only) */
  export const parts: Record<string, () => Promise<{ messages: Record<string, MessageFormatElement[]> }>>;
}

declare module 'virtual:epit-boot-texts' {
  const texts: Record<'et' | 'en' | 'ru' | 'lv' | 'lt', string>;
  export default texts;
}
