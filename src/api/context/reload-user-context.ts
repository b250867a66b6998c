/**
 * The user context again, for the session: what a write that changes it runs beside its invalidations (the header's
 * names and represented parties, the menus and the dashboard read the session's context, not a query). A module of its
 * own so that only the parts with such writes load it, not the first screen.
 */
import type { UserContext } from '../../../domain/contract';
import type { ApiClient } from '../client';
import { getUserContext } from './get-user-context';

/** The session as the reload needs it (kept structural: src/api imports nothing from src/app). */
export interface SessionLike {
  getSnapshot(): { context: { userContext: UserContext | null } };
  send(event: { type: 'session.contextReplaced'; userContext: UserContext }): void;
}

/**
 * Loads the user context and hands it to the session, when someone is signed in and, with `fgid`, it is that person
 * (a write about another user changes nothing in one's own context). A failed load keeps the context the session has:
 * the write itself succeeded, and the next page load shows it.
 */
export async function reloadUserContext(
  { api, session }: { api: ApiClient; session: SessionLike },
  fgid?: string,
): Promise<void> {
  const signedIn = session.getSnapshot().context.userContext?.epitPrincipal?.representative.id;
  if (!signedIn || (fgid !== undefined && fgid !== signedIn)) return;
  const context = await getUserContext(api).catch(() => null);
  if (context) session.send({ type: 'session.contextReplaced', userContext: context });
}
