/** Domain rules: service URLs (spec 1 §7, spec 2 §4). Part of domain/rights (see index.ts). */
import { type Represented } from '../contract';
import { serviceForApplication } from './service-applications';

export interface ServiceUrlInput {
  /** API base, e.g. '/api' or 'https://host/api' */
  apiUrl: string;
  represented: Pick<Represented, 'isPerson'> | null | undefined;
  domain: string;
  language: string;
  /** application (service) name as it appears in the route, e.g. 'LOGISTICS' */
  application: string;
}
/** Base UI path (API base with api replaced by ui) + private|business + domain + language (lower case) + application. */
export function buildServiceUrl({ apiUrl, represented, domain, language, application }: ServiceUrlInput): string {
  const base = apiUrl.replace(/\/+$/, '').replace(/api$/, 'ui');
  const kind = !represented || represented.isPerson ? 'private' : 'business';
  return `${base}/${kind}/${domain.toLowerCase()}/${language.toLowerCase()}/${application}`;
}
/**
 * Target of a dashboard shortcut: a private person opening LOGISTICS goes to the package-private URL the server
 * provides for the current domain (user-settings/service-urls); everything else uses the service-URL builder.
 */
export function shortcutUrl(
  input: ServiceUrlInput & { packagePrivateUrls?: Record<string, string> | null },
): { kind: 'packagePrivate'; url: string | null } | { kind: 'service'; url: string } {
  const isPrivate = !input.represented || input.represented.isPerson;
  if (isPrivate && serviceForApplication(input.application) === 'LOGISTICS') {
    return { kind: 'packagePrivate', url: input.packagePrivateUrls?.[input.domain.toUpperCase()] ?? null };
  }
  return { kind: 'service', url: buildServiceUrl(input) };
}
