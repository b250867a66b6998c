/**
 * The field rules the portal and the server share: phone, e-mail, address and personal code (spec 1 §4, spec 2 §5,
 * §9). Each rule is written once, here, as a zod/mini schema or a pure function whose messages are i18n keys
 * (./messages). The browser's forms refuse with these rules, with the field's own translated message, before a
 * request is sent; the server parses the same bodies with the same rules (server/lib/errors.ts parseOrThrow), so
 * what one accepts the other accepts. Pure: zod only.
 */
export * from './messages';
export * from './phone';
export * from './email';
export * from './address';
export * from './personal-code';
