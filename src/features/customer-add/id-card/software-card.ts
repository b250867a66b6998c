/**
 * The reference setup's software ID-card: talks to the simulator's card reader (/sim/id-card/*, see
 * server/sim/SIGNING.md) and asks for PIN2 in its own dialog (pin-prompt.ts).
 */
import { COOKIE, XSRF_HEADER } from '../../../../domain/contract';
import { readDocumentCookie } from '../../../api/client';
import { IdCardError, type CardSignature, type IdCardAdapter, type SigningCertificate } from './types';
import type { PinPrompt } from './pin-prompt';

export interface SoftwareCardOptions {
  /** base of the simulator, '/sim' */
  simUrl?: string;
  pinPrompt: PinPrompt;
  fetch?: typeof fetch;
}

async function failure(res: Response): Promise<IdCardError> {
  const body = (await res.json().catch(() => null)) as { code?: string; serviceErrorMessage?: string } | null;
  // 404 NO_CARD: no card in the reader; 409 CARD_CHANGED: another card than the one read — insert it again
  if (res.status === 404 || body?.code === 'NO_CARD' || body?.code === 'CARD_CHANGED') {
    return new IdCardError('IDCARD_NO_CARD', body?.serviceErrorMessage ?? 'No ID-card in the reader');
  }
  return new IdCardError('IDCARD_ERROR', body?.serviceErrorMessage ?? `card reader answered ${res.status}`);
}

/** CN of a base64 DER certificate, for the PIN dialog ("LAST,FIRST,CODE"); null when unreadable. */
export function holderOf(certificateBase64: string): string | null {
  try {
    const bin = atob(certificateBase64);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    // OID 2.5.4.3 (commonName) = 06 03 55 04 03, then a string tag and its length
    const i = bin.lastIndexOf('\x06\x03\x55\x04\x03');
    if (i < 0) return null;
    const len = bytes[i + 6];
    const raw = bytes.slice(i + 7, i + 7 + len);
    const cn = new TextDecoder('utf-8').decode(raw);
    const [last, first] = cn.split(',');
    return first && last ? `${first} ${last}` : cn;
  } catch {
    return null;
  }
}

export function createSoftwareCard({
  simUrl = '/sim',
  pinPrompt,
  fetch: doFetch = (...a) => fetch(...a),
}: SoftwareCardOptions): IdCardAdapter {
  return {
    async getSigningCertificate({ signal } = {}): Promise<SigningCertificate> {
      let res: Response;
      try {
        res = await doFetch(`${simUrl}/id-card/certificate`, {
          credentials: 'include',
          headers: { Accept: 'application/json' },
          signal,
        });
      } catch (e) {
        if (signal?.aborted) throw e;
        throw new IdCardError('IDCARD_NO_CARD', 'The card reader cannot be reached');
      }
      if (!res.ok) throw await failure(res);
      return (await res.json()) as SigningCertificate;
    },

    async sign(certificate, hash, hashFunction, { signal } = {}): Promise<CardSignature> {
      const pin = await pinPrompt.request(holderOf(certificate), signal);
      if (pin === null) throw new IdCardError('IDCARD_USER_CANCELLED', 'PIN entry cancelled');
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'Content-Type': 'application/json; charset=UTF-8',
      };
      const xsrf = readDocumentCookie(COOKIE.xsrf);
      if (xsrf) headers[XSRF_HEADER] = xsrf;
      let res: Response;
      try {
        res = await doFetch(`${simUrl}/id-card/sign`, {
          method: 'POST',
          credentials: 'include',
          headers,
          body: JSON.stringify({ hash, hashFunction, certificate, pin }),
          signal,
        });
      } catch (e) {
        if (signal?.aborted) throw e;
        throw new IdCardError('IDCARD_NO_CARD', 'The card reader cannot be reached');
      }
      if (!res.ok) throw await failure(res);
      return (await res.json()) as CardSignature;
    },
  };
}
