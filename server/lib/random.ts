import { randomBytes } from 'node:crypto';

/** URL-safe random token with `bytes` bytes of entropy. */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');
