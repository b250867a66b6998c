/**
 * sign/* (spec 1 §7), under /api/sign. Every route needs a session; POSTs need XSRF (global hook).
 *
 *   POST sign/digest          { cert, customer }      → { digest (base64 SHA-256), status }   ID-card step 1
 *   POST sign/finalize        { value: signature }    → { status }                            ID-card step 2
 *   POST sign/mobile/start    { mobileNr, customer }  → { status, challengeId }
 *   GET  sign/mobile/check                            → { status }   RUNNING while the person has not acted
 *   POST sign/smart_id/start  { customer }            → { status, challengeId }
 *   GET  sign/smart_id/check                          → { status }   RUNNING while the person has not acted
 *
 * status: SUCCESS, RUNNING (checks only) or one of SIGNING_END_STATUSES (domain/contract.ts).
 *
 * Mobile-ID and Smart-ID are reached over HTTP as a relying party (server/clients, MID_URL / SMART_ID_URL);
 * every answer they can give maps to an end status in ./outcomes.ts.
 */
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';

import { FinalizeBody, SIGNING_IN_PROGRESS, SIGNING_SUCCESS, type SigningEndStatus } from '../../../domain/contract.js';
import { DigestRules, MobileStartRules, SmartIdStartRules } from '../../../domain/customer-add/rules.js';
import { phoneE164 } from '../../../domain/fields/phone.js';
import { signingServices } from '../../clients/index.js';
import { MidHttpError, MidProtocolError } from '../../clients/mobile-id.js';
import { ServiceUnreachableError } from '../../clients/service-http.js';
import { SmartIdHttpError, SmartIdProtocolError } from '../../clients/smart-id.js';
import { longPollSignal, type AppDeps } from '../../lib/deps.js';
import { badInput, parseOrThrow } from '../../lib/errors.js';
import { requireSession, type Session } from '../../lib/session.js';
import { midCertificateStatus, midHttpStatus, midResultStatus, sidHttpStatus, sidResultStatus } from './outcomes.js';
import { businessCheck, checkCert, finish, pendingOf, savePending, setPending, type Pending } from './signing.js';
import { midDisplayText, midLanguage, smartIdInteractions } from './texts.js';
import { mobileIdVerificationCode, smartIdVerificationCode } from './verification-codes.js';

/**
 * timeoutMs of one status request from a portal check: SK's minimum. The browser asks again 5 s after each
 * answer (spec 1 §9), so the check only needs to see whether the person has acted by now.
 */
export const STATUS_POLL_MS = 1000;
/** timeoutMs of one poll of the Smart-ID certificate (device) choice, which the start waits for. */
export const CERT_CHOICE_POLL_MS = 10_000;
/** How long the Smart-ID start waits for the person to choose a device (under the browser's 60 s). */
export const CERT_CHOICE_BUDGET_MS = 55_000;

function decodeSignature(value: string): Buffer {
  const s = value.replace(/\s+/g, '');
  if (/^[0-9a-f]+$/i.test(s) && s.length % 2 === 0 && s.length >= 128) return Buffer.from(s, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) throw badInput('value', 'must be the signature, base64 or hex');
  return Buffer.from(s, 'base64');
}

const end = (status: string) => ({ status, challengeId: null });

/** A failure of a service call as the end status the person sees; rethrows what is not a service failure. */
function serviceFailure(
  req: FastifyRequest,
  err: unknown,
  service: 'MID' | 'SID',
  phase: 'start' | 'status',
): SigningEndStatus {
  // what went wrong, for whoever connects the real services (DEBUG=1 logs it): status, SK's text, TLS pin
  req.log.warn({ err, service, phase }, `${service} signing service failed`);
  if (service === 'MID' && err instanceof MidHttpError) return midHttpStatus(err.status, phase);
  if (service === 'SID' && err instanceof SmartIdHttpError) return sidHttpStatus(err.status, phase);
  if (err instanceof ServiceUnreachableError || err instanceof MidProtocolError || err instanceof SmartIdProtocolError)
    return 'GENERIC_ERROR';
  throw err;
}

