/**
 * Pure rules of the session (spec 1 §1 language and domain, §5 URL parameter normalisation).
 * No browser access: callers pass the route parameters and cookie values in.
 */
import { DOMAINS, LANGUAGES, LANGUAGE2, LANGUAGE3, type Domain, type Language } from '../contract';

/** Accepts a two-letter ('et') or three-letter ('est', 'EST') code; anything else is null. */
export function toLanguage(code: string | null | undefined): Language | null {
  if (!code) return null;
  const c = code.trim();
  const lower = c.toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(lower)) return lower as Language;
  return LANGUAGE2[c.toUpperCase()] ?? null;
}

/** Spec 1 §1: route parameter, else the EPIT-LANGUAGE cookie, final fallback eng. */
export function resolveLanguage(param: string | null | undefined, cookie: string | null | undefined): Language {
  return toLanguage(param) ?? toLanguage(cookie) ?? 'en';
}

/** Spec 1 §1: route parameter, else EPIT-DOMAIN; a value other than EE, LV, LT becomes EE. */
export function resolveDomain(param: string | null | undefined, cookie: string | null | undefined): Domain {
  const raw = (param || cookie || '').trim().toUpperCase();
  return (DOMAINS as readonly string[]).includes(raw) ? (raw as Domain) : 'EE';
}

/** The value the EPIT-LANGUAGE cookie holds: lower-case three-letter code (est, eng, rus, lav, lit). */
export function languageCookieValue(language: Language): string {
  return LANGUAGE3[language].toLowerCase();
}

/** The changeLanguage body: upper-case three-letter code. */
export function languageWireValue(language: Language): 'EST' | 'ENG' | 'RUS' | 'LAV' | 'LIT' {
  return LANGUAGE3[language] as 'EST' | 'ENG' | 'RUS' | 'LAV' | 'LIT';
}

/** single-signout?locale={lang}_{domain}, e.g. et_EE. */
export function signoutLocale(language: Language, domain: Domain): string {
  return `${language}_${domain}`;
}

/** Spec 1 §5: URL parameters are normalised to number, boolean or null (else kept as text). */
export function normaliseParam(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value as number | boolean;
  const v = value.trim();
  if (v === '' || v === 'null' || v === 'undefined') return null;
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(v) && !/^0\d/.test(v)) return Number(v);
  return value;
}

/**
 * Spec 1 §8 "Authorisation failure on a non-home page": error.auth is shown only away from home. Home is the
 * index and the dashboard (epit-dashboard: /dashboard, /dashboard/…/…/…, /home/show/…/…/…) under the base path.
 */
export function isHomePath(pathname: string, baseUrl: string): boolean {
  const base = baseUrl.replace(/\/+$/, '');
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return false;
  const rest = pathname.slice(base.length).replace(/\/+$/, '');
  if (rest === '' || rest === '/dashboard') return true;
  return /^\/(dashboard|home\/show)\/[^/]+\/[^/]+\/[^/]+$/.test(rest);
}

export function showsAuthError(pathname: string, baseUrl: string): boolean {
  return !isHomePath(pathname, baseUrl);
}
