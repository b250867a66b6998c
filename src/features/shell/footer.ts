/**
 * Footer content (spec 1 §2 "Root layout"): per language, falling back to Estonian (not through the general
 * language → en → et chain), with the contact and opening hours of the current domain.
 */
import type { Domain, Language } from '../../../domain/contract';
import type { FooterCatalogues } from '../../i18n/messages';

/** Phone and e-mail of customer support per domain (not translated). */
export const FOOTER_CONTACT: Record<Domain, { phone: string; email: string }> = {
  EE: { phone: '+372 661 6616', email: 'info@post.example.ee' },
  LV: { phone: '+371 6700 8001', email: 'info@post.example.lv' },
  LT: { phone: '+370 700 55 400', email: 'info@post.example.lt' },
};

export type FooterContent = {
  company: string;
  contactTitle: string;
  openingHoursLabel: string;
  openingHours: string;
  phone: string;
  email: string;
};

/** One footer text: the language's own, else the Estonian one. */
export function footerText(catalogues: FooterCatalogues, language: Language, key: string): string {
  const own = catalogues[language]?.[key];
  if (typeof own === 'string' && own.length > 0) return own;
  const et = catalogues.et?.[key];
  return typeof et === 'string' && et.length > 0 ? et : key;
}

export function footerContent(domain: Domain, language: Language, catalogues: FooterCatalogues): FooterContent {
  const t = (key: string) => footerText(catalogues, language, key);
  return {
    company: t(`footer.company.${domain}`),
    contactTitle: t('contact.title'),
    openingHoursLabel: t('footer.openingHours'),
    openingHours: t(`footer.hours.${domain}`),
    ...FOOTER_CONTACT[domain],
  };
}
