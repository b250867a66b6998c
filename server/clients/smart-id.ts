/**
 * Smart-ID relying-party client for SK's RP API v2 (github.com/SK-EID/smart-id-documentation, branch api-v2),
 * used by server/routes/sign. Base URL, relyingPartyUUID / relyingPartyName and pinned certificates come from
 * env.ts (SMART_ID_URL, SMART_ID_RP_UUID, SMART_ID_RP_NAME, SMART_ID_TLS_CERTS).
 *
 *   certificateChoice(PNOEE-…)     POST {base}/certificatechoice/etsi/{id}      → sessionID
 *   signature(document, …)         POST {base}/signature/document/{doc}         → sessionID
 *   sessionStatus(id, wait)        GET  {base}/session/{id}?timeoutMs=          → RUNNING | COMPLETE + endResult
 *
 * Unknown fields are ignored at any depth (§2.2.9). Any other status than 200 is a SmartIdHttpError: 400, 401
 * (relying party not authorized), 403 (no permission), 404 (no such account, or the session is gone), 471 (no
 * suitable account of the requested level), 472 (the person should look at the app or the portal), 480 (client
 * too old), 580 (maintenance), other 5xx (§2.1.1, §2.3.3, §2.3.8.3, §2.3.11.3).
 */
import { z } from 'zod';
import { RelyingPartyClient } from './service-http.js';

export class SmartIdHttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`Smart-ID answered HTTP ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'SmartIdHttpError';
  }
}

export class SmartIdProtocolError extends Error {
  constructor(message: string) {
    super(`Smart-ID: ${message}`);
    this.name = 'SmartIdProtocolError';
  }
}

/** §3.1 interactions; the text is displayText60 or displayText200 as the type requires. */
export type Interaction =
  | { type: 'displayTextAndPIN' | 'verificationCodeChoice'; displayText60: string }
  | { type: 'confirmationMessage' | 'confirmationMessageAndVerificationCodeChoice'; displayText200: string };

const SessionAnswer = z.looseObject({ sessionID: z.string().min(1) });
const StatusAnswer = z.looseObject({
  state: z.enum(['RUNNING', 'COMPLETE']),
  result: z.looseObject({ endResult: z.string().optional(), documentNumber: z.string().optional() }).optional(),
  signature: z.looseObject({ value: z.string().min(1), algorithm: z.string().min(1) }).optional(),
  cert: z.looseObject({ value: z.string().min(1), certificateLevel: z.string().optional() }).optional(),
  interactionFlowUsed: z.string().optional(),
});

export type SmartIdSessionStatus =
  | { state: 'RUNNING' }
  | {
      state: 'COMPLETE';
      endResult: string;
      documentNumber?: string;
      cert?: { value: string; certificateLevel?: string };
      signature?: { value: string; algorithm: string };
      interactionFlowUsed?: string;
    };

export interface SmartIdSignatureRequest {
  /** base64 of the hash */
  hash: string;
  hashType: 'SHA256' | 'SHA384' | 'SHA512';
  certificateLevel?: 'ADVANCED' | 'QUALIFIED' | 'QSCD';
  allowedInteractionsOrder: Interaction[];
}

/** The network's share on top of the long-poll wait before the client gives up. */
export const POLL_MARGIN_MS = 1500;

export class SmartIdClient extends RelyingPartyClient {
  protected httpError(status: number, json: unknown): Error {
    const b = json as { detail?: unknown; title?: unknown; message?: unknown } | null;
    const detail = [b?.detail, b?.message, b?.title].find((x): x is string => typeof x === 'string') ?? '';
    return new SmartIdHttpError(status, detail);
  }

  private async session(path: string, body: object): Promise<string> {
    const answer = SessionAnswer.safeParse(await this.call('POST', path, body));
    if (!answer.success) throw new SmartIdProtocolError('the session answer has no sessionID');
    return answer.data.sessionID;
  }

  /** §2.3.8: the person picks the device (and so the certificate) for the coming signature. */
  certificateChoice(semanticsIdentifier: string, certificateLevel: 'QUALIFIED' | 'ADVANCED' | 'QSCD' = 'QUALIFIED') {
    return this.session(`/certificatechoice/etsi/${encodeURIComponent(semanticsIdentifier)}`, {
      ...this.rp(),
      certificateLevel,
    });
  }

  /** §2.3.10: a signature on that document (device), as *AdES signatures with an embedded certificate need. */
  signature(documentNumber: string, req: SmartIdSignatureRequest) {
    return this.session(`/signature/document/${encodeURIComponent(documentNumber)}`, { ...this.rp(), ...req });
  }

  /** §2.3.11: the session, long-polling up to `timeoutMs` (the service keeps it within 1000…120000). */
  async sessionStatus(sessionId: string, timeoutMs: number, signal?: AbortSignal): Promise<SmartIdSessionStatus> {
    const answer = StatusAnswer.safeParse(
      await this.call(
        'GET',
        `/session/${encodeURIComponent(sessionId)}?timeoutMs=${timeoutMs}`,
        undefined,
        timeoutMs + POLL_MARGIN_MS,
        signal,
      ),
    );
    if (!answer.success) throw new SmartIdProtocolError('the session status has no state');
    const a = answer.data;
    if (a.state === 'RUNNING') return { state: 'RUNNING' };
    if (!a.result?.endResult) throw new SmartIdProtocolError('a COMPLETE session without result.endResult');
    return {
      state: 'COMPLETE',
      endResult: a.result.endResult,
      ...(a.result.documentNumber ? { documentNumber: a.result.documentNumber } : {}),
      ...(a.cert ? { cert: a.cert } : {}),
      ...(a.signature ? { signature: a.signature } : {}),
      ...(a.interactionFlowUsed ? { interactionFlowUsed: a.interactionFlowUsed } : {}),
    };
  }
}
