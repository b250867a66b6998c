/**
 * The demo person who gets a signing path's ending against `npm start` (README.md, "Demo people"; the simulators'
 * people in server/db/seed/portal-demo.json, "signing"), for the plain test paths of the signing flows: a path's
 * method and its last answer decide it. Endings no demo person reaches say so.
 */
import type { EventObject } from 'xstate';
import type { TesterSetup } from './model-spec';

const MARY = 'mary (password Suslik123)';

function answers(events: EventObject[]): string[] {
  return events.flatMap((e) => {
    const status = (e as { output?: { status?: unknown } }).output?.status;
    return typeof status === 'string' ? [status] : [];
  });
}

/**
 * `method` of the event that starts the attempt (customer add's `signing.start`), if the path has one; else the method
 * whose requests answer in it (a signing attempt's path: its method is its input)
 */
function methodOf(events: EventObject[]): string | undefined {
  for (const e of events) {
    const m = (e as { method?: unknown }).method;
    if (typeof m === 'string') return m;
  }
  for (const { type } of events) {
    if (/\.(startMobileId|checkMobileIdStatus)$/.test(type)) return 'mobileId';
    if (/\.(startSmartId|checkSmartIdStatus)$/.test(type)) return 'smartId';
    if (/\.idCardSigning$/.test(type)) return 'idCard';
  }
  return undefined;
}

export function signerFor(events: EventObject[]): Partial<TesterSetup> | undefined {
  const method = methodOf(events);
  const said = answers(events);
  const last = said[said.length - 1];
  const noAnswer = events.some((e) => /^xstate\.(error\.actor|after\.STATUS_TIMEOUT)/.test(e.type));
  const serverDown = noAnswer
    ? 'the server not answering: stop the portal (Ctrl+C in the terminal of `npm start`) while the verification code shows'
    : undefined;
  if (method === 'idCard') return { person: 'jaak (password Joeorg123)', ...(serverDown ? { data: serverDown } : {}) };
  if (method === 'smartId') {
    if (last === 'SID_USER_REFUSED') return { person: 'rein (password Rebane123), who refuses in the Smart-ID app' };
    if (last === 'SMART_ID_CERT_ERROR') return { person: `${MARY}, who has no Smart-ID account` };
    return {
      person: 'sille (password Sepp12345), whose Smart-ID signing succeeds',
      ...(serverDown ? { data: serverDown } : {}),
    };
  }
  if (method === 'mobileId') {
    if (last === 'MOBILE_ID_CONTRACT_ERROR')
      return { person: `${MARY}, with a phone number not hers (e.g. +37066000266) in 'Mobile phone number'` };
    if (last === 'MID_USER_CANCELLED' || last === 'MID_TIMEOUT')
      return {
        person: MARY,
        data: 'not reachable with the demo data: the Mobile-ID simulator cancels or times out only for people who are not demo people; the same ending with Smart-ID: rein (refuses) or toomas (password Tuisk1234, times out)',
      };
    return {
      person: `${MARY}, with +37200000766 in 'Mobile phone number'`,
      ...(serverDown ? { data: serverDown } : {}),
    };
  }
  return undefined;
}
