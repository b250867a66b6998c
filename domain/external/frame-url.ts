/**
 * The frame's source address (spec 1 §7 "External application URL query", "The order-system frame login URL").
 */
import { LANGUAGE2, LANGUAGES, type Language, type UserContext } from '../contract';
import { hasPrivilege } from '../rights';
import { ORDER_SYSTEM } from './order-system';

type AppsContext = Pick<UserContext, 'applications' | 'externalApps'>;

/**
 * The application's base address from its custom parameters: `applications[].customParameters.baseUrl` (or `url`),
 * else the matching `externalApps[].customParameters.url` (or `baseUrl`). Null when the context has none
 * (spec 1 §8: missing OSS application data is only logged).
 */
export function applicationBaseUrl(ctx: AppsContext | null | undefined, application: string): string | null {
  const app = application.toUpperCase();
  const own = ctx?.applications.find((a) => a.name.toUpperCase() === app)?.customParameters;
  const fromOwn = own?.baseUrl ?? own?.url;
  if (fromOwn) return fromOwn;
  const ext = ctx?.externalApps.find((e) => (e.customParameters.application ?? '').toUpperCase() === app);
  return ext?.customParameters.url ?? ext?.customParameters.baseUrl ?? null;
}

/** Two-letter lower-case language of a two- or three-letter code ('EST' → 'et'); null when unknown. */
export function twoLetterLanguage(code: string): Language | null {
  const lower = code.trim().toLowerCase();
  const two = LANGUAGES.find((l) => l === lower);
  return two ?? LANGUAGE2[code.trim().toUpperCase()] ?? null;
}

export interface FrameIdentity {
  /** the represented gid (spec 1 §7 `guid`) */
  guid: string;
  isPerson: boolean;
}

/**
 * Whom the frame acts for: the represented party; for a NO_REPRESENTEE user without one (spec 1 §6: LOGISTICS without
 * a chosen representee), the person themself. Null when nobody.
 */
export function frameIdentity(
  ctx: Pick<UserContext, 'epitPrincipal' | 'privileges'> | null | undefined,
): FrameIdentity | null {
  const principal = ctx?.epitPrincipal;
  if (!principal) return null;
  if (principal.represented) return { guid: principal.represented.gid, isPerson: principal.represented.isPerson };
  if (hasPrivilege(ctx, 'NO_REPRESENTEE')) return { guid: principal.representative.id, isPerson: true };
  return null;
}

export interface FrameUrlInput extends FrameIdentity {
  application: string;
  /** the application's base address (applicationBaseUrl) */
  baseUrl: string;
  /** the portal language; sent as two lower-case letters */
  language: string;
  /** where in the application to open (e.g. the OSS hash); left out when empty */
  menuPath?: string | null;
  /** ms since the epoch: a fresh address at every (re)load, so the browser never reuses an old frame */
  timestamp: number;
}

/**
 * Spec 1 §7: `guid`, `isPerson=1` when a person (left out otherwise), `lang`, `menuPath`, `timestamp`, on the
 * application's base address; for the order system on its base address plus `login`.
 */
export function frameUrl(input: FrameUrlInput): string {
  const params = new URLSearchParams();
  params.set('guid', input.guid);
  if (input.isPerson) params.set('isPerson', '1');
  params.set('lang', twoLetterLanguage(input.language) ?? input.language.toLowerCase());
  if (input.menuPath) params.set('menuPath', input.menuPath);
  params.set('timestamp', String(input.timestamp));
  let base = input.baseUrl;
  if (input.application.toUpperCase() === ORDER_SYSTEM) {
    const [path, query] = splitQuery(base);
    base = `${path.endsWith('/') ? path : `${path}/`}login${query}`;
  }
  return `${base}${base.includes('?') ? '&' : '?'}${params.toString()}`;
}

function splitQuery(url: string): [string, string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}
