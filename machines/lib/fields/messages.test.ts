import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGE, refusedFields } from './messages';

describe('refusedFields', () => {
  const rules = { mobile: FIELD_MESSAGE.phone, address: FIELD_MESSAGE.address, firstName: null };

  it("marks each form field a 400 names with its own rule's message, 'Invalid value' without one", () => {
    expect(
      refusedFields(
        { 'address.padreId': 'Address incorrect', mobile: 'Invalid format of phone number', firstName: 'x' },
        rules,
      ),
    ).toEqual({
      address: { key: 'validation.address' },
      mobile: { key: 'validation.phone' },
      firstName: { key: 'validation.pattern' },
    });
  });

  it('leaves out what the form does not hold, and is null when nothing is left', () => {
    expect(refusedFields({ body: 'must be object', id: 'is required' }, rules)).toBeNull();
    expect(refusedFields({}, rules)).toBeNull();
  });
});
