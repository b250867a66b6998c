/**
 * The session's (machines/session.machine.ts) input, context and events: types only, so the root's types
 * (machines/portal.types.ts) and src/app/ can name them without the machine.
 */
import type { Domain, Language, SimpleUserContext, UserContext } from '../domain/contract';
import type { RouteFacts } from '../domain/navigation/rules';
import type { LocaleEmitted, LocaleInput } from './locale.machine';
import type { LogoutActor, LogoutEmitted } from './logout.machine';
import type { ToastRequest } from './toasts.machine';

/** The cookie values read by the app at start (they go on to the locale). */
export type SessionInput = LocaleInput;

export interface SessionContext {
  /** as the locale last reported them */
  language: Language;
  domain: Domain;
  /** the cookies read at start, for the locale */
  start: SessionInput;
  userContext: UserContext | null;
  simpleContext: SimpleUserContext | null;
  /** status of the last failed context load (401 = signed out) */
  error: { status?: number; message: string } | null;
  /** the logout, from the moment its code has loaded (spawned at Log out) until it fails */
  logout: LogoutActor | null;
  /** the page last entered is public (spec 1 §7: signed out there, the portal asks for a sign-on ticket) */
  publicPage: boolean;
}

export type SessionEvent =
  /** a page is entered, with its route's declared facts (the route's staticData) */
  | { type: 'session.routeChanged'; routeId: string; route: RouteFacts; params?: Record<string, string | undefined> }
  | { type: 'session.languageChange'; language: Language }
  | { type: 'session.logout' }
  | { type: 'session.contextReplaced'; userContext: UserContext }
  | { type: 'session.reload' }
  /** what the children report */
  | LocaleEmitted
  | LogoutEmitted;

export type SessionEmitted =
  /** signed in, again after each change of the context: the portal hands the context on to the pages */
  | { type: 'session.signedIn'; userContext: UserContext; domain: Domain }
  | { type: 'session.signedOut' }
  | { type: 'session.loggedOut' }
  | { type: 'session.languageChanged'; language: Language }
  /** spec 1 §7: the browser has a sign-on session elsewhere: it signs on here too */
  | { type: 'signOn.required' }
  | { type: 'toast.show'; toast: ToastRequest };

/** What a failed context load left: its HTTP status, when it had one, and its message. */
export function errorInfo(error: unknown): { status?: number; code?: string; message: string } {
  const e = error as { status?: number; code?: string; message?: string } | undefined;
  return {
    status: typeof e?.status === 'number' ? e.status : undefined,
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    message: String(e?.message ?? error),
  };
}
