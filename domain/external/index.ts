/**
 * Pure rules of the external-application side of the shell (spec 1 §2 "External application pages", §4
 * "Embedded-application channel", "Iframe message channel", "OSS hash sync", "External application flow", "Service
 * recovery (finance)", "Logout", §6 role names, §7, §9). Used by machines/frameChannel.machine.ts,
 * machines/externalApplication.machine.ts, the views and the browser adapters. Nothing here reads a clock or the
 * browser: callers pass `today`, timestamps and window references in.
 */
export * from './channel';
export * from './service-resolution';
export * from './frame-url';
export * from './oss';
export * from './oss-logout';
export * from './order-system';
export * from './roles';
export * from './representee';
export * from './finance';
export * from './frame-src';
