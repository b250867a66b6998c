/**
 * Development-only inspection (loaded by main.tsx behind import.meta.env.DEV, so it is not in the
 * production bundle):
 * - an offline panel listing the live actors (id, systemId, state value, last 5 events), fed by
 *   xstate's `inspect` callback;
 * - with ?inspect in the URL, also the Stately browser inspector (@statelyai/inspect).
 */
import { useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { AnyActorRef, InspectionEvent } from 'xstate';

export interface ActorRow {
  sessionId: string;
  id: string;
  systemId?: string;
  parentId?: string;
  status: string;
  state: string;
  events: string[];
}

export function createInspectionStore() {
  const rows = new Map<string, ActorRow>();
  let snapshot: ActorRow[] = [];
  const listeners = new Set<() => void>();
  let scheduled = false;
  const publish = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      snapshot = [...rows.values()].filter((r) => r.systemId || r.status === 'active');
      listeners.forEach((l) => l());
    });
  };
  const rowOf = (ref: AnyActorRef): ActorRow => {
    let row = rows.get(ref.sessionId);
    if (!row) {
      row = {
        sessionId: ref.sessionId,
        id: ref.id,
        systemId: (ref as { systemId?: string }).systemId,
        parentId: ref._parent?.sessionId,
        status: 'active',
        state: '',
        events: [],
      };
      rows.set(ref.sessionId, row);
    }
    return row;
  };
  function inspect(ev: InspectionEvent) {
    const row = rowOf(ev.actorRef as AnyActorRef);
    // the @xstate.actor event can come before the actor has its systemId assigned
    row.systemId ??= (ev.actorRef as { systemId?: string }).systemId;
    if (ev.type === '@xstate.event') {
      row.events = [ev.event.type, ...row.events].slice(0, 5);
    } else if (ev.type === '@xstate.snapshot') {
      const snap = ev.snapshot as { value?: unknown; status?: string };
      row.state =
        snap.value === undefined ? '' : typeof snap.value === 'string' ? snap.value : JSON.stringify(snap.value);
      row.status = snap.status ?? row.status;
    } else return;
    publish();
  }
  return {
    inspect,
    subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
    getSnapshot: () => snapshot,
  };
}

export function createDevInspection({ stately }: { stately: boolean }) {
  const store = createInspectionStore();
  let statelyInspect: ((e: InspectionEvent) => void) | null = null;
  if (stately) {
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector({ autoStart: true });
      statelyInspect = (e) => inspector.inspect.next?.(e);
    });
  }
  const inspect = (e: InspectionEvent) => {
    store.inspect(e);
    statelyInspect?.(e);
  };
  function Panel() {
    const intl = useIntl();
    const rows = useSyncExternalStore(store.subscribe, store.getSnapshot);
    const [open, setOpen] = useState(true);
    return (
      <aside
        className={`inspector${open ? ' is-open' : ''}`}
        aria-label={intl.formatMessage({ id: 'inspector.title' })}
      >
        <button type="button" className="inspector__toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {intl.formatMessage({ id: 'inspector.toggle' }, { count: rows.length })}
        </button>
        {open && (
          <table className="inspector__table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: 'inspector.actor' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'inspector.state' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'inspector.events' })}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.sessionId} data-system-id={r.systemId ?? ''}>
                  <th scope="row">
                    {r.systemId ?? r.id}
                    {r.systemId && r.systemId !== r.id ? <small> ({r.id})</small> : null}
                  </th>
                  <td data-testid={`inspector-state-${r.systemId ?? r.id}`}>
                    <code>{r.state || r.status}</code>
                  </td>
                  <td>
                    <ol className="inspector__events">
                      {r.events.map((e, i) => (
                        <li key={i}>{e}</li>
                      ))}
                    </ol>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </aside>
    );
  }
  return { inspect, Panel, store };
}
