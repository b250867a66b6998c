import { describe, expect, it } from 'vitest';
import { mergeForm, sameValue } from './form-merge';

const base = {
  name: 'Maasikas OÜ',
  phone: '+372 5555 0000',
  homepage: '',
  address: { street: 'Pikk 1', city: 'Tartu' },
};

describe('mergeForm (a form refused with 412, merged against the version it was based on)', () => {
  it('takes what only the other person changed, keeps what only this person changed, and names the taken fields', () => {
    const theirs = { ...base, phone: '+372 5555 1234' };
    const mine = { ...base, homepage: 'https://maasikas.example.ee' };
    expect(mergeForm(base, mine, theirs)).toEqual({
      values: { ...base, phone: '+372 5555 1234', homepage: 'https://maasikas.example.ee' },
      taken: ['phone'],
      both: {},
    });
  });

  it('offers both values of a field both changed differently, showing the own value until a choice', () => {
    const theirs = { ...base, phone: '+372 5555 1234', address: { street: 'Rüütli 2', city: 'Tartu' } };
    const mine = { ...base, phone: '+372 5555 9999', address: { street: 'Rüütli 2', city: 'Tartu' } };
    const merged = mergeForm(base, mine, theirs);
    expect(merged.values).toEqual(mine);
    expect(merged.both).toEqual({ phone: { mine: '+372 5555 9999', theirs: '+372 5555 1234' } });
    // both changed the address to the same value: nothing to choose, nothing taken
    expect(merged.taken).toEqual([]);
  });

  it('merges a group of fields as one choice when both changed it, and as single fields when one did', () => {
    const prefs = { service: 'LOGISTICS', represented: 'A' };
    const together = [['service', 'represented']];
    const mine = { service: 'FINANCE', represented: 'A' };
    const theirs = { service: 'LOGISTICS', represented: 'B' };
    expect(mergeForm(prefs, mine, theirs).values, 'field by field: a pair no one chose').toEqual({
      service: 'FINANCE',
      represented: 'B',
    });
    expect(mergeForm(prefs, mine, theirs, together)).toEqual({
      values: mine,
      taken: [],
      both: { service: { mine: 'FINANCE', theirs: 'LOGISTICS' }, represented: { mine: 'A', theirs: 'B' } },
    });
    // the choices are offered in the form's order, also when the group adds one
    const none = { service: 'NOPREFERENCE', represented: 'NOPREFERENCE' };
    expect(Object.keys(mergeForm(prefs, none, theirs, together).both)).toEqual(['service', 'represented']);
    // only the other person changed the choice: theirs is taken, as for single fields
    expect(mergeForm(prefs, prefs, theirs, together)).toEqual({ values: theirs, taken: ['represented'], both: {} });
  });

  it('compares objects by value', () => {
    expect(sameValue({ a: 1, b: { c: null } }, { b: { c: null }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});
