/**
 * Dev only (main.tsx, behind import.meta.env.DEV): publishes where each machine of the running portal is, from the
 * same xstate inspection events the developer panel reads, on the BroadcastChannel `epit-flows`. The flow book's
 * live view (/ui/dev/flows, visualizations/index.html) listens in another tab: it highlights the current states and
 * keeps a trail of the transitions, in the words of their descriptions.
 */
import type { AnyActorRef, InspectionEvent } from 'xstate';

export const FLOW_CHANNEL = 'epit-flows';

/** One message on the channel (the flow book's LiveMessage, tools/viz/book-client.ts). */
export interface FlowStateMessage {
  type: 'flow.state';
  machine: string;
  actor: string;
  active: string[];
  event?: string;
  transitions: string[];
  at: number;
}

interface TransitionLike {
  description?: unknown;
  meta?: unknown;
  eventType?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** The ids of the active state nodes of a machine snapshot (xstate keeps them in `_nodes`). */
function activeIds(snapshot: unknown): string[] | undefined {
  if (!isRecord(snapshot) || !Array.isArray(snapshot._nodes)) return undefined;
  return (snapshot._nodes as unknown[]).flatMap((n) => (isRecord(n) && typeof n.id === 'string' ? [n.id] : []));
}

function machineId(snapshot: unknown): string | undefined {
  if (!isRecord(snapshot) || !isRecord(snapshot.machine)) return undefined;
  return typeof snapshot.machine.id === 'string' ? snapshot.machine.id : undefined;
}

/** The description of a transition a person would notice; bookkeeping ones (meta.bookkeeping) say nothing. */
function spoken(t: TransitionLike): string | undefined {
  if (isRecord(t.meta) && t.meta.bookkeeping === true) return undefined;
  if (typeof t.description === 'string' && t.description.trim()) return t.description.trim();
  return typeof t.eventType === 'string' && t.eventType ? t.eventType : undefined;
}

export function createFlowBroadcast(channel: BroadcastChannel = new BroadcastChannel(FLOW_CHANNEL)) {
  /** actor session id → the last message sent for it (replayed when a flow book tab says hello) */
  const latest = new Map<string, FlowStateMessage>();
  /** actor session id → what happened since its last snapshot */
  const pending = new Map<string, { event?: string; transitions: string[] }>();
  channel.onmessage = (e: MessageEvent<unknown>) => {
    if (isRecord(e.data) && e.data.type === 'flow.hello') for (const m of latest.values()) channel.postMessage(m);
  };
  return function inspect(ev: InspectionEvent) {
    const ref = ev.actorRef as AnyActorRef;
    const id = ref.sessionId;
    if (ev.type === '@xstate.event' && ev.event.type !== 'xstate.init') {
      pending.set(id, { event: ev.event.type, transitions: [] });
    } else if (ev.type === '@xstate.microstep') {
      const list = (ev as { _transitions?: unknown })._transitions;
      const p = pending.get(id) ?? { transitions: [] };
      if (Array.isArray(list))
        for (const t of list as TransitionLike[]) {
          const text = spoken(t);
          if (text) p.transitions.push(text);
        }
      pending.set(id, p);
    } else if (ev.type === '@xstate.snapshot') {
      const machine = machineId(ev.snapshot);
      const active = activeIds(ev.snapshot);
      if (!machine || !active) return;
      const p = pending.get(id);
      pending.delete(id);
      const message: FlowStateMessage = {
        type: 'flow.state',
        machine,
        actor: (ref as { systemId?: string }).systemId ?? ref.id,
        active,
        event: p?.event,
        transitions: p?.transitions ?? [],
        at: Date.now(),
      };
      latest.set(id, message);
      channel.postMessage(message);
    }
  };
}
