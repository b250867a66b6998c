/**
 * The ID-card adapter: the shape of the Web eID library (web-eid.js), so the reference software card and
 * the real browser extension are interchangeable (spec 1 §4 customer-add step 8).
 *
 *   getSigningCertificate() → { certificate (base64 DER), supportedSignatureAlgorithms }
 *   sign(certificate, hash (base64), hashFunction) → { signature (base64), signatureAlgorithm }
 *
 * Failures reject with an IdCardError whose `code` the signing machine turns into a message
 * (domain/customer-add/rules.ts cardErrorCode): IDCARD_NO_CARD, IDCARD_USER_CANCELLED.
 */
export interface SignatureAlgorithm {
  cryptoAlgorithm: string;
  hashFunction: string;
  paddingScheme: string;
}

export interface SigningCertificate {
  certificate: string;
  supportedSignatureAlgorithms: SignatureAlgorithm[];
}

export interface CardSignature {
  signature: string;
  signatureAlgorithm: SignatureAlgorithm;
}

export interface IdCardAdapter {
  getSigningCertificate(options?: { lang?: string; signal?: AbortSignal }): Promise<SigningCertificate>;
  sign(
    certificate: string,
    hash: string,
    hashFunction: 'SHA-256',
    options?: { lang?: string; signal?: AbortSignal },
  ): Promise<CardSignature>;
}

export type IdCardErrorCode = 'IDCARD_NO_CARD' | 'IDCARD_USER_CANCELLED' | 'IDCARD_ERROR';

export class IdCardError extends Error {
  readonly code: IdCardErrorCode;
  constructor(code: IdCardErrorCode, message: string) {
    super(message);
    this.name = 'IdCardError';
    this.code = code;
  }
}

/** Which implementation the portal uses (PortalConfig.idCard): the reference setup uses the software card. */
export type IdCardKind = 'software' | 'webeid';
