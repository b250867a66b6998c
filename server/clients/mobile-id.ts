/**
 * Mobile-ID relying-party client for SK's MID REST API v1 (github.com/SK-EID/MID README), used by
 * server/routes/sign. Base URL, relyingPartyUUID / relyingPartyName and pinned certificates come from env.ts
 * (MID_URL, MID_RP_UUID, MID_RP_NAME, MID_TLS_CERTS).
 *
 *   certificate(phone, code)    POST {base}/certificate                  → { result: OK, cert } | { result: NOT_FOUND … }
 *   startSignature(...)         POST {base}/signature                    → sessionID
 *   signatureStatus(id, wait)   GET  {base}/signature/session/{id}?timeoutMs=  → RUNNING | COMPLETE + result
 *
 * Answers are read leniently where SK says clients must (§2.7: unknown fields are ignored; an older server
 * answers `sessionId` and a RUNNING state with `result: ""`), strictly where the portal depends on them. Any
 * other HTTP status than 200 is a MidHttpError carrying the status (§2.5, §3.2.6, §3.3.9).
 */
import { z } from 'zod';
import { RelyingPartyClient } from './service-http.js';

/** A non-200 answer: 400 bad request, 401 relying party not authorized, 404 session gone, 405, 5xx. */
export class MidHttpError extends Error {
  constructor(
    readonly status: number,
    /** SK's `error` text, meant for developers (§3.2.7), never shown to people */
    readonly detail: string,
  ) {
    super(`Mobile-ID answered HTTP ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'MidHttpError';
  }
}

/** The answer was 200 but not what the API documents. */
export class MidProtocolError extends Error {
  constructor(message: string) {
    super(`Mobile-ID: ${message}`);
    this.name = 'MidProtocolError';
  }
}

const CertificateAnswer = z.looseObject({ result: z.string().min(1), cert: z.string().optional() });
const SessionAnswer = z
  .looseObject({ sessionID: z.string().min(1).optional(), sessionId: z.string().min(1).optional() })
  .refine((a) => a.sessionID ?? a.sessionId, 'sessionID is missing');
const StatusAnswer = z.looseObject({
  state: z.enum(['RUNNING', 'COMPLETE']),
  result: z.string().optional(),
  signature: z.looseObject({ value: z.string().min(1), algorithm: z.string().min(1) }).optional(),
  cert: z.string().optional(),
});

export type MidCertificate = { result: 'OK'; cert: string } | { result: string; cert?: undefined };
export type MidSessionStatus =
  { state: 'RUNNING' } | { state: 'COMPLETE'; result: string; signature?: { value: string; algorithm: string } };

export interface MidSignatureRequest {
  phoneNumber: string;
  nationalIdentityNumber: string;
  /** base64 of the hash */
  hash: string;
  hashType: 'SHA256' | 'SHA384' | 'SHA512';
  /** EST, ENG, RUS or LIT */
  language: 'EST' | 'ENG' | 'RUS' | 'LIT';
  /** at most 100 GSM-7 characters (or 50 with UCS-2) */
  displayText?: string;
  displayTextFormat?: 'GSM-7' | 'UCS-2';
}

/** Extra ms on top of the long-poll wait before the client gives up (§3.3.4 "add additional ~1500ms"). */
export const POLL_MARGIN_MS = 1500;

export class MobileIdClient extends RelyingPartyClient {
  protected httpError(status: number, json: unknown): Error {
    const error = (json as { error?: unknown } | null)?.error;
    return new MidHttpError(status, typeof error === 'string' ? error : '');
  }

  /** §3.1: the signing certificate of this phone and person, which AdES signatures need before signing. */
  async certificate(phoneNumber: string, nationalIdentityNumber: string): Promise<MidCertificate> {
    const answer = CertificateAnswer.safeParse(
      await this.call('POST', '/certificate', { ...this.rp(), phoneNumber, nationalIdentityNumber }),
    );
    if (!answer.success) throw new MidProtocolError('the certificate answer has no result');
    const { result, cert } = answer.data;
    if (result === 'OK') {
      if (!cert) throw new MidProtocolError('result OK without a certificate');
      return { result, cert };
    }
    return { result };
  }

  /** §3.2: starts a signing session for the hash; answers its sessionID. */
  async startSignature(req: MidSignatureRequest): Promise<string> {
    const answer = SessionAnswer.safeParse(await this.call('POST', '/signature', { ...this.rp(), ...req }));
    if (!answer.success) throw new MidProtocolError('the signature answer has no sessionID');
    return answer.data.sessionID ?? answer.data.sessionId ?? '';
  }

  /**
   * §3.3: the session's state, long-polling up to `timeoutMs` (the service keeps it within its own bounds,
   * about 1000…120000). A 404 means the session is unknown or older than 5 minutes.
   */
  async signatureStatus(sessionId: string, timeoutMs: number, signal?: AbortSignal): Promise<MidSessionStatus> {
    const answer = StatusAnswer.safeParse(
      await this.call(
        'GET',
        `/signature/session/${encodeURIComponent(sessionId)}?timeoutMs=${timeoutMs}`,
        undefined,
        timeoutMs + POLL_MARGIN_MS,
        signal,
      ),
    );
    if (!answer.success) throw new MidProtocolError('the session status has no state');
    const a = answer.data;
    if (a.state === 'RUNNING') return { state: 'RUNNING' };
    if (!a.result) throw new MidProtocolError('a COMPLETE session without a result');
    return { state: 'COMPLETE', result: a.result, ...(a.signature ? { signature: a.signature } : {}) };
  }
}
