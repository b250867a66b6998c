/**
 * Business customer settings and rights management (spec 2 §2–§9): wire shapes, §5 rules with i18n message keys,
 * personal codes, and the in-memory rights list. Pure (zod only); imported by machines/, src/ and server/.
 */
export * from './contract';
export * from './rules';
export * from './list';
export * from './customer-form';
