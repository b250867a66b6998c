/** POST test/execLdap (spec 2 §7, empty body): the LDAP save test. Nothing the portal shows changes. */
import { ValueAnswer } from '../../../domain/dev-pages/contract';
import type { ApiClient } from '../client';

export function execLdap(api: ApiClient) {
  return api.post('test/execLdap', undefined, ValueAnswer);
}
