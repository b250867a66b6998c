/**
 * The route guard (spec 1 §2): runs in the root route's beforeLoad for every navigation.
 * 1. tells the session which route is being entered (the first one loads the context) and waits
 *    until it is settled (xstate waitFor, never a sleep);
 * 2. asks the navigation machine for its decision and waits for it;
 * 3. acts on it: allow, full-page redirect to the security service, or redirect home.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { Portal } from './portal';
import { routeMeta } from '../../machines/lib/navigation/rules';
import { redirectBrowser } from './browser';

export interface GuardArgs {
  portal: Portal;
  location: ParsedLocation;
  routeId: string;
  params: Record<string, string | undefined>;
}

/** The browser address of a router location (with the /ui base), used as ?target=. */
function browserTarget(portal: Portal, location: ParsedLocation): string {
  const base = portal.config.baseUrl.replace(/\/+$/, '');
  return base + location.href;
}

export async function guardNavigation({ portal, location, routeId, params }: GuardArgs): Promise<void> {
  const { session, navigation, config } = portal;
  session.send({ type: 'session.routeChanged', routeId, params });
  const s = await waitFor(session, (snap) => snap.hasTag('settled'), { timeout: Infinity });
  // The context failed to load (spec 1 §8: only logged). Sending the user to sign-on would loop
  // (the server would bring them back to the same failure), so protected pages go home, where
  // the index page offers a retry.
  if (s.matches('contextFailed') && routeMeta(routeId).access !== 'public')
    redirect({ to: '/', replace: true, throw: true });
  // the navigation machine numbers the requests: the one this guard waits for is the next
  const requestId = navigation.getSnapshot().context.requestId + 1;
  navigation.send({
    type: 'navigation.request',
    requestId,
    routeId,
    target: browserTarget(portal, location),
    signedIn: s.hasTag('signedIn'),
    privileges: s.context.userContext?.privileges ?? [],
    securityUrl: config.securityUrl,
  });
  const n = await waitFor(navigation, (snap) => snap.context.requestId === requestId && snap.hasTag('decided'), {
    timeout: Infinity,
  });
  const decision = n.context.decision;
  if (!decision || decision.kind === 'allow') return;
  if (decision.kind === 'login') {
    redirectBrowser(decision.url);
    // The browser is leaving the SPA; keep the router pending (full overlay) until it does.
    await new Promise<never>(() => {});
  }
  if (decision.kind === 'denied') redirect({ to: decision.to, replace: true, throw: true });
}
