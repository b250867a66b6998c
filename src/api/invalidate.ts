/**
 * What a write invalidates: every query that shows what it changed, named by the query keys of the endpoint modules
 * (src/api/README.md). A write module lists them beside its call (`<write>Invalidates`) and runs this once the server
 * has answered. The user context is not a query (the session machine holds it): a write that changes it also calls
 * reloadUserContext (context/reload-user-context.ts).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiClient } from './client';
import type { SessionLike } from './context/reload-user-context';

/** What a read's queryOptions and a write need: the client, and the cache its answers live in. */
export interface QueryDeps {
  api: ApiClient;
  queryClient: QueryClient;
}

/** A write that changes the user context also needs the session that holds it. */
export interface WriteDeps extends QueryDeps {
  session: SessionLike;
}

/** Marks the queries stale: the ones on screen load again before this resolves, the others when next shown. */
export async function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
