/**
 * The Web eID page ↔ extension message protocol (what web-eid.js, github.com/web-eid/web-eid.js, does in
 * src/services/WebExtensionService.ts), bundled with the portal so it is served from the portal's own origin and
 * never from a CDN. Used when PortalConfig.idCard is 'webeid' and the page has no `window.webeid` of its own.
 *
 * The page posts `{ action: 'web-eid:<action>', libraryVersion, ... }` to itself; the extension's content
 * script answers `<action>-ack` within 1 s (else the extension is not there), then `<action>-success` with the
 * result or `<action>-failure` with `{ error: { code, message } }` (codes ERR_WEBEID_USER_CANCELLED, ...).
 * One request per action at a time; the page must be a secure context (https or localhost).
 */

/** web-eid.js 2.x, whose major version the extension checks */
export const LIBRARY_VERSION = '2.1.0';
const ACK_TIMEOUT_MS = 1000;
const NATIVE_APP_HANDSHAKE_MS = 5000;
const USER_INTERACTION_MS = 2 * 60_000;

export interface WebEidWindow {
  isSecureContext: boolean;
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  setTimeout(handler: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

export class WebEidProtocolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'WebEidProtocolError';
  }
}

interface Pending {
  resolve(value: Record<string, unknown>): void;
  reject(error: Error): void;
  ackTimer: number;
  replyTimer: number;
}

export interface WebEidLibrary {
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

export function createWebEidProtocol(win: WebEidWindow): WebEidLibrary {
  const pending = new Map<string, Pending>();

  win.addEventListener('message', ({ data }) => {
    const action = (data as { action?: unknown } | null)?.action;
    if (typeof action !== 'string' || !action.startsWith('web-eid:')) return;
    const m = /^(web-eid:[a-z-]+?)-(ack|success|failure)$/.exec(action);
    const p = m ? pending.get(m[1] ?? '') : undefined;
    if (!m || !p) return;
    if (m[2] === 'ack') {
      win.clearTimeout(p.ackTimer);
      return;
    }
    pending.delete(m[1] ?? '');
    win.clearTimeout(p.ackTimer);
    win.clearTimeout(p.replyTimer);
    if (m[2] === 'success') p.resolve(data as Record<string, unknown>);
    else {
      const error = (data as { error?: { code?: unknown; message?: unknown } }).error;
      const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
      p.reject(new WebEidProtocolError(text(error?.code, 'ERR_WEBEID_UNKNOWN_ERROR'), text(error?.message, '')));
    }
  });

  function send(action: string, body: Record<string, unknown>, timeoutMs: number) {
    if (pending.has(action))
      return Promise.reject(new WebEidProtocolError('ERR_WEBEID_ACTION_PENDING', `${action} is already pending`));
    if (!win.isSecureContext)
      return Promise.reject(new WebEidProtocolError('ERR_WEBEID_CONTEXT_INSECURE', 'Web eID needs https'));
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const fail = (code: string, message: string) => {
        const p = pending.get(action);
        if (!p) return;
        pending.delete(action);
        win.clearTimeout(p.ackTimer);
        win.clearTimeout(p.replyTimer);
        reject(new WebEidProtocolError(code, message));
      };
      pending.set(action, {
        resolve,
        reject,
        ackTimer: win.setTimeout(
          () => fail('ERR_WEBEID_EXTENSION_UNAVAILABLE', 'The Web eID extension did not answer'),
          ACK_TIMEOUT_MS,
        ),
        replyTimer: win.setTimeout(() => fail('ERR_WEBEID_ACTION_TIMEOUT', `${action} timed out`), timeoutMs),
      });
      win.postMessage({ action, libraryVersion: LIBRARY_VERSION, ...body }, '*');
    });
  }

  return {
    async getSigningCertificate(options = {}) {
      const r = await send(
        'web-eid:get-signing-certificate',
        { options },
        ACK_TIMEOUT_MS + NATIVE_APP_HANDSHAKE_MS + 2 * USER_INTERACTION_MS,
      );
      return {
        certificate: String(r.certificate),
        supportedSignatureAlgorithms: (r.supportedSignatureAlgorithms ?? []) as never[],
      };
    },
    async sign(certificate, hash, hashFunction, options = {}) {
      const r = await send(
        'web-eid:sign',
        { certificate, hash, hashFunction, options },
        ACK_TIMEOUT_MS + NATIVE_APP_HANDSHAKE_MS + USER_INTERACTION_MS,
      );
      return { signature: String(r.signature), signatureAlgorithm: r.signatureAlgorithm as never };
    },
  };
}

let bundled: WebEidLibrary | null = null;
/** The bundled library on this page's window (made once). */
export function bundledWebEid(): WebEidLibrary {
  bundled ??= createWebEidProtocol({
    isSecureContext: window.isSecureContext,
    postMessage: (m, o) => window.postMessage(m, o),
    addEventListener: (t, l) => window.addEventListener(t, l),
    setTimeout: (h, ms) => window.setTimeout(h, ms),
    clearTimeout: (id) => window.clearTimeout(id),
  });
  return bundled;
}
