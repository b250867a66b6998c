/**
 * The ID-card signature test (spec 2 §7): POST test/digidoc/digest { certHex } → the digest to sign, POST
 * test/digidoc/finalize { value: signature } → ok and the file name (test/digidoc/download serves the file).
 */
import { DigidocDigestAnswer, DigidocFinalizeAnswer } from '../../../domain/dev-pages/contract';
import type { ApiClient } from '../client';

export function digidocDigest(api: ApiClient, certHex: string) {
  return api.post('test/digidoc/digest', { certHex }, DigidocDigestAnswer);
}

export function digidocFinalize(api: ApiClient, signature: string) {
  return api.post('test/digidoc/finalize', { value: signature }, DigidocFinalizeAnswer);
}
