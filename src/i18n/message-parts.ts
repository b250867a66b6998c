/**
 * Which texts load with which part of the portal: the keys that only a lazy route or feature
 * shows are a chunk of their own per language, fetched with that route or feature (src/app/portal.ts), so the first
 * screen's language chunk carries only what the shell, the landing page and the dashboard show. Every key not
 * listed here is in that first chunk ("core"), the footer's keys always (./messages.ts isFooterKey).
 *
 * A key belongs to the first part whose prefix it starts with. The build splits the compiled messages by this
 * table (tools/i18n/vite-plugin.ts); the browser only ever sees the part names.
 */
export const MESSAGE_PARTS = {
  /** the customer-add modal and its ID-card signing (features/customer-add) */
  customerAdd: ['customer-add.', 'idcard.'],
  /** the customer search (features/customer-search); the customer-add modal borrows a few */
  customerSearch: ['customer-search.'],
  /** business customer settings and rights (features/represented-settings) */
  representedSettings: ['represented-settings.', 'representedSettings.'],
  /** user settings (features/user-settings); the account flows borrow a few */
  userSettings: ['user-settings.', 'userSettings.'],
  /** reset password and terms of use (features/account) */
  account: ['account.', 'userAdd.'],
  /** external application pages and the finance recovery page (features/external), with their maintenance message */
  external: ['external.', 'finance.', 'illegal.', 'select.', 'error.maintenance.'],
  /**
   * the forms' validation texts, the address autocomplete (features/address) and the edit-conflict notice
   * (src/ui/FormConflict.tsx, the rights modal), shared by the forms above
   */
  forms: ['validation.', 'address.', 'conflict.'],
  /** developer and test pages (features/dev-pages) */
  devPages: ['devpages.'],
  /** development only: the inspector panel and the debug aids */
  dev: ['inspector.', 'debug.'],
} as const satisfies Record<string, readonly string[]>;

export type MessagePart = keyof typeof MESSAGE_PARTS;

export const MESSAGE_PART_NAMES = Object.keys(MESSAGE_PARTS) as MessagePart[];

/** The part a key loads with; null for the first screen's chunk. */
export function messagePartOf(key: string): MessagePart | null {
  for (const part of MESSAGE_PART_NAMES)
    if (MESSAGE_PARTS[part].some((prefix: string) => key.startsWith(prefix))) return part;
  return null;
}
