/**
 * What each answer of Mobile-ID and Smart-ID means for the person signing: the portal's end status, whose
 * catalogue message (spec 1 §8, locale `customer-add.error.<status>`) the modal shows.
 *
 * Where the catalogue has no exact message, the nearest one is used (marked "nearest" below):
 * - a refusal of any Smart-ID screen → SID_USER_REFUSED ("The Smart-ID signing was refused in the app.");
 * - an account Smart-ID cannot use now (DOCUMENT_UNUSABLE, 471, 472, the app supports none of the
 *   interactions) → SMART_ID_CERT_ERROR ("Smart-ID certificate missing or expired"): the person has to look at
 *   their Smart-ID account;
 * - WRONG_VC → GENERIC_ERROR ("… please try again later …"): trying again is what helps;
 * - a session the service no longer knows (404 after 5 minutes) → MID_TIMEOUT / SID_TIMEOUT;
 * - the relying party's own faults and the service's outages (400, 401, 403, 405, 480, 5xx, 580, unreachable)
 *   → GENERIC_ERROR: nothing the person did, "try again later or contact customer manager".
 */
import type { SigningEndStatus } from '../../../domain/contract.js';

/** MID REST v1 §3.3.8 session end results (plus results of older servers that SK's clients still know). */
export const MID_RESULT_STATUS: Record<string, SigningEndStatus> = {
  TIMEOUT: 'MID_TIMEOUT',
  EXPIRED_TRANSACTION: 'MID_TIMEOUT', // older servers' name for TIMEOUT (nearest)
  NOT_MID_CLIENT: 'MOBILE_ID_CERT_ERROR', // "has no active certificates": certificate missing or expired
  USER_CANCELLED: 'MID_USER_CANCELLED',
  SIGNATURE_HASH_MISMATCH: 'MID_SIGNATURE_HASH_MISMATCH',
  PHONE_ABSENT: 'MID_PHONE_ABSENT',
  DELIVERY_ERROR: 'MID_DELIVERY_ERROR',
  SIM_ERROR: 'MID_SIM_ERROR',
};

/** MID REST v1 §3.1.7 certificate results other than OK. */
export const MID_CERTIFICATE_STATUS: Record<string, SigningEndStatus> = {
  NOT_FOUND: 'MOBILE_ID_CONTRACT_ERROR', // this phone and person have no Mobile-ID together
  NOT_ACTIVE: 'MOBILE_ID_CERT_ERROR',
};

/** Smart-ID RP API v2 §2.3.11.5 end results other than OK. */
export const SID_RESULT_STATUS: Record<string, SigningEndStatus> = {
  USER_REFUSED: 'SID_USER_REFUSED',
  USER_REFUSED_DISPLAYTEXTANDPIN: 'SID_USER_REFUSED', // nearest
  USER_REFUSED_VC_CHOICE: 'SID_USER_REFUSED', // nearest
  USER_REFUSED_CONFIRMATIONMESSAGE: 'SID_USER_REFUSED', // nearest
  USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE: 'SID_USER_REFUSED', // nearest
  USER_REFUSED_CERT_CHOICE: 'SID_USER_REFUSED', // nearest
  TIMEOUT: 'SID_TIMEOUT',
  DOCUMENT_UNUSABLE: 'SMART_ID_CERT_ERROR', // nearest
  REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP: 'SMART_ID_CERT_ERROR', // nearest: the app must be updated
  WRONG_VC: 'GENERIC_ERROR', // nearest
};

export const midResultStatus = (result: string): SigningEndStatus => MID_RESULT_STATUS[result] ?? 'GENERIC_ERROR';
export const midCertificateStatus = (result: string): SigningEndStatus =>
  MID_CERTIFICATE_STATUS[result] ?? 'GENERIC_ERROR';
export const sidResultStatus = (endResult: string): SigningEndStatus => SID_RESULT_STATUS[endResult] ?? 'GENERIC_ERROR';

/**
 * An HTTP error of Mobile-ID (§3.1.8, §3.2.6, §3.3.9). `phase` 'status': a 404 is a session that expired.
 */
export function midHttpStatus(status: number, phase: 'start' | 'status'): SigningEndStatus {
  if (status === 404 && phase === 'status') return 'MID_TIMEOUT'; // "Sessions expire within 5 minutes" (nearest)
  return 'GENERIC_ERROR'; // 400, 401, 405, 5xx: the relying party's configuration or the service
}

/**
 * An HTTP error of Smart-ID (§2.1.1, §2.3.3, §2.3.8.3, §2.3.10.3, §2.3.11.3). A 404 when starting means the
 * person has no Smart-ID account; when polling, the session expired.
 */
export function sidHttpStatus(status: number, phase: 'start' | 'status'): SigningEndStatus {
  if (status === 404) return phase === 'start' ? 'SMART_ID_CERT_ERROR' : 'SID_TIMEOUT';
  if (status === 471 || status === 472) return 'SMART_ID_CERT_ERROR'; // nearest: look at your Smart-ID account
  return 'GENERIC_ERROR'; // 400, 401, 403, 480, 5xx, 580
}
