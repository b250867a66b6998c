/**
 * Single logout, server side (CAS Protocol 3.0 specification, §2.3.3): when a sign-on session ends at /logout,
 * every service that received a ticket under it gets an HTTP POST with the SAML logout request of Appendix C,
 * SessionIndex = that service ticket, sent as the form field `logoutRequest` as Apereo CAS sends it. Errors are
 * ignored ("fire and forget", §2.3.3.1); each request has a short timeout so a dead service cannot hold the
 * browser's logout.
 */
import type { AppDeps } from '../lib/deps.js';
import { esc } from '../lib/html.js';
import { casId } from './tickets.js';

const SLO_TIMEOUT_MS = 3_000;

function logoutRequestXml(ticket: string, issueInstant: string): string {
  return (
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ` +
    `xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${casId('LR')}" Version="2.0" ` +
    `IssueInstant="${issueInstant}"><saml:NameID>@NOT_USED@</saml:NameID>` +
    `<samlp:SessionIndex>${esc(ticket)}</samlp:SessionIndex></samlp:LogoutRequest>`
  );
}

/** Resolves when every request has answered, failed or timed out; never rejects. Returns how many got a 2xx. */
export async function sendLogoutRequests(
  deps: Pick<AppDeps, 'fetch' | 'clock'>,
  issued: { ticket: string; service: string }[],
): Promise<number> {
  const results = await Promise.allSettled(
    issued.map(async ({ ticket, service }) => {
      const res = await deps.fetch(service, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logoutRequest: logoutRequestXml(ticket, deps.clock.now().toISOString()) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(SLO_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.ok;
    }),
  );
  return results.filter((r) => r.status === 'fulfilled' && r.value).length;
}
