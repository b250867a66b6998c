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
 * status: SUCCESS, RUNNING (checks only) or one of SIGNING_END_STATUSES (machines/lib/contract.ts).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import {
  DigestBody,
  FinalizeBody,
  MobileStartBody,
  SIGNING_IN_PROGRESS,
  SIGNING_SUCCESS,
  SmartIdStartBody,
  type SigningEndStatus,
} from '../../../machines/lib/contract.js';
import { longPollSignal } from '../../lib/deps.js';
import { badInput, HttpError, parseOrThrow } from '../../lib/errors.js';
import { requireSession, type Session } from '../../lib/session.js';
import { midCertificate, midSessionStatus, midStartSignature, type MidResult } from '../../sim/mobile-id/service.js';
import { getSimSettings } from '../../sim/settings.js';
import {
  sidCertificateChoice,
  sidSessionStatus,
  sidStartSignature,
  type SidEndResult,
} from '../../sim/smart-id/service.js';
import { mobileIdVerificationCode, smartIdVerificationCode } from '../../sim/verification-codes.js';
import { businessCheck, checkCert, finish, pendingOf, savePending, setPending } from './signing.js';

/** Mobile-ID session results → portal end statuses (spec 1 §8 plus the extra catalogue codes). */
export const MID_STATUS: Record<Exclude<MidResult, 'OK'>, SigningEndStatus> = {
  NOT_MID_CLIENT: 'MOBILE_ID_CERT_ERROR',
  USER_CANCELLED: 'MID_USER_CANCELLED',
  TIMEOUT: 'MID_TIMEOUT',
  PHONE_ABSENT: 'MID_PHONE_ABSENT',
  DELIVERY_ERROR: 'MID_DELIVERY_ERROR',
  SIM_ERROR: 'MID_SIM_ERROR',
  SIGNATURE_HASH_MISMATCH: 'MID_SIGNATURE_HASH_MISMATCH',
};
export const SID_STATUS: Record<Exclude<SidEndResult, 'OK'>, SigningEndStatus> = {
  USER_REFUSED: 'SID_USER_REFUSED',
  TIMEOUT: 'SID_TIMEOUT',
};

/** Phone as typed ('+372 5555 1234', '55551234') → '+37255551234'; a number without + is Estonian. */
export function normalizePhone(raw: string): string | null {
  const s = raw.replace(/[\s-]/g, '');
  if (!/^\+?\d{7,15}$/.test(s)) return null;
  return s.startsWith('+') ? s : `+372${s}`;
}

function decodeSignature(value: string): Buffer {
  const s = value.replace(/\s+/g, '');
  if (/^[0-9a-f]+$/i.test(s) && s.length % 2 === 0 && s.length >= 128) return Buffer.from(s, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) throw badInput('value', 'must be the signature, base64 or hex');
  return Buffer.from(s, 'base64');
}

const end = (status: string) => ({ status, challengeId: null });

