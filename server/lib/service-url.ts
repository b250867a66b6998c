/**
 * Spec 1 §7 "service-URL builder": base UI path (API base with api → ui) + private|business
 * (private when there is no represented party or it is a person) + domain lower case +
 * language lower case + the service, e.g. '/ui/business/ee/et/LOGISTICS'.
 */
export function buildServiceUrl(opts: {
  apiBase?: string;
  isPersonOrNone: boolean;
  domain: string;
  language: string; // two-letter
  service: string;
}): string {
  const uiBase = (opts.apiBase ?? '/api').replace(/api/, 'ui');
  const kind = opts.isPersonOrNone ? 'private' : 'business';
  return `${uiBase}/${kind}/${opts.domain.toLowerCase()}/${opts.language.toLowerCase()}/${opts.service}`;
}

/** Country (= domain) from a represented gid: person 'EE…' → EE; company prefix UB → LT, LV → LV, else EE (spec 1 §3). */
export function domainOfGid(gid: string, isPerson: boolean): 'EE' | 'LV' | 'LT' {
  const p = gid.slice(0, 2);
  if (isPerson) return p === 'LV' ? 'LV' : p === 'LT' ? 'LT' : 'EE';
  return p === 'UB' ? 'LT' : p === 'LV' ? 'LV' : 'EE';
}
