import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGE, refusedFields } from './messages';

/** a failed call as the portal's ApiError has it (src/api/client.ts) */
const badInput = (fields: Record<string, string>) => ({ status: 400, code: 'BAD_INPUT', fields });

describe('refusedFields', () => {
  const rules = { mobile: FIELD_MESSAGE.phone, address: FIELD_MESSAGE.address, firstName: null };

  it("marks each form field a 400 names with its own rule's message, 'Invalid value' without one", () => {
    expect(
      refusedFields(
        badInput({ 'address.padreId': 'Address incorrect', mobile: 'Invalid format of phone number', firstName: 'x' }),
        rules,
      ),
    ).toEqual({
      address: { key: 'validation.address' },
      mobile: { key: 'validation.phone' },
      firstName: { key: 'validation.pattern' },
    });
  });

  it('leaves out what the form does not hold, and is null when nothing is left or the failure is no BAD_INPUT', () => {
    expect(refusedFields(badInput({ body: 'must be object', id: 'is required' }), rules)).toBeNull();
    expect(refusedFields(badInput({}), rules)).toBeNull();
    expect(refusedFields({ status: 500, code: 'INTERNAL', fields: { mobile: 'x' } }, rules)).toBeNull();
    expect(refusedFields({ status: 400, code: 'XSRF' }, rules)).toBeNull();
    expect(refusedFields(new Error('network'), rules)).toBeNull();
  });
});
