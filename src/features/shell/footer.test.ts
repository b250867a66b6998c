import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../tests/support/i18n/catalogues';
import type { Catalogues } from '../../i18n/messages';
import { footerContent, footerText } from './footer';

const catalogues: Catalogues = {
  et: { 'footer.hours.LT': 'E–R 8.00–19.00', 'footer.openingHours': 'Lahtiolekuajad', 'contact.title': 'Klienditugi' },
  en: { 'footer.hours.LT': 'Mon–Fri 8:00–19:00', 'footer.openingHours': 'Opening hours' },
  ru: {},
  lv: { 'footer.hours.LT': '' },
  lt: { 'footer.hours.LT': 'I–V 8:00–19:00' },
};

describe('footer content (spec 1 §2 "Root layout")', () => {
  it('is per language and falls back to Estonian, not English', () => {
    expect(footerText(catalogues, 'lt', 'footer.hours.LT')).toBe('I–V 8:00–19:00');
    expect(footerText(catalogues, 'ru', 'footer.hours.LT')).toBe('E–R 8.00–19.00');
    expect(footerText(catalogues, 'lv', 'footer.hours.LT')).toBe('E–R 8.00–19.00');
    expect(footerText(catalogues, 'en', 'contact.title')).toBe('Klienditugi');
    expect(footerText(catalogues, 'en', 'footer.unknown')).toBe('footer.unknown');
  });

  it('takes the contact and opening hours of the domain; Lithuania is Mon–Fri 8:00–19:00', () => {
    expect(footerContent('LT', 'en', CATALOGUES)).toMatchObject({
      openingHours: 'Mon–Fri 8:00–19:00',
      phone: '+370 700 55 400',
      email: 'info@post.example.lt',
    });
    expect(footerContent('LT', 'lt', CATALOGUES).openingHours).toBe('I–V 8:00–19:00');
    expect(footerContent('LV', 'en', CATALOGUES).openingHours).toBe('Mon–Fri 8:00–18:00');
    expect(footerContent('EE', 'et', CATALOGUES)).toMatchObject({
      openingHours: 'E–R 8.00–20.00',
      company: 'Eesti Post',
    });
  });
});
