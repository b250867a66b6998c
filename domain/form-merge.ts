/**
 * A three-way merge of a form after a save was refused because someone else saved the record meanwhile (412, RFC
 * 9110 §13.1.1; the form machine's `conflict` state, machines/settingsForm.machine.ts). Field by field, against the
 * version the form was based on (`base`):
 * - changed only by the other person: their new value is taken (and named, so the person is told);
 * - changed only by this person: their value is kept;
 * - changed by both to different values: both are offered to choose from, the person's own value showing until
 *   they choose (nothing typed is lost); to the same value: nothing to choose.
 * Fields that make one choice together (`together`: the preferences' service and party, as a party is allowed or not
 * for a service, spec 2 §4) are merged as one: when both people changed any of them, each side's fields stay a pair
 * and every field of the group that differs is offered; choosing a side for one chooses it for the group.
 */

/** Deep equality of form values (strings, numbers, booleans, null and plain objects such as an address). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => k in b && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A field both people changed, to different values. */
export interface BothChanged {
  mine: unknown;
  theirs: unknown;
}

export interface FormMerge {
  /** the values the form shows after the merge */
  values: Record<string, unknown>;
  /** fields only the other person changed: the form took their values */
  taken: string[];
  /** fields both changed to different values: the form shows the person's own until they choose */
  both: Record<string, BothChanged>;
}

/** Fields merged as one choice (see above). */
export type FieldGroups = readonly (readonly string[])[];

/** The group `field` belongs to: itself when it is in none. */
export function groupOf(field: string, together: FieldGroups = []): readonly string[] {
  return together.find((g) => g.includes(field)) ?? [field];
}

export function mergeForm(base: object, mine: object, theirs: object, together: FieldGroups = []): FormMerge {
  const b = base as Record<string, unknown>;
  const m = mine as Record<string, unknown>;
  const t = theirs as Record<string, unknown>;
  const values: Record<string, unknown> = { ...t, ...m };
  const taken: string[] = [];
  const both: Record<string, BothChanged> = {};
  const fields = [...new Set([...Object.keys(t), ...Object.keys(m)])];
  for (const field of fields) {
    const mineChanged = field in m && !sameValue(m[field], b[field]);
    const theirsChanged = field in t && !sameValue(t[field], b[field]);
    if (theirsChanged && !mineChanged) {
      values[field] = t[field];
      taken.push(field);
    } else if (theirsChanged && mineChanged && !sameValue(m[field], t[field])) {
      both[field] = { mine: m[field], theirs: t[field] };
    }
  }
  for (const group of together) {
    const changed = (side: Record<string, unknown>) => group.some((f) => f in side && !sameValue(side[f], b[f]));
    if (!changed(m) || !changed(t)) continue;
    // both changed the choice: the person's own pair shows, and each differing field offers the other pair's value
    for (const f of group) {
      const i = taken.indexOf(f);
      if (i >= 0) taken.splice(i, 1);
      if (f in m) values[f] = m[f];
      if (!sameValue(m[f], t[f])) both[f] = { mine: m[f], theirs: t[f] };
    }
  }
  // in the form's order, also for fields a group added
  const ordered = Object.fromEntries(fields.filter((f) => both[f]).map((f) => [f, both[f]]));
  return { values, taken, both: ordered };
}
