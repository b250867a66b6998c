/**
 * What the portal's pages machine and the page actors it runs say to each other and to the portal (the root). The
 * page actors' logic loads with their page (a chunk of its own), so these names and shapes live here, where the
 * first screen can have them without the flows themselves.
 */
import type { AnyActorLogic } from 'xstate';

/**
 * The ids (and systemIds) of the actors the pages machine runs. One of each at a time: the page or modal that shows
 * it starts it (`page.start`) and stops it when it goes (`page.stop`); the frame channel stays once started.
 */
export const PAGE = {
  frameChannel: 'frameChannel',
  externalApplication: 'externalApplication',
  userSettingsForm: 'userSettingsForm',
  customerDataForm: 'customerDataForm',
  rightsList: 'rightsList',
  customerSearch: 'customerSearch',
  eula: 'eula',
  resetPassword: 'resetPassword',
  financeRecovery: 'financeRecovery',
} as const;
export type PageId = (typeof PAGE)[keyof typeof PAGE];

/** How the rest of the portal asks for the customer-add modal (spec 1 §4 Modals). */
export const CUSTOMER_ADD_COMPONENT = 'customer-add';
/** spec 1 §4 Modals: customer-add is protected (no overlay-click close) but closeable (close button, Escape) */
export const CUSTOMER_ADD_MODAL_CLASS = 'modal-protected modal-closeable';
/** what the modals are told to open it */
export const OPEN_CUSTOMER_ADD = {
  type: 'modal.open',
  component: CUSTOMER_ADD_COMPONENT,
  class: CUSTOMER_ADD_MODAL_CLASS,
} as const;

/**
 * Whether the customer-add modal's flow signed a contract and sent the person on to its page in the account service
 * (spec 1 §4 customer-add step 7; its close result, `{ created: true, signed: true }`).
 */
export function signedContract(result: unknown): boolean {
  return addedCustomer(result) && typeof result === 'object' && 'signed' in result! && result.signed === true;
}

/** Whether the customer-add modal closed with a new customer (its close result, `{ created: true }`). */
export function addedCustomer(result: unknown): boolean {
  return !!result && typeof result === 'object' && 'created' in result && result.created === true;
}

/** A form's values kept over a sign-on (spec 2 §2 session expiry), by the form and whose settings it shows. */
export interface Draft {
  key: string;
  values: Record<string, unknown>;
}

/** What views tell the pages machine. */
export type PageLifecycleEvent =
  /** `once`: a long-lived actor (the frame channel), started by the first page that needs it and then kept */
  | { type: 'page.start'; id: PageId; logic: AnyActorLogic; input?: unknown; draftKey?: string; once?: boolean }
  | { type: 'page.stop'; id: PageId };

/** What page actors report to the pages machine (their parent). */
export type PageActorReport =
  | { type: 'form.sessionExpired'; draftKey: string | null; values: Record<string, unknown> }
  | { type: 'form.switchParty'; gid: string }
  | { type: 'channel.activated' }
  /** the frame channel: a notification from the application (ossChangeUrlHash) */
  | { type: 'channel.notification'; method: string; params: unknown }
  /** the external application page: a notification for the application in the frame (ossUpdateInitialData) */
  | { type: 'channel.notify'; method: string; params: unknown };

/** What the pages machine reports to the portal (its parent). */
export type PagesReport = { type: 'signOn.required' } | { type: 'represented.switchRequested'; gid: string };
