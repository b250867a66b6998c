/**
 * The demo person who gets a signing path's ending against `npm start`, for the plain test paths of the signing
 * flows: a path's method and its last answer decide it. The people, their passwords and their phone numbers come from
 * the demo data (server/db/seed/portal-demo.json: `persons`, and `signing`, which the simulators read), so a path
 * names the person the simulator really answers that way; server/routes/sign/outcomes.test.ts runs the same people
 * through the simulators.
 */
import type { EventObject } from 'xstate';
import demo from '../../../server/db/seed/portal-demo.json';
import type { TesterSetup } from './model-spec';

interface DemoPerson {
  key: string;
  personalCode: string;
  login: { username: string; password: string } | null;
}
const persons = demo.persons as DemoPerson[];

/** `rein (password Rebane123)`: a demo person with a login, by personal code */
function who(personalCode: string): string {
  const p = persons.find((x) => x.personalCode === personalCode && x.login);
  if (!p?.login) throw new Error(`the demo data has no person with a login for ${personalCode}`);
  return `${p.login.username} (password ${p.login.password})`;
}

/** The demo person and phone number whose Mobile-ID session ends with this result (MID REST v1 §3.3.8). */
function mobileIdSigner(result: string): { person: string; phone: string } {
  const e = demo.signing.mobileId.find(
    (m) => m.result === result && persons.some((p) => p.personalCode === m.personalCode && p.login),
  );
  if (!e) throw new Error(`no demo person's Mobile-ID ends with ${result}`);
  return { person: who(e.personalCode), phone: e.phone };
}

/** `rein (password Rebane123), with +37201100266 in 'Mobile phone number'` */
function mobileId(result: string): string {
  const s = mobileIdSigner(result);
  return `${s.person}, with ${s.phone} in 'Mobile phone number'`;
}

/** `rein (password Rebane123) with +37201100266` */
function withPhone(result: string): string {
  const s = mobileIdSigner(result);
  return `${s.person} with ${s.phone}`;
}

/** The demo person whose Smart-ID signing ends with this result (RP API v2 §2.3.11.5; NO_ACCOUNT: none). */
function smartId(result: string): string {
  const e = demo.signing.smartId.find(
    (s) => s.result === result && persons.some((p) => p.personalCode === s.personalCode && p.login),
  );
  if (!e) throw new Error(`no demo person's Smart-ID ends with ${result}`);
  return who(e.personalCode);
}

/** The person whose demo card is in the simulator's reader when the portal starts (server/sim/settings.ts). */
const CARD_HOLDER = who('38001085718');
const CONSOLE = 'the ID-card reader in the simulator console http://localhost:8080/sim/';

function answers(events: EventObject[]): string[] {
  return events.flatMap((e) => {
    const o = (e as { output?: { status?: unknown; ending?: unknown } }).output;
    const said = o?.status ?? o?.ending;
    return typeof said === 'string' ? [said] : [];
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
  if (method === 'idCard') {
    if (last === 'cardFailed')
      return { person: CARD_HOLDER, data: `no card: pick “No card” in ${CONSOLE} before clicking ID-card` };
    if (last === 'ended')
      return {
        person: CARD_HOLDER,
        data: `another person's card: pick mary's card in ${CONSOLE} before clicking ID-card (“ID-card must belong to the logged in user”)`,
      };
    if (last === 'requestFailed')
      return {
        person: CARD_HOLDER,
        data: 'the server not answering: stop the portal (Ctrl+C in the terminal of `npm start`) after clicking ID-card',
      };
    return { person: CARD_HOLDER, ...(serverDown ? { data: serverDown } : {}) };
  }
  if (method === 'smartId') {
    if (last === 'SID_USER_REFUSED') return { person: `${smartId('USER_REFUSED')}, who refuses in the Smart-ID app` };
    if (last === 'SID_TIMEOUT') return { person: `${smartId('TIMEOUT')}, who lets the Smart-ID signing time out` };
    if (last === 'SMART_ID_CERT_ERROR') return { person: `${smartId('NO_ACCOUNT')}, who has no Smart-ID account` };
    return {
      person: `${smartId('OK')}, whose Smart-ID signing succeeds`,
      ...(serverDown ? { data: serverDown } : {}),
    };
  }
  if (method === 'mobileId') {
    if (last === 'MOBILE_ID_CONTRACT_ERROR')
      return {
        person: `${who('60001019906')}, with a phone number that is not hers (e.g. +37255500000) in 'Mobile phone number'`,
      };
    if (last === 'MID_USER_CANCELLED') return { person: `${mobileId('USER_CANCELLED')}, who cancels on the phone` };
    if (last === 'MID_TIMEOUT') return { person: `${mobileId('TIMEOUT')}, who does not answer on the phone` };
    return { person: mobileId('OK'), ...(serverDown ? { data: serverDown } : {}) };
  }
  return undefined;
}

/**
 * The data of every signing path: which demo person meets which ending. The simulated person answers after 3.5 s
 * (`midDelayMs`, `sidDelayMs`: server/sim/settings.ts) and the portal's first check is at 10 s (spec 1 §9), so a
 * tester following by hand sees each Mobile-ID or Smart-ID ending about 10 s after the click.
 */
export const SIGNING_DATA =
  'Testfirma OÜ (11000109), no contract yet (once someone signs, it has one: start from an empty DATA_DIR). ' +
  `Mobile-ID (type the number in 'Mobile phone number'): ${withPhone('OK')} succeeds, ${withPhone('USER_CANCELLED')} ` +
  `cancels on the phone, ${withPhone('TIMEOUT')} lets it time out; each ending shows about 10 seconds after the click ` +
  `(the portal's first check). ` +
  `Smart-ID: ${smartId('OK')} succeeds, ${smartId('USER_REFUSED')} refuses, ${smartId('TIMEOUT')} times out. ` +
  `ID-card: ${CARD_HOLDER} with his demo card`;
