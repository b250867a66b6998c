/** GET test/roles and GET test/userRoles (the test page's lists of every role and of the users' roles). */
import { queryOptions } from '@tanstack/react-query';
import { TestRolesAnswer, TestUserRolesAnswer } from '../../../domain/dev-pages/contract';
import type { ApiClient } from '../client';

export function testRolesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['test', 'roles'] as const,
    queryFn: ({ signal }) => api.get('test/roles', TestRolesAnswer, { signal }),
  });
}

export function testUserRolesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['test', 'userRoles'] as const,
    queryFn: ({ signal }) => api.get('test/userRoles', TestUserRolesAnswer, { signal }),
  });
}
