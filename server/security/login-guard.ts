/**
 * Guards of the sign-on form (findings 3 and 4), kept apart from the credential check in
 * server/cas/index.ts:
 * - `foreignOrigin`: a POST /cas/login whose Origin (or Sec-Fetch-Site) says another site sent it is login CSRF,
 *   refused before anything else; the form's single-use `execution` token bound to the browser's flow cookie
 *   (server/cas/tickets.ts) covers a browser that sends no Origin.
 * - `checkPassword`: an unknown or password-less username costs the same scrypt work as a known one, so the answer
 *   time does not tell which usernames exist.
 */
import type { FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from '../lib/password.js';
import { originOf } from '../lib/session.js';

export function foreignOrigin(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  return origin !== originOf(req);
}

let dummy: Promise<string> | null = null;
/** A hash of a random password with the same parameters as real ones, made once. */
const dummyHash = () => (dummy ??= hashPassword(`no such user ${Math.random()}`));

/** Whether `password` matches `stored`; a missing account is checked against a dummy hash (same time, false). */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    await verifyPassword(password, await dummyHash());
    return false;
  }
  return verifyPassword(password, stored);
}
