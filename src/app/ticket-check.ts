/**
 * Cross-domain single sign-on ticket check (spec 1 §7): a JSONP script request to the ticket endpoint
 * (config.ticketCheckUrl, by default casUrl + '/ticket-check') with '?callback=fn' answering fn({ value: boolean });
 * true means the user already has a sign-on session elsewhere, so a security redirect follows (the session reports
 * signOn.required). Done once per tab, only when signed out on a public page (so a failing sign-on can never loop):
 * the session's `checkTicket` actor (machines/session.machine.ts) is this function.
 *
 * A plain CAS server has no such endpoint (ticketCheckUrl null): the same question is then asked the standard way,
 * a login with gateway=true (CAS Protocol 3.0 §2.1.1), which never shows the sign-on form and returns the browser
 * to the page at once, with a ticket (signed in) or without one (still signed out).
 */
import { TICKET_CHECK_CALLBACK_PREFIX, TicketCheckResponse, type PortalConfig } from '../../domain/contract';
import { loginUrl } from '../../domain/navigation/rules';
import { currentTarget, redirectBrowser } from './browser';

const ONCE_KEY = 'epit.ticketChecked';
const TIMEOUT_MS = 5_000;

function jsonp(url: string, timeoutMs = TIMEOUT_MS): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // a name the ticket endpoint answers (TICKET_CHECK_CALLBACK): the prefix and a base-36 tail
    const name = `${TICKET_CHECK_CALLBACK_PREFIX}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const script = document.createElement('script');
    const cleanup = () => {
      clearTimeout(timer);
      Reflect.deleteProperty(window, name);
      script.remove();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error('ticket check timed out'));
    }, timeoutMs);
    // the JSONP answer calls window[name](data)
    Reflect.set(window, name, (data: unknown) => {
      cleanup();
      resolve(data);
    });
    script.onerror = () => {
      cleanup();
      reject(new Error('ticket check failed'));
    };
    script.src = `${url}${url.includes('?') ? '&' : '?'}callback=${name}`;
    document.head.appendChild(script);
  });
}

/** The security service's login for `target` as a silent check: CAS answers without asking for credentials. */
function gatewayLoginUrl(securityUrl: string, target: string): string {
  return `${loginUrl(securityUrl, target)}&gateway=true`;
}

/**
 * true when a sign-on session exists elsewhere; false on any failure (only logged, spec 1 §8). Without a ticket
 * endpoint it starts the gateway round trip itself and answers false.
 */
export async function checkTicketOnce(
  config: Pick<PortalConfig, 'casUrl' | 'ticketCheckUrl' | 'securityUrl'>,
): Promise<boolean> {
  try {
    if (sessionStorage.getItem(ONCE_KEY)) return false;
    sessionStorage.setItem(ONCE_KEY, '1');
  } catch {
    return false;
  }
  const endpoint =
    config.ticketCheckUrl === undefined ? `${config.casUrl.replace(/\/+$/, '')}/ticket-check` : config.ticketCheckUrl;
  if (endpoint === null) {
    redirectBrowser(gatewayLoginUrl(config.securityUrl, currentTarget()));
    return false;
  }
  try {
    const answer = TicketCheckResponse.parse(await jsonp(endpoint));
    return answer.value;
  } catch (e) {
    console.warn(e);
    return false;
  }
}
