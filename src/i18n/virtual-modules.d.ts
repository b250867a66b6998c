/**
 * The build's message modules (tools/i18n/vite-plugin.ts). Ambient module declarations cannot import relative
 * modules, so the shapes are written out: messages as ICU ASTs, the footer's share as FooterCatalogues
 * (./messages.ts), the boot texts per Language (machines/lib/contract.ts).
 */
declare module 'virtual:epit-messages/*' {
  import type { MessageFormatElement } from 'react-intl';
  export const messages: Record<string, MessageFormatElement[]>;
  export const footer: Partial<Record<'et' | 'en' | 'ru' | 'lv' | 'lt', Record<string, string>>>;
}

declare module 'virtual:epit-boot-texts' {
  const texts: Record<'et' | 'en' | 'ru' | 'lv' | 'lt', string>;
  export default texts;
}
