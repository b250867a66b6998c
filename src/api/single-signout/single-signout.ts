/**
 * POST single-signout?locale={lang}_{domain} (spec 1 §7): ends the portal session; the answer's value is the sign-out
 * page the browser goes to. Every cached answer was the signed-out person's, so the cache is emptied, not invalidated:
 * nothing of theirs may show to whoever uses the browser next.
 */
import { SignoutResponse } from '../../../machines/lib/contract';
import type { QueryDeps } from '../invalidate';

export async function singleSignout({ api, queryClient }: QueryDeps, locale: string): Promise<string> {
  const { value } = await api.post('single-signout', undefined, SignoutResponse, { query: { locale } });
  queryClient.clear();
  return value;
}
