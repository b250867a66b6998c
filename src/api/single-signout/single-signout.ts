/**
 * POST single-signout?locale={lang}_{domain} (spec 1 §7, "synchronous, to the security base"): ends the portal session;
 * the answer's value is the sign-out page the browser goes to. It goes to the security service's base
 * (`securityBase(config.securityUrl)`), not to the API base. Every cached answer was the signed-out person's, so the
 * cache is emptied, not invalidated: nothing of theirs may show to whoever uses the browser next.
 */
import { SignoutResponse } from '../../../domain/contract';
import { securityBase } from '../../../domain/navigation/rules';
import type { QueryDeps } from '../invalidate';

export async function singleSignout(
  { api, queryClient }: QueryDeps,
  securityUrl: string,
  locale: string,
): Promise<string> {
  const { value } = await api.post(`${securityBase(securityUrl)}/single-signout`, undefined, SignoutResponse, {
    query: { locale },
  });
  queryClient.clear();
  return value;
}
