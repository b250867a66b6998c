/**
 * The route guard (spec 1 §2): runs in the root route's beforeLoad for every navigation.
 * 1. tells the session which route is being entered (the first one loads the context) and waits
 *    until it is settled (xstate waitFor, never a sleep);
 * 2. asks the navigation machine for its decision and waits for it (pre-navigate);
 * 3. when allowed, asks the navigation trackers' start hooks (portal.navigationEvents, spec 1 §4) and tells the
 *    machine `navigation.started` (start-navigate) or `navigation.vetoed`;
 * 4. acts on the decision: allow, full-page redirect to the security service, redirect home (denied), or
 *    redirect home or to the tracker's rerouting target (cancelled, spec 1 §2).
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { Portal } from './portal';
import { redirectBrowser } from './browser';
import type { RouteStaticData } from './route-meta';

export interface GuardArgs {
  portal: Portal;
  location: ParsedLocation;
  routeId: string;
  /** the matched route's declared facts (its staticData) */
  route: RouteStaticData;
  params: Record<string, string | undefined>;
}

/** The browser address of a router location (with the /ui base), used as ?target=. */
function browserTarget(portal: Portal, location: ParsedLocation): string {
  const base = portal.config.baseUrl.replace(/\/+$/, '');
  return base + location.href;
}

export async function guardNavigation({ portal, location, routeId, route, params }: GuardArgs): Promise<void> {
  const { session, navigation, config } = portal;
  const facts = {
    component: route.component,
    access: route.access,
    privileges: route.privileges,
    simpleContext: route.simpleContext,
  };
  session.send({ type: 'session.routeChanged', routeId, route: facts, params });
  const s = await waitFor(session, (snap) => snap.hasTag('settled'), { timeout: Infinity });
  // The context failed to load (spec 1 §8: only logged). Sending the user to sign-on would loop
  // (the server would bring them back to the same failure), so protected pages go home, where
  // the index page offers a retry.
  if (s.matches('contextFailed') && route.access !== 'public') redirect({ to: '/', replace: true, throw: true });
  // the navigation machine numbers the requests: the one this guard waits for is the next
  const requestId = navigation.getSnapshot().context.requestId + 1;
  navigation.send({
    type: 'navigation.request',
    requestId,
    routeId,
    route: facts,
    target: browserTarget(portal, location),
    signedIn: s.hasTag('signedIn'),
    privileges: s.context.userContext?.privileges ?? [],
    securityUrl: config.securityUrl,
  });
  const current = (snap: ReturnType<typeof navigation.getSnapshot>) => snap.context.requestId === requestId;
  let n = await waitFor(navigation, (snap) => !current(snap) || snap.hasTag('starting') || snap.hasTag('decided'), {
    timeout: Infinity,
  });
  if (current(n) && n.hasTag('starting')) {
    const veto = await portal.navigationEvents.runStartHooks({
      routeId,
      component: route.component,
      target: browserTarget(portal, location),
    });
    navigation.send(veto ? { type: 'navigation.vetoed', requestId, veto } : { type: 'navigation.started', requestId });
    n = navigation.getSnapshot();
  }
  // a newer navigation took over while this one waited: the router has abandoned this one
  if (!current(n)) return;
  const decision = n.context.decision;
  if (!decision || decision.kind === 'allow') return;
  if (decision.kind === 'login') {
    redirectBrowser(decision.url);
    // The browser is leaving the SPA; keep the router pending (full overlay) until it does.
    await new Promise<never>(() => {});
  }
  if (decision.kind === 'denied') redirect({ to: decision.to, replace: true, throw: true });
  if (decision.kind === 'cancelled') redirect({ href: decision.to, replace: true, throw: true });
}
