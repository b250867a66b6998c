import { describe, expect, it } from 'vitest';
import { mariAsMaasikas, userContext } from '../../../tests/support/fixtures/shell';
import { menuSelection, menuTree } from './menu-tree';

const apps = [
  { service: 'LOGISTICS', name: 'app.name.LOGISTICS', iconCode: 'logistics', customParameters: {} },
  { service: 'PERIODICS', name: 'app.name.PERIODICS', iconCode: 'periodics', customParameters: {} },
];

describe('main menu tree (spec 1 §2 "Main menu and side panel")', () => {
  it('the business pre-navigation parameter forces the business tree only while no party is selected', () => {
    const nobody = userContext();
    expect(menuTree(nobody, 'EE').tree).toBe('private');
    expect(menuTree(nobody, 'EE', { businessFlag: true }).tree).toBe('business');
    expect(menuTree(nobody, 'EE', { businessFlag: true }).entries[1].labelKey).toBe('menu.services.business');
    // a selected party decides: a business stays business, a person stays private
    expect(menuTree(mariAsMaasikas(), 'EE', { businessFlag: false }).tree).toBe('business');
    const asHerself = userContext(
      {},
      { represented: { gid: 'EE48709050218', name: 'Mari', isPerson: true, details: null } },
    );
    expect(menuTree(asHerself, 'EE', { businessFlag: true }).tree).toBe('private');
  });
});

describe("selected side-menu entry (spec 1 §2: it follows the current application's icon code)", () => {
  const ctx = userContext({ externalApps: apps });
  it("an external application's page selects Services and that application's icon code", () => {
    expect(menuSelection('/external/PERIODICS', 'PERIODICS', ctx)).toEqual({
      entry: 'services',
      iconCode: 'periodics',
    });
    // the order system's wrapper: OSS is the LOGISTICS application
    expect(menuSelection('/oss-wrapper', 'OSS', ctx)).toEqual({ entry: 'services', iconCode: 'logistics' });
    // an application the person does not have: no entry to select in the Services menu
    expect(menuSelection('/external/FINANCE', 'FINANCE', ctx)).toEqual({ entry: 'services', iconCode: null });
  });
  it('other pages select their top-level entry and no application', () => {
    expect(menuSelection('/dashboard', null, ctx)).toEqual({ entry: 'main', iconCode: null });
    expect(menuSelection('/user-settings/edit/EE1', null, ctx)).toEqual({ entry: 'settings', iconCode: null });
    expect(menuSelection('/nowhere', null, ctx)).toEqual({ entry: null, iconCode: null });
  });
});
