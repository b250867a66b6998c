/**
 * POST context/changeLanguage (spec 1 §7, only when signed in): the session's language, as the 3-letter upper-case
 * code. The package-private service addresses carry the session's language, so they are invalidated.
 */
import { z } from 'zod/mini';
import { type ChangeLanguageBody } from '../../../domain/contract';
import { languageWireValue } from '../../../domain/session/rules';
import type { Language } from '../../../domain/contract';
import { invalidate, type QueryDeps } from '../invalidate';
import { serviceUrlsKey } from '../user-settings/get-service-urls';

export const changeLanguageInvalidates = [serviceUrlsKey] as const;

export async function changeLanguage(deps: QueryDeps, language: Language): Promise<void> {
  const body: z.input<typeof ChangeLanguageBody> = { value: languageWireValue(language) };
  await deps.api.post('context/changeLanguage', body, z.unknown());
  await invalidate(deps.queryClient, changeLanguageInvalidates);
}
