/**
 * Cross-domain single sign-on ticket check (spec 1 §7): a JSONP script request to
 * casUrl + '/ticket-check?callback=fn' answering fn({ value: boolean }); true means the user already
 * has a sign-on session elsewhere, so a security redirect follows. Done once per tab, only when
 * signed out on a public page (so a failing sign-on can never loop).
 */
import { TicketCheckResponse } from '../../machines/lib/contract';

const ONCE_KEY = 'epit.ticketChecked';
const TIMEOUT_MS = 5_000;

export function jsonp(url: string, timeoutMs = TIMEOUT_MS): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const name = `__epitJsonp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const script = document.createElement('script');
    const w = window as unknown as Record<string, unknown>;
    const cleanup = () => {
      clearTimeout(timer);
      delete w[name];
      script.remove();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error('ticket check timed out'));
    }, timeoutMs);
    w[name] = (data: unknown) => {
      cleanup();
      resolve(data);
    };
    script.onerror = () => {
      cleanup();
      reject(new Error('ticket check failed'));
    };
    script.src = `${url}${url.includes('?') ? '&' : '?'}callback=${name}`;
    document.head.appendChild(script);
  });
}

/** true when a sign-on session exists elsewhere; false on any failure (only logged, spec 1 §8). */
export async function checkTicketOnce(casUrl: string): Promise<boolean> {
  try {
    if (sessionStorage.getItem(ONCE_KEY)) return false;
    sessionStorage.setItem(ONCE_KEY, '1');
  } catch {
    return false;
  }
  try {
    const answer = TicketCheckResponse.parse(await jsonp(`${casUrl.replace(/\/+$/, '')}/ticket-check`));
    return answer.value;
  } catch (e) {
    console.warn(e);
    return false;
  }
}
