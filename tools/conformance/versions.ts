/**
 * Does the backend keep versions of the records several people edit (RFC 9110 conditional requests, the document's
 * ETag and If-Match on customer data)? Two lines: the read answers a strong entity-tag; and, with --writes, a save
 * based on a version someone has saved over answers 412 and changes nothing. A backend that sends no ETag keeps no
 * versions (an older one): both lines are a SKIP that says so, for such a backend's saves still work, they only
 * overwrite each other.
 */
import { RepresentedCustomer } from '../../domain/represented-settings/contract.js';
import { settingsBodyOf } from './calls.js';
import type { Reply } from './http.js';

/** A request on the API base: `path` as /settings/get */
export type Send = (path: string, json: unknown, headers?: Record<string, string>) => Promise<Reply>;

export interface VersionLine {
  outcome: 'PASS' | 'FAIL' | 'SKIP';
  call: string;
  detail: string;
}

export const ETAG_CALL = 'POST /settings/get (ETag)';
export const IF_MATCH_CALL = 'POST /settings (If-Match, stale)';

const STRONG = /^"[\x21\x23-\x7e]*"$/;

/** `customerId`: a customer the person may edit, null when none; `writes`: the kit may change data (--writes). */
export async function checkVersions(send: Send, customerId: string | null, writes: boolean): Promise<VersionLine[]> {
  const both = (outcome: VersionLine['outcome'], detail: string): VersionLine[] => [
    { outcome, call: ETAG_CALL, detail },
    { outcome, call: IF_MATCH_CALL, detail },
  ];
  if (!customerId) return both('SKIP', 'the person is main administrator of no customer');
  const read = () => send('/settings/get', { value: customerId });
  const first = await read();
  if (first.status !== 200) return both('SKIP', `settings/get could not be read (HTTP ${first.status})`);
  if (first.etag === null)
    return both(
      'SKIP',
      'the backend sends no ETag: it keeps no versions of customer data (an older backend), two saves overwrite each other',
    );
  const lines: VersionLine[] = [];
  if (!STRONG.test(first.etag)) {
    lines.push({
      outcome: 'FAIL',
      call: ETAG_CALL,
      detail: `${first.etag} is not a strong entity-tag (RFC 9110 §8.8.3)`,
    });
    return [...lines, { outcome: 'SKIP', call: IF_MATCH_CALL, detail: 'needs a strong ETag' }];
  }
  lines.push({ outcome: 'PASS', call: ETAG_CALL, detail: first.etag });
  if (!writes) return [...lines, { outcome: 'SKIP', call: IF_MATCH_CALL, detail: 'changes data: only with --writes' }];

  const body = settingsBodyOf(RepresentedCustomer.parse(JSON.parse(first.body)));
  if (!body)
    return [
      ...lines,
      { outcome: 'SKIP', call: IF_MATCH_CALL, detail: "the customer's stored data do not pass the form's rules" },
    ];
  const fail = (detail: string) => [...lines, { outcome: 'FAIL' as const, call: IF_MATCH_CALL, detail }];
  // the stored data written back with the version read: it lands and makes a new version, which leaves the first stale
  const fresh = await send('/settings', body, { 'if-match': first.etag });
  if (fresh.status !== 200) return fail(`a save with the current version answered ${fresh.status}, expected 200`);
  if (fresh.etag === null || fresh.etag === first.etag)
    return fail(`a save answered ETag ${fresh.etag ?? 'none'}: a save must answer its new version`);
  const stale = await send('/settings', body, { 'if-match': first.etag });
  if (stale.status !== 412) return fail(`a save with a stale version answered ${stale.status}, expected 412`);
  const code = (JSON.parse(stale.body) as { code?: unknown }).code;
  if (code !== 'CHANGED_MEANWHILE') return fail(`the 412 has code ${String(code)}, expected CHANGED_MEANWHILE`);
  const after = await read();
  if (after.etag !== fresh.etag)
    return fail(`the refused save changed the version: ${fresh.etag} before it, ${after.etag ?? 'none'} after`);
  return [...lines, { outcome: 'PASS', call: IF_MATCH_CALL, detail: '412 CHANGED_MEANWHILE, nothing changed' }];
}
