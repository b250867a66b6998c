/**
 * What the portal's pages machine and the page actors it runs say to each other and to the portal (the root). The
 * page actors' logic loads with their page (a chunk of its own), so these names and shapes live here, where the
 * first screen can have them without the flows themselves.
 */
import type { AnyActorLogic } from 'xstate';
import type { UserContext } from './contract';

/**
 * The ids (and systemIds) of the actors the pages machine runs. One of each at a time: the page or modal that shows
 * it starts it (`page.start`) and stops it when it goes (`page.stop`); the frame channel and the customer-add flow
 * stay once started.
 */
export const PAGE = {
  frameChannel: 'frameChannel',
  externalApplication: 'externalApplication',
  customerAdd: 'customerAdd',
  userSettingsForm: 'userSettingsForm',
  customerDataForm: 'customerDataForm',
  rightsList: 'rightsList',
  customerSearch: 'customerSearch',
  eula: 'eula',
  resetPassword: 'resetPassword',
} as const;
export type PageId = (typeof PAGE)[keyof typeof PAGE];

/** How the rest of the portal asks for the customer-add modal (spec 1 §4 Modals). */
export const CUSTOMER_ADD_COMPONENT = 'customer-add';
/** spec 1 §4 Modals: customer-add is protected (no overlay-click close) but closeable (close button, Escape) */
export const CUSTOMER_ADD_MODAL_CLASS = 'modal-protected modal-closeable';

/** A form's values kept over a sign-on (spec 2 §2 session expiry), by the form and whose settings it shows. */
export interface Draft {
  key: string;
  values: Record<string, unknown>;
}

/** The values worth keeping: never a password. */
export function draftOf(values: object): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...values };
  delete kept.password;
  delete kept.repeat;
  return kept;
}

/** What views tell the pages machine. */
export type PageLifecycleEvent =
  /** `once`: a long-lived actor (the frame channel), started by the first page that needs it and then kept */
  | { type: 'page.start'; id: PageId; logic: AnyActorLogic; input?: unknown; draftKey?: string; once?: boolean }
  | { type: 'page.stop'; id: PageId };

/** What page actors report to the pages machine (their parent). */
export type PageActorReport =
  | { type: 'customerAdd.finished'; created: boolean }
  | { type: 'form.sessionExpired'; draftKey: string | null; values: Record<string, unknown> }
  | { type: 'form.switchParty'; gid: string }
  | { type: 'channel.activated' };

/** What the pages machine reports to the portal (its parent). */
export type PagesReport =
  | { type: 'customerAdd.done'; created: boolean; context: UserContext | null }
  | { type: 'signOn.required' }
  | { type: 'represented.switchRequested'; gid: string };
