/**
 * The root machine's (machines/portal.machine.ts) input, context and the events the browser side tells it: types
 * only, so src/app/ can name them without the machine.
 */
import type { AnalyticsInput } from '../domain/analytics';
import type { Draft } from '../domain/pages';
import type { CustomerAddModalEmitted } from './customerAddModal.machine';
import type { DeadApplicationPollEmitted } from './deadApplicationPoll.machine';
import type { ModalEmitted } from './modal.machine';
import type { RepresentedChangeEmitted } from './representedChange.machine';
import type { RepresentedChoiceEmitted } from './representedChoice.machine';
import type { RepresentedDetailsEmitted } from './representedDetails.machine';
import type { SessionEmitted, SessionInput } from './session.types';
import type { ToastRequest } from './toasts.machine';
import type { PagesReport } from '../domain/pages';
import type { NavTarget } from '../domain/rights';
import type { Warning } from '../domain/shell-events';
import type { Wrapper } from '../domain/external';

export interface PortalInput {
  session: SessionInput;
  /** drafts of forms kept over a sign-on in this browser tab */
  drafts: Draft[];
  /** the portal's base path ('/ui'): the auth error shows only on its pages */
  baseUrl: string;
  /** the run mode, the analytics endpoint and the browser's privacy signals: whether page views are counted */
  analytics: AnalyticsInput;
}

export interface PortalContext {
  /**
   * whether the back office was down in the details last handed to or reported by the session (spec 1 §8): what the
   * guards of customer add read. The details themselves are the session's alone; the portal reads them from it when
   * it passes them on.
   */
  backOfficeDown: boolean;
  /** the address on screen (router href below the base), as the navigation guard last reported it */
  href: string | null;
  /**
   * spec 1 §4 "Root redirect": the party the first page after a login switches to, and where it then goes (the
   * preferred service); null when no such switch is under way
   */
  afterSwitch: { gid: string; then: NavTarget } | null;
  baseUrl: string;
  /** spec 1 §9: page views go to the analytics endpoint (domain/analytics.ts tracksPageViews) */
  tracksPageViews: boolean;
  /** what the page on screen does after a switch of the represented party (its route's declaration) */
  afterPartySwitch: RouteOnScreen['afterPartySwitch'];
  /** what the session and the pages start with */
  start: Pick<PortalInput, 'session' | 'drafts'>;
}

/**
 * What the portal needs to know of the route on screen, read by the router bridge from the route's declaration
 * (its `staticData`, src/app/route-meta.ts) and location.
 */
export interface RouteOnScreen {
  /** the location hash without '#' ('' for none) */
  hash: string;
  /** an external application page: the service it hosts and the page that hosts it (null: another page) */
  external: { service: string; wrapper: Wrapper } | null;
  /** after a switch of the represented party: the page stays and reloads for the party, or the home page opens */
  afterPartySwitch: 'stay' | 'home';
}

/** What the router and the API client tell the portal (src/app/ bridges). */
export type PortalBridgeEvent =
  | {
      type: 'route.resolved';
      path: string;
      params: { modalName: string | null; application: string | null };
      route: RouteOnScreen;
    }
  /** the person picks another party to act for (the header's list, the user menu, the representee panel) */
  | { type: 'represented.changeRequested'; gid: string }
  /** the server refused a call of a signed-in person (403, spec 1 §8 "Authorization failure") */
  | { type: 'api.unauthorized' }
  /** a call acted for a party whose right has ended; the server has cleared it (contract RIGHT_ENDED) */
  | { type: 'api.rightEnded' }
  /**
   * the root redirect (spec 1 §4) follows a preference that names another party: the portal switches to it, then goes
   * to `then` (the preferred service), also when the switch fails
   */
  | { type: 'represented.switchRequested'; gid: string; then: NavTarget }
  /** `/dashboard/:domain/:language/:modalName`, `/home/show/:domain/:language/:modalName` name a modal */
  | { type: 'modal.openFromUrl'; modalName: string };

/** What reaches the root: its children's reports and the browser side's events. */
export type PortalEvent =
  | PortalBridgeEvent
  | SessionEmitted
  | ModalEmitted
  | RepresentedChoiceEmitted
  | RepresentedChangeEmitted
  | RepresentedDetailsEmitted
  | DeadApplicationPollEmitted
  | { type: 'navigation.urlChanged'; routeId: string; component: string; href: string }
  | PagesReport
  | CustomerAddModalEmitted
  | { type: 'toast.show'; toast: ToastRequest }
  | { type: 'navigation.requested'; target: NavTarget }
  | Warning;
