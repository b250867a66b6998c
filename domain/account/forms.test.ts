import { describe, expect, it } from 'vitest';
import type { RepresentationRight } from '../contract';
import { emptyEulaForm, eulaParties, eulaServiceUrl, validateCredentials, validateEula, type EulaForm } from './forms';

const maasikas: RepresentationRight = {
  gid: 'EPEE11000015',
  name: 'Maasikas OÜ',
  isPerson: false,
  userRoleList: [{ application: 'OSS', roleId: 102, begin: '01.01.2020', end: null, notActive: false }],
};
const noRole: RepresentationRight = { gid: 'EPEE11000026', name: 'Põldmari AS', isPerson: false, userRoleList: [] };
const valid: EulaForm = {
  ...emptyEulaForm(),
  username: 'uku',
  password: 'Ukuparool1',
  repeat: 'Ukuparool1',
  service: 'LOGISTICS',
  represented: 'EPEE11000015',
  serviceUrl: '/ui/business/ee/et/LOGISTICS',
  accept: true,
};

describe('account forms', () => {
  it('credentials follow the password tab: all three required, strong password, matching repeat', () => {
    expect(validateCredentials({ username: '', password: '', repeat: '' })).toMatchObject({
      username: { key: 'validation.required' },
      password: { key: 'validation.required' },
      repeat: { key: 'validation.required' },
    });
    expect(validateCredentials({ username: 'a b', password: 'weakpass', repeat: 'other' })).toMatchObject({
      username: { key: 'error.username' },
      password: { key: 'validation.password' },
    });
    expect(validateCredentials({ username: 'uku', password: 'Ukuparool1', repeat: 'Ukuparool2' })).toEqual({
      repeat: expect.objectContaining({ key: 'validation.passwords' }) as unknown,
    });
  });

  it('the EULA form requires acceptance, a service with a URL, a party, and the missing names only', () => {
    expect(validateEula(valid)).toEqual({});
    expect(Object.keys(validateEula({ ...valid, accept: false }))).toEqual(['accept']);
    expect(Object.keys(validateEula({ ...valid, serviceUrl: '' }))).toEqual(['service']);
    expect(Object.keys(validateEula({ ...valid, represented: '' }))).toEqual(['represented']);
    expect(Object.keys(validateEula({ ...valid, askLastName: true }))).toEqual(['lastName']);
    // the signed-in person who has a password gives it before the confirm replaces it
    expect(validateEula({ ...valid, askCurrentPassword: true }).currentPassword?.key).toBe('validation.required');
    expect(validateEula({ ...valid, askCurrentPassword: true, currentPassword: 'Maasikas1' })).toEqual({});
    expect(validateEula({ ...valid, askLastName: true, lastName: 'x'.repeat(26) }).lastName?.key).toBe(
      'validation.maxLength',
    );
  });

  it('offers for logistics only parties with a valid shipment role, and builds the business URL', () => {
    const today = new Date('2026-01-01T12:00:00Z');
    expect(eulaParties([noRole, maasikas], 'LOGISTICS', today).map((p) => p.gid)).toEqual(['EPEE11000015']);
    expect(
      eulaServiceUrl({ service: 'LOGISTICS', represented: 'EPEE11000015' }, [maasikas], {
        apiUrl: '/api',
        domain: 'EE',
        language: 'et',
        packagePrivateUrls: {},
      }),
    ).toBe('/ui/business/ee/et/LOGISTICS');
  });
});
