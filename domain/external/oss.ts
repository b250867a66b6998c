/**
 * OSS hash sync and logout (spec 1 §4 "OSS hash sync", "Logout"; §7 the OSS logout URL).
 *
 * Hashes travel without their leading '#': the frame reports `changeHash: '/shipments/42'` (a leading '#' is
 * tolerated), the portal's location hash becomes '#/shipments/42'. The empty hash is the application's root; the login
 * hash ('login' or '/login', with or without a query) counts as the root too, so the portal's address never shows
 * the frame's login step.
 */
import { z } from 'zod/mini';
import { twoLetterLanguage } from './frame-url';

/** A hash without its '#', the empty string for the root. */
function hashFragment(hash: string | null | undefined): string {
  const h = (hash ?? '').trim();
  return h.startsWith('#') ? h.slice(1) : h;
}

/** The login hash of the order system: its root as far as the portal is concerned. */
function isLoginHash(hash: string | null | undefined): boolean {
  const path = hashFragment(hash).split('?')[0].replace(/\/+$/, '');
  return path === 'login' || path === '/login';
}

const ChangeUrlHash = z.object({ changeHash: z.string() });

/**
 * `ossChangeUrlHash` params → the portal's new location hash ('' for the root, else '#' + fragment); null when the
 * params are malformed (then nothing changes). The shell replaces (not pushes) the location hash and history state
 * with it: the frame's own navigation already made the history entry.
 */
export function portalHashFromOss(params: unknown): string | null {
  const parsed = ChangeUrlHash.safeParse(params);
  if (!parsed.success) return null;
  const fragment = hashFragment(parsed.data.changeHash);
  return !fragment || isLoginHash(fragment) ? '' : `#${fragment}`;
}

export interface OssInitialData {
  /** the represented gid the frame acts for */
  customerId: string;
  /** two letters, upper case ('ET') */
  language: string;
  /** 'EE', 'LV' or 'LT' */
  domain: string;
  /** the portal's hash without '#'; '' is the root */
  urlHash: string;
}

/**
 * The `ossUpdateInitialData` params, sent on every navigation or history move while OSS is open, so that Back and
 * Forward move the frame too.
 */
export function ossUpdateInitialData(input: {
  customerId: string;
  language: string;
  domain: string;
  portalHash: string | null | undefined;
}): OssInitialData {
  const fragment = hashFragment(input.portalHash);
  return {
    customerId: input.customerId,
    language: (twoLetterLanguage(input.language) ?? input.language.slice(0, 2)).toUpperCase(),
    domain: input.domain.toUpperCase(),
    urlHash: isLoginHash(fragment) ? '' : fragment,
  };
}
