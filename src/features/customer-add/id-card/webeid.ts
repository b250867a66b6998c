/**
 * The real ID-card through the Web eID browser extension (https://web-eid.eu), used when PortalConfig.idCard
 * is 'webeid' (server setting ID_CARD=webeid). The page talks to the extension with the library bundled in the
 * portal (./webeid-protocol.ts, served from the portal's own origin), or with `window.webeid` when the page
 * defines one; the extension shows its own PIN dialog. Web eID error codes are mapped to the adapter's codes so
 * the same messages show.
 */
import { IdCardError, type IdCardAdapter } from './types';
import { bundledWebEid, type WebEidLibrary } from './webeid-protocol';

declare global {
  interface Window {
    webeid?: WebEidLibrary;
  }
}

function mapError(e: unknown): IdCardError {
  const raw = (e as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' ? raw : '';
  const message = String((e as Error | null)?.message ?? e);
  if (code === 'ERR_WEBEID_USER_CANCELLED' || code === 'ERR_WEBEID_USER_TIMEOUT')
    return new IdCardError('IDCARD_USER_CANCELLED', message);
  // extension or native app missing, no reader or card: the user has to make the card available
  if (/EXTENSION_UNAVAILABLE|NATIVE_UNAVAILABLE|NO_CARD|READER|VERSION/.test(code))
    return new IdCardError('IDCARD_NO_CARD', message);
  return new IdCardError('IDCARD_ERROR', message);
}

export function createWebEidCard(
  getLibrary: () => WebEidLibrary | undefined = () => window.webeid ?? bundledWebEid(),
): IdCardAdapter {
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