export const signRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => app.deps;

  // ---- ID-card (spec 1 §4 step 8): certificate → digest → the card signs → finalize ----
  app.post('/digest', async (req) => {
    const session = await requireSession(req);
    const body = parseOrThrow(DigestBody, req.body);
    const { db, clock } = deps();
    const cert = await checkCert(db, clock, session, body.cert);
    if (!cert.ok && cert.reason === 'BAD') throw badInput('cert', 'must be the signing certificate, base64 DER');
    const check = await businessCheck(db, session, body.customer.enterpriseCode);
    if ('status' in check) return { digest: null, status: check.status };
    if (!cert.ok)
      return { digest: null, status: cert.reason === 'OTHER_PERSON' ? 'CERTIFICATE_MISMATCH' : 'DIGIDOC_ERROR' };
    const pending = await savePending(db, clock, session, {
      method: 'IDCARD',
      company: check.company,
      customer: body.customer,
      certDer: cert.der,
    });
    return { digest: pending.digest, status: SIGNING_SUCCESS };
  });

  app.post('/finalize', async (req) => {
    const session = await requireSession(req);
    const { value } = parseOrThrow(FinalizeBody, req.body);
    const signature = decodeSignature(value);
    const { db, clock } = deps();
    const pending = await pendingOf(db, session);
    if (!pending || pending.method !== 'IDCARD') return { status: 'GENERIC_ERROR' };
    if (pending.status !== 'RUNNING') return { status: pending.status };
    return { status: await finish(db, clock, pending, signature) };
  });

  // ---- Mobile-ID (spec 1 §4 step 7) ----
  app.post('/mobile/start', async (req) => {
    const session = await requireSession(req);
    const body = parseOrThrow(MobileStartBody, req.body);
    const phone = normalizePhone(body.mobileNr);
    if (!phone) throw badInput('mobileNr', 'must be a phone number like +37255512345');
    const { db, clock } = deps();
    const check = await businessCheck(db, session, body.customer.enterpriseCode);
    if ('status' in check) return end(check.status);
    const person = { phoneNumber: phone, nationalIdentityNumber: session.person.personal_code };
    if (!/^\d{11}$/.test(person.nationalIdentityNumber)) return end('MOBILE_ID_CONTRACT_ERROR');
    const certAnswer = await midCertificate(db, clock, person);
    if (certAnswer.result === 'NOT_FOUND') return end('MOBILE_ID_CONTRACT_ERROR');
    if (certAnswer.result !== 'OK') return end('MOBILE_ID_CERT_ERROR');
    const cert = await checkCert(db, clock, session, certAnswer.cert);
    if (!cert.ok) return end(cert.reason === 'OTHER_PERSON' ? 'MOBILE_ID_CONTRACT_ERROR' : 'MOBILE_ID_CERT_ERROR');
    const pending = await savePending(db, clock, session, {
      method: 'MID',
      company: check.company,
      customer: body.customer,
      certDer: cert.der,
    });
    const { sessionID } = await midStartSignature(db, clock, {
      ...person,
      hash: pending.digest,
      hashType: 'SHA256',
      language: 'EST',
      displayText: 'Lepingu allkirjastamine',
    });
    const challengeId = mobileIdVerificationCode(Buffer.from(pending.digest!, 'base64'));
    await setPending(db, session.id, { sim_session_id: sessionID, challenge: challengeId });
    return { status: SIGNING_SUCCESS, challengeId };
  });

  app.get('/mobile/check', async (req, reply) => check(req, reply, 'MID'));

  // ---- Smart-ID (spec 1 §4 step 7) ----
  app.post('/smart_id/start', async (req) => {
    const session = await requireSession(req);
    const body = parseOrThrow(SmartIdStartBody, req.body);
    const { db, clock } = deps();
    const check = await businessCheck(db, session, body.customer.enterpriseCode);
    if ('status' in check) return end(check.status);
    const country = session.person.country;
    let choice: { sessionID: string };
    try {
      choice = await sidCertificateChoice(db, clock, `PNO${country}-${session.person.personal_code}`);
    } catch (e) {
      if (e instanceof HttpError && (e.statusCode === 404 || e.statusCode === 400)) return end('SMART_ID_CERT_ERROR');
      throw e;
    }
    const chosen = await sidSessionStatus(db, clock, choice.sessionID, 0);
    if (
      chosen.state !== 'COMPLETE' ||
      chosen.result.endResult !== 'OK' ||
      !chosen.cert ||
      !chosen.result.documentNumber
    )
      return end('SMART_ID_CERT_ERROR');
    const cert = await checkCert(db, clock, session, chosen.cert.value);
    if (!cert.ok) return end('SMART_ID_CERT_ERROR');
    const pending = await savePending(db, clock, session, {
      method: 'SID',
      company: check.company,
      customer: body.customer,
      certDer: cert.der,
    });
    const { sessionID } = await sidStartSignature(db, clock, chosen.result.documentNumber, {
      hash: pending.digest,
      hashType: 'SHA256',
      certificateLevel: 'QUALIFIED',
    });
    const challengeId = smartIdVerificationCode(Buffer.from(pending.digest!, 'base64'));
    await setPending(db, session.id, { sim_session_id: sessionID, challenge: challengeId });
    return { status: SIGNING_SUCCESS, challengeId };
  });

  app.get('/smart_id/check', async (req, reply) => check(req, reply, 'SID'));

  /** Long-polls the service briefly (checkWaitMs, well under the client's 60 s status timeout). */
  async function check(req: FastifyRequest, reply: FastifyReply, method: 'MID' | 'SID') {
    const session: Session = await requireSession(req);
    const { db, clock } = deps();
    const pending = await pendingOf(db, session);
    if (!pending || pending.method !== method || !pending.sim_session_id) return { status: 'GENERIC_ERROR' };
    if (pending.status === 'FINALIZING') return { status: SIGNING_IN_PROGRESS };
    if (pending.status !== 'RUNNING') return { status: pending.status };
    const { checkWaitMs } = await getSimSettings(db);
    const signal = longPollSignal(deps(), reply);
    if (method === 'MID') {
      const s = await midSessionStatus(db, clock, pending.sim_session_id, checkWaitMs, signal);
      if (s.state === 'RUNNING') return { status: SIGNING_IN_PROGRESS };
      if (s.result !== 'OK' || !s.signature)
        return {
          status: await settle(pending.session_id, MID_STATUS[s.result as Exclude<MidResult, 'OK'>] ?? 'GENERIC_ERROR'),
        };
      return { status: await finish(db, clock, pending, Buffer.from(s.signature.value, 'base64')) };
    }
    const s = await sidSessionStatus(db, clock, pending.sim_session_id, checkWaitMs, signal);
    if (s.state === 'RUNNING') return { status: SIGNING_IN_PROGRESS };
    if (s.result.endResult !== 'OK' || !s.signature)
      return {
        status: await settle(
          pending.session_id,
          SID_STATUS[s.result.endResult as Exclude<SidEndResult, 'OK'>] ?? 'GENERIC_ERROR',
        ),
      };
    return { status: await finish(db, clock, pending, Buffer.from(s.signature.value, 'base64')) };
  }

  async function settle(sessionId: string, status: string) {
    await setPending(deps().db, sessionId, { status });
    return status;
  }
};
