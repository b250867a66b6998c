/**
 * Drafts of the user-settings forms kept over a sign-on (issue 9 "session expiry"): when a save answers 401 the
 * typed values go to sessionStorage, the person signs on again and the form brings them back. Passwords are never
 * kept. Wiped on logout (wire.ts listens for session.loggedOut) and once taken back.
 */
const PREFIX = 'epit.user-settings.draft.';

export type DraftTab = 'edit' | 'password' | 'preferences';

const key = (tab: DraftTab, subject: string) => `${PREFIX}${tab}.${subject}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

export function keepDraft(tab: DraftTab, subject: string, values: object): void {
  const kept: Record<string, unknown> = { ...values };
  delete kept.password;
  delete kept.repeat;
  storage()?.setItem(key(tab, subject), JSON.stringify(kept));
}

/** The kept draft (removed from storage), or null. */
export function takeDraft(tab: DraftTab, subject: string): Record<string, unknown> | null {
  const s = storage();
  const raw = s?.getItem(key(tab, subject));
  if (!s || raw == null) return null;
  s.removeItem(key(tab, subject));
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v } : null;
  } catch {
    return null;
  }
}

export function wipeDrafts(): void {
  const s = storage();
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  for (const k of keys) s.removeItem(k);
}
