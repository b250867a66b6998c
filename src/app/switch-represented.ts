/**
 * A route guard that must act for another party before it goes on (spec 1 §4 "Root redirect": the preference names a
 * party other than the current one) asks the represented change and waits for it to settle (xstate waitFor, never a
 * sleep). A failed change is only logged by the portal, and the guard goes on as the spec says.
 */
import { waitFor } from 'xstate';
import type { RepresentedChangeActor } from '../../machines/representedChange.machine';

export async function switchRepresented(representedChange: RepresentedChangeActor, gid: string): Promise<void> {
  representedChange.send({ type: 'represented.change', gid, awaitsResult: true });
  await waitFor(representedChange, (s) => !s.hasTag('busy'), { timeout: Infinity });
}
