/** Shared user contexts for machine tests and model specs (pure data). */
import type { UserContext } from './contract';

export const signedOutContext: UserContext = {
  epitPrincipal: null,
  externalApps: [],
  applications: [],
  uiLanguages: [
    { twoLetterCode: 'et', threeLetterCode: 'est' },
    { twoLetterCode: 'en', threeLetterCode: 'eng' },
  ],
  language: 'EST',
  homeUrls: { EE: 'https://www.example.ee', LV: 'https://www.example.lv', LT: 'https://www.example.lt' },
  privileges: [],
  preference: null,
  deadApplications: [],
};

export const signedInContext: UserContext = {
  ...signedOutContext,
  epitPrincipal: {
    representative: { id: 'EE48001010001', firstName: 'Mari', lastName: 'Maasikas' },
    represented: null,
    representationRightsCache: {},
    userPreference: null,
    errors: {},
    authChannel: 'ID_CARD',
  },
  applications: [{ name: 'OSS', customParameters: { logoutUrl: '/apps/oss/logout' } }],
  privileges: ['SHOW_MY_SETTINGS', 'SHOW_REPRESENTEES'],
};
