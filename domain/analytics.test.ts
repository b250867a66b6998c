import { describe, expect, it } from 'vitest';
import { pageView, trackedPath, tracksPageViews } from './analytics';

const analytics = { url: 'https://stats.example/matomo.php', siteId: 3 };
const noSignals = { doNotTrack: false, globalPrivacyControl: false };

describe('tracksPageViews (spec 1 §9: live run mode only)', () => {
  it('tracks in live mode with an endpoint and no privacy signal', () => {
    expect(tracksPageViews({ runMode: 'live', analytics, privacy: noSignals })).toBe(true);
  });

  it('never in test or dev mode, without an endpoint, or under Do Not Track or Global Privacy Control', () => {
    expect(tracksPageViews({ runMode: 'test', analytics, privacy: noSignals })).toBe(false);
    expect(tracksPageViews({ runMode: 'dev', analytics, privacy: noSignals })).toBe(false);
    expect(tracksPageViews({ runMode: 'live', analytics: null, privacy: noSignals })).toBe(false);
    expect(tracksPageViews({ runMode: 'live', privacy: noSignals })).toBe(false);
    expect(tracksPageViews({ runMode: 'live', analytics, privacy: { ...noSignals, doNotTrack: true } })).toBe(false);
    expect(tracksPageViews({ runMode: 'live', analytics, privacy: { ...noSignals, globalPrivacyControl: true } })).toBe(
      false,
    );
  });
});

describe('trackedPath: no personal code or customer id leaves the browser', () => {
  it('replaces the ids of people and customers with their placeholder', () => {
    expect(trackedPath('/user-settings/edit/$fgid', '/user-settings/edit/EE48709050218')).toBe(
      '/user-settings/edit/:fgid',
    );
    expect(trackedPath('/settings/represented/$jgid', '/settings/represented/EPEE11000015?tab=1')).toBe(
      '/settings/represented/:jgid',
    );
    expect(trackedPath('/user-add/edit/$key', '/user-add/edit/3f9c0a17')).toBe('/user-add/edit/:key');
  });

  it('keeps plain parameters (domain, language, service) but never a value with digits, nor the query', () => {
    expect(trackedPath('/business/$domain/$language/$service', '/business/EE/et/FINANCE?personalCode=1')).toBe(
      '/business/EE/et/FINANCE',
    );
    // a plain parameter holding a code is a placeholder too
    expect(trackedPath('/external/$service', '/external/48709050218')).toBe('/external/:service');
    expect(trackedPath('/external/$service', '/external/EE%2048709050218')).toBe('/external/:service');
    expect(trackedPath('/customer-search', '/customer-search?q=48709050218')).toBe('/customer-search');
  });

  it('drops the index routes’ trailing slash; the root is /, an unmatched address is /not-found', () => {
    expect(trackedPath('/user-settings/edit/', '/user-settings/edit')).toBe('/user-settings/edit');
    expect(trackedPath('/', '/')).toBe('/');
    expect(trackedPath('__root__', '/EE48709050218')).toBe('/not-found');
  });

  it('names the page by the component its route declares', () => {
    expect(pageView('/user-settings/edit/$fgid', 'user-settings-edit', '/user-settings/edit/EE48709050218')).toEqual({
      path: '/user-settings/edit/:fgid',
      title: 'user-settings-edit',
    });
  });
});
