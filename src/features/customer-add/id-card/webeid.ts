/**
 * The real ID-card through the Web eID browser extension (https://web-eid.eu), used when PortalConfig.idCard
 * is 'webeid'. The page must load web-eid.js, which defines `window.webeid`; the extension shows its own PIN
 * dialog. Web eID error codes are mapped to the adapter's codes so the same messages show.
 */
import { IdCardError, type IdCardAdapter } from './types';

interface WebEidLibrary {
  getSigningCertificate(options?: {
    lang?: string;
  }): Promise<{ certificate: string; supportedSignatureAlgorithms: never[] }>;
  sign(
    certificate: string,
    hash: string,
    hashFunction: string,
    options?: { lang?: string },
  ): Promise<{ signature: string; signatureAlgorithm: never }>;
}

declare global {
  interface Window {
    webeid?: WebEidLibrary;
  }
}

function mapError(e: unknown): IdCardError {
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  const message = String((e as Error | null)?.message ?? e);
  if (code === 'ERR_WEBEID_USER_CANCELLED' || code === 'ERR_WEBEID_USER_TIMEOUT')
    return new IdCardError('IDCARD_USER_CANCELLED', message);
  // extension or native app missing, no reader or card: the user has to make the card available
  if (/EXTENSION_UNAVAILABLE|NATIVE_UNAVAILABLE|NO_CARD|READER|VERSION/.test(code))
    return new IdCardError('IDCARD_NO_CARD', message);
  return new IdCardError('IDCARD_ERROR', message);
}

export function createWebEidCard(getLibrary: () => WebEidLibrary | undefined = () => window.webeid): IdCardAdapter {
  const library = () => {
    const lib = getLibrary();
    if (!lib) throw new IdCardError('IDCARD_NO_CARD', 'Web eID is not available in this browser');
    return lib;
  };
  return {
    async getSigningCertificate({ lang } = {}) {
      try {
        return await library().getSigningCertificate({ lang });
      } catch (e) {
        throw e instanceof IdCardError ? e : mapError(e);
      }
    },
    async sign(certificate, hash, hashFunction, { lang } = {}) {
      try {
        return await library().sign(certificate, hash, hashFunction, { lang });
      } catch (e) {
        throw e instanceof IdCardError ? e : mapError(e);
      }
    },
  };
}
