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

  it('compares objects by value', () => {
    expect(sameValue({ a: 1, b: { c: null } }, { b: { c: null }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});
