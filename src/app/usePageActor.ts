/**
 * A page's actor: the portal's pages machine (machines/pages.machine.ts) runs it while the page (or modal) shows, so
 * the portal can tell it what changes around it and pass on what it reports. The view hands over the logic (its part's
 * chunk) and the input when it mounts, and the actor stops when it unmounts (a `once` actor stays). `restartKey`: the
 * page starts its actor afresh when this changes (another subject, another customer).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AnyActorLogic } from 'xstate';
import type { PageId } from '../../domain/pages';
import type { PageActors } from '../../machines/pages.machine';
import { usePortal } from './PortalContext';

export function usePageActor<K extends PageId>(
  id: K,
  logic: AnyActorLogic,
  input?: unknown,
  opts: { draftKey?: string; once?: boolean; restartKey?: string } = {},
): PageActors[K] | null {
  const { pages } = usePortal();
  const actor = useSelector(pages, (s) => s.context.pages[id]);
  const { draftKey, once, restartKey } = opts;
  useEffect(
    () => {
      pages.send({ type: 'page.start', id, logic, input, draftKey, once });
      return () => {
        if (!once) pages.send({ type: 'page.stop', id });
      };
    },
    // the input of the start only: later changes reach the actor as events, or restart it through restartKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pages, id, logic, restartKey],
  );
  return actor ?? null;
}
