/**
 * Events the shell machines EMIT (actor.on(type, ...)) for the app layer to wire. Machines never reach into other
 * actors; src/app/ subscribes and forwards:
 *
 * - `context.replaced` { context, cause } → the session actor adopts the new user context (the server's answer to
 *   context/changeRepresented or context/checkDeadApplications);
 * - `REPRESENTEE-CHANGE` { cause: 'RC' | 'SC' } → the spec's representee-changed event (RC: the user changed the
 *   represented party; SC: the context changed on the server, seen by the dead-application poll); external
 *   application pages listen to it and reload their role data;
 * - `navigation.requested` { target } → the router: 'path' (in-app, below /ui), 'redirect' (full page),
 *   'dashboard' (epit-dashboard), 'home', 'restore' (go back to the path the user was on before the choice
 *   modal, if any);
 * - `warning` { code, detail } → something the spec says is "only logged" (spec 1 §8): the app logs it. Machines never
 *   call `console` themselves.
 */
import type { UserContext } from './contract';
import type { NavTarget } from './rights';

type ChangeCause = 'RC' | 'SC';
export type ContextReplaced = { type: 'context.replaced'; context: UserContext; cause: ChangeCause };
export type RepresenteeChange = { type: 'REPRESENTEE-CHANGE'; cause: ChangeCause };
export type NavigationRequested = { type: 'navigation.requested'; target: NavTarget };
/** `code` names what failed (e.g. 'changeRepresented.failed'); `detail` is what the log should carry (a status). */
export type Warning = { type: 'warning'; code: string; detail: unknown };
