/**
 * User settings (spec 2 §2–§9): the bodies and answers of every user-settings call, the field rules with
 * i18n message keys, the forms and the preference rules. Shared by the portal and the reference server.
 * Pure: zod, the shared contract and domain/rights.
 */
export * from './fields';
export * from './schemas';
export * from './forms';
export * from './preferences';
export * from './access';
