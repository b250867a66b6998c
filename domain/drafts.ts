/**
 * A form's draft (spec 2 §2 session expiry: what was typed is kept over a sign-on): what of it is kept, and how it is
 * laid over the values loaded again. Only the settings forms use these (machines/settingsForm.machine.ts), so they
 * load with them; the draft's shape, which the first screen's pages machine keeps, is in ./pages.ts.
 */

/** The values worth keeping: never a password. */
export function draftOf(values: object): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...values };
  delete kept.password;
  delete kept.repeat;
  delete kept.currentPassword;
  return kept;
}

/** The draft's values over the loaded ones, field by field where the kinds agree (a stale draft cannot break the form). */
export function withDraft(loaded: object, draft: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(loaded));
  for (const [k, v] of Object.entries(loaded)) {
    const d = draft[k];
    if (d === undefined) continue;
    const sameKind =
      typeof d === typeof v || (v === null && typeof d === 'object') || (d === null && typeof v === 'object');
    if (sameKind) values[k] = d;
  }
  return values;
}
