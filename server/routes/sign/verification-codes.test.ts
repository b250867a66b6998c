import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mobileIdVerificationCode, smartIdVerificationCode } from './verification-codes.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

describe('Mobile-ID verification code: top 6 bits of the first byte, low 7 bits of the last byte', () => {
  it.each([
    ['four zero bytes', Buffer.alloc(4), '0000'],
    ['"00" (0x30 0x30)', Buffer.from('00'), '1584'],
    ['SHA-256("test")', sha256('test'), '5000'],
    ['all ones', Buffer.alloc(32, 0xff), '8191'],
  ])('%s → %s', (_name, hash, code) => {
    expect(mobileIdVerificationCode(hash)).toBe(code);
  });
});

describe('Smart-ID verification code: last two bytes of SHA-256(hash), big-endian, mod 10000', () => {
  it('four zero bytes → 4377 (vector from the RIA DigiDoc client tests)', () => {
    expect(smartIdVerificationCode(Buffer.alloc(4))).toBe('4377');
  });
  it('is always four digits and follows the rule', () => {
    const hash = sha256('Hello World!');
    const d = createHash('sha256').update(hash).digest();
    const expected = String(((d[30] << 8) | d[31]) % 10000).padStart(4, '0');
    expect(smartIdVerificationCode(hash)).toBe(expected);
    expect(smartIdVerificationCode(hash)).toMatch(/^\d{4}$/);
  });
});

describe("SK's published examples", () => {
  it('Mobile-ID (MID REST v1 §2.4.1): hash 2f665f6a6999e0ef0752e00ec9f453adf59d8cb6 → 1462', () => {
    expect(mobileIdVerificationCode(Buffer.from('2f665f6a6999e0ef0752e00ec9f453adf59d8cb6', 'hex'))).toBe('1462');
  });
  it('Smart-ID (RP API "Verification code" example): the example challenge → 7180', () => {
    const challenge = Buffer.from(
      'GYS+yoah6emAcVDNIajwSs6UB/M95XrDxMzXBUkwQJ9YFDipXXzGpPc7raWcuc2+TEoRc7WvIZ/7dU/iRXenYg==',
      'base64',
    );
    expect(smartIdVerificationCode(challenge)).toBe('7180');
  });
});