export const signRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const deps = (): AppDeps => app.deps;

  // ---- ID-card (spec 1 §4 step 8): certificate → digest → the card signs → finalize ----
  app.post('/digest', async (req) => {
    const session = await requireSession(req);
    const body = parseOrThrow(DigestRules, req.body);
    const cert = checkCert(deps(), session, body.cert);
    if (!cert.ok && cert.reason === 'BAD') throw badInput('cert', 'must be the signing certificate, base64 DER');
    const check = await businessCheck(deps(), session, body.customer.enterpriseCode);
    if ('status' in check) return { digest: null, status: check.status };
    if (!cert.ok)
      return { digest: null, status: cert.reason === 'OTHER_PERSON' ? 'CERTIFICATE_MISMATCH' : 'DIGIDOC_ERROR' };
    const pending = await savePending(deps().db, deps().clock, session, {
      method: 'IDCARD',
      company: check.company,
      customer: body.customer,
      certDer: cert.der,
    });
    deps().metrics.signingStarted('IDCARD');
    return { digest: pending.digest, status: SIGNING_SUCCESS };
  });

  app.post('/finalize', async (req) => {
    const session = await requireSession(req);
    const { value } = parseOrThrow(FinalizeBody, req.body);
    const signature = decodeSignature(value);
    const pending = await pendingOf(deps().db, session);
    if (!pending || pending.method !== 'IDCARD') return { status: 'GENERIC_ERROR' };
    if (pending.status !== 'RUNNING') return { status: pending.status };
    return { status: await finish(deps(), pending, signature) };
  });

  // ---- Mobile-ID (spec 1 §4 step 7; MID REST v1 §3.1 certificate, §3.2 signature) ----
  app.post('/mobile/start', async (req) => {
    const session = await requireSession(req);
    // the shared phone rule (domain/fields/phone.ts) has accepted exactly the numbers phoneE164 reads
    const body = parseOrThrow(MobileStartRules, req.body, 'body', { mobileNr: 'Mobile phone number' });
    const phone = phoneE164(body.mobileNr);
    if (!phone) throw badInput('mobileNr', 'Invalid format of phone number');
    const check = await businessCheck(deps(), session, body.customer.enterpriseCode);
    if ('status' in check) return end(check.status);
    const code = session.person.personal_code;
    if (!/^\d{11}$/.test(code)) return end('MOBILE_ID_CONTRACT_ERROR');
    const mid = signingServices(deps()).mobileId;
    let certDer: Buffer;
    try {
      const answer = await mid.certificate(phone, code);
      if (answer.result !== 'OK' || !answer.cert) return end(midCertificateStatus(answer.result));
      const cert = checkCert(deps(), session, answer.cert);
      if (!cert.ok) return end(cert.reason === 'OTHER_PERSON' ? 'MOBILE_ID_CONTRACT_ERROR' : 'MOBILE_ID_CERT_ERROR');
      certDer = cert.der;
    } catch (err) {
      return end(serviceFailure(req, err, 'MID', 'start'));
    }
    const pending = await savePending(deps().db, deps().clock, session, {
      method: 'MID',
      company: check.company,
      customer: body.customer,
      certDer,
    });
    deps().metrics.signingStarted('MID');
    const digest = pending.digest ?? '';
    let sessionId: string;
    try {
      sessionId = await mid.startSignature({
        phoneNumber: phone,
        nationalIdentityNumber: code,
        hash: digest,
        hashType: 'SHA256',
        language: midLanguage(session.language),
        ...midDisplayText(session.language, check.company.name),
      });
    } catch (err) {
      return end(await settle(pending, serviceFailure(req, err, 'MID', 'start')));
    }
    const challengeId = mobileIdVerificationCode(Buffer.from(digest, 'base64'));
    await setPending(deps().db, session.id, { sim_session_id: sessionId, challenge: challengeId });
    return { status: SIGNING_SUCCESS, challengeId };
  });

  // a long poll: answered, never cut, also while the server stops (server/ops/lifecycle.ts)
  app.get('/mobile/check', { config: { longPoll: true } }, async (req, reply) => check(req, reply, 'MID'));

  // ---- Smart-ID (spec 1 §4 step 7; RP API v2 §2.3.8 certificate choice, §2.3.10 signature) ----
  app.post('/smart_id/start', async (req, reply) => {
    const session = await requireSession(req);
    const body = parseOrThrow(SmartIdStartRules, req.body);
    const check = await businessCheck(deps(), session, body.customer.enterpriseCode);
    if ('status' in check) return end(check.status);
    const sid = signingServices(deps()).smartId;
    const signal = longPollSignal(deps(), reply);
    let chosen: { documentNumber: string; certDer: Buffer };
    try {
      const choice = await chooseCertificate(session, signal);
      if ('status' in choice) return end(choice.status);
      const cert = checkCert(deps(), session, choice.cert);
      if (!cert.ok) return end('SMART_ID_CERT_ERROR');
      chosen = { documentNumber: choice.documentNumber, certDer: cert.der };
    } catch (err) {
      return end(serviceFailure(req, err, 'SID', 'start'));
    }
    const pending = await savePending(deps().db, deps().clock, session, {
      method: 'SID',
      company: check.company,
      customer: body.customer,
      certDer: chosen.certDer,
    });
    deps().metrics.signingStarted('SID');
    const digest = pending.digest ?? '';
    let sessionId: string;
    try {
      sessionId = await sid.signature(chosen.documentNumber, {
        hash: digest,
        hashType: 'SHA256',
        certificateLevel: 'QUALIFIED',
        allowedInteractionsOrder: smartIdInteractions(session.language, check.company.name),
      });
    } catch (err) {
      return end(await settle(pending, serviceFailure(req, err, 'SID', 'start')));
    }
    const challengeId = smartIdVerificationCode(Buffer.from(digest, 'base64'));
    await setPending(deps().db, session.id, { sim_session_id: sessionId, challenge: challengeId });
    return { status: SIGNING_SUCCESS, challengeId };
  });

  app.get('/smart_id/check', { config: { longPoll: true } }, async (req, reply) => check(req, reply, 'SID'));

  /**
   * The certificate (device) choice, polled as SK's clients do: long polls of CERT_CHOICE_POLL_MS while the
   * state is RUNNING, for at most CERT_CHOICE_BUDGET_MS (then the person took too long: SID_TIMEOUT).
   */
  async function chooseCertificate(
    session: Session,
    signal: AbortSignal,
  ): Promise<{ documentNumber: string; cert: string } | { status: SigningEndStatus }> {
    const sid = signingServices(deps()).smartId;
    const sessionId = await sid.certificateChoice(`PNO${session.person.country}-${session.person.personal_code}`);
    const until = Date.now() + CERT_CHOICE_BUDGET_MS;
    for (;;) {
      const wait = Math.max(1000, Math.min(CERT_CHOICE_POLL_MS, until - Date.now()));
      const s = await sid.sessionStatus(sessionId, wait, signal);
      if (s.state === 'COMPLETE') {
        if (s.endResult !== 'OK') return { status: sidResultStatus(s.endResult) };
        if (!s.cert || !s.documentNumber) return { status: 'GENERIC_ERROR' };
        return { documentNumber: s.documentNumber, cert: s.cert.value };
      }
      if (signal.aborted || Date.now() >= until) return { status: 'SID_TIMEOUT' };
    }
  }

  /** One status request to the service (STATUS_POLL_MS); the browser asks again 5 s later while RUNNING. */
  async function check(req: FastifyRequest, reply: FastifyReply, method: 'MID' | 'SID') {
    const session = await requireSession(req);
    const pending = await pendingOf(deps().db, session);
    if (!pending || pending.method !== method || !pending.sim_session_id) return { status: 'GENERIC_ERROR' };
    if (pending.status === 'FINALIZING') return { status: SIGNING_IN_PROGRESS };
    if (pending.status !== 'RUNNING') return { status: pending.status };
    const signal = longPollSignal(deps(), reply);
    try {
      return { status: await (method === 'MID' ? checkMid : checkSid)(pending, signal) };
    } catch (err) {
      // the caller left or the server is closing: nothing is decided
      if (signal.aborted) return { status: SIGNING_IN_PROGRESS };
      return { status: await settle(pending, serviceFailure(req, err, method, 'status')) };
    }
  }

  async function checkMid(pending: Pending, signal: AbortSignal): Promise<string> {
    const s = await signingServices(deps()).mobileId.signatureStatus(
      pending.sim_session_id ?? '',
      STATUS_POLL_MS,
      signal,
    );
    if (s.state === 'RUNNING') return SIGNING_IN_PROGRESS;
    if (s.result !== 'OK') return settle(pending, midResultStatus(s.result));
    if (!s.signature) return settle(pending, 'GENERIC_ERROR');
    return finish(deps(), pending, Buffer.from(s.signature.value, 'base64'));
  }

  async function checkSid(pending: Pending, signal: AbortSignal): Promise<string> {
    const s = await signingServices(deps()).smartId.sessionStatus(pending.sim_session_id ?? '', STATUS_POLL_MS, signal);
    if (s.state === 'RUNNING') return SIGNING_IN_PROGRESS;
    if (s.endResult !== 'OK') return settle(pending, sidResultStatus(s.endResult));
    if (!s.signature) return settle(pending, 'GENERIC_ERROR');
    return finish(deps(), pending, Buffer.from(s.signature.value, 'base64'));
  }

  /** Ends a pending signing with `status` (the person's end status). */
  async function settle(pending: Pick<Pending, 'session_id' | 'method'>, status: string) {
    await setPending(deps().db, pending.session_id, { status });
    deps().metrics.signingEnded(pending.method, status);
    return status;
  }
  done();
};
