/**
 * Verification codes shown to the signer, computed from the hash being signed exactly as the real
 * services do, so the code on the portal matches the one on the phone.
 */
import { createHash } from 'node:crypto';

/**
 * Mobile-ID (MID REST API, "Verification code calculation"): the 6 most significant bits of the
 * hash's first byte and the 7 least significant bits of its last byte, as a 4-digit number.
 */
export function mobileIdVerificationCode(hash: Uint8Array): string {
  if (hash.length === 0) return '0000';
  const code = ((hash[0] >> 2) << 7) | (hash[hash.length - 1] & 0x7f);
  return String(code).padStart(4, '0');
}

/**
 * Smart-ID (RP API v2, "Verification code"): the last two bytes of SHA-256(hash) as a big-endian
 * integer, modulo 10000, as a 4-digit number.
 */
export function smartIdVerificationCode(hash: Uint8Array): string {
  const d = createHash('sha256').update(hash).digest();
  return String(d.readUInt16BE(d.length - 2) % 10000).padStart(4, '0');
}
