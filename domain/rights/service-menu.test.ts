import { describe, expect, it } from 'vitest';
import { isShortcutShown } from './index';
import { serviceMenuEntries } from './side-panel';
import { mariAsMaasikas, userContext } from '../../tests/support/fixtures/shell';

describe('Services menu (spec 1 §2 "Main menu and side panel")', () => {
  it('lists every external application as an external-service entry with name, service, iconCode, customParameters', () => {
    const ctx = userContext({
      externalApps: [
        { service: 'LOGISTICS', name: 'app.name.LOGISTICS', iconCode: 'logistics', customParameters: { a: '1' } },
        { service: 'periodics', name: 'app.name.PERIODICS', iconCode: 'periodicals', customParameters: {} },
        { service: 'FINANCE', name: 'app.name.FINANCE', iconCode: 'finance', customParameters: {} },
      ],
    });
    expect(serviceMenuEntries(ctx)).toEqual([
      {
        component: 'external-service',
        parameters: { service: 'LOGISTICS' },
        name: 'app.name.LOGISTICS',
        service: 'LOGISTICS',
        iconCode: 'logistics',
        customParameters: { a: '1' },
      },
      {
        component: 'external-service',
        parameters: { service: 'PERIODICS' },
        name: 'app.name.PERIODICS',
        service: 'PERIODICS',
        iconCode: 'periodicals',
        customParameters: {},
      },
      {
        component: 'external-service',
        parameters: { service: 'FINANCE' },
        name: 'app.name.FINANCE',
        service: 'FINANCE',
        iconCode: 'finance',
        customParameters: {},
      },
    ]);
  });

  it('does not apply the dashboard shortcut rules (PERIODICS, FINANCE in EE, a private person)', () => {
    // the dashboard hides PERIODICS everywhere; the menu does not
    expect(isShortcutShown('PERIODICS', 'EE')).toBe(false);
    const business = mariAsMaasikas();
    expect(serviceMenuEntries(business).map((e) => e.service)).toEqual(['LOGISTICS', 'PERIODICS', 'FINANCE']);
    const person = userContext();
    expect(serviceMenuEntries(person).map((e) => e.service)).toEqual(['LOGISTICS', 'PERIODICS', 'FINANCE']);
  });

  it('is empty without a context', () => {
    expect(serviceMenuEntries(null)).toEqual([]);
    expect(serviceMenuEntries(userContext({ externalApps: [] }))).toEqual([]);
  });
});
