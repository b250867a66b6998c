/** Browser cookies of the shell (spec 1 §9: EPIT-LANGUAGE and EPIT-DOMAIN are permanent, 100 years). */
import { COOKIE } from '../../domain/contract';
import { readDocumentCookie } from '../api/client';

export const readCookie = readDocumentCookie;

const HUNDRED_YEARS_S = 100 * 365 * 24 * 60 * 60;

export function writePermanentCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${HUNDRED_YEARS_S}; Path=/; SameSite=Lax${secure}`;
}

/** Removes a cookie the server set with Path=/ (a stale EPIT-SIGNED-IN hint). */
export function clearCookie(name: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

/** spec 2 §4: the remembered target address (cookie TARGET) is used once, then expired. */
export function takeTargetCookie(): string | null {
  const target = readCookie(COOKIE.target);
  if (target !== null) clearCookie(COOKIE.target);
  return target || null;
}
