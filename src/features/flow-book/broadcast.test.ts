import { afterEach, describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { createFlowBroadcast, FLOW_CHANNEL, type FlowStateMessage } from './broadcast';

const channels: BroadcastChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => c.close()));
const open = () => {
  const c = new BroadcastChannel(FLOW_CHANNEL);
  channels.push(c);
  return c;
};
/** what a flow book tab receives */
const listen = () => {
  const got: FlowStateMessage[] = [];
  open().onmessage = (e: MessageEvent<FlowStateMessage>) => {
    if (e.data.type === 'flow.state') got.push(e.data);
  };
  return got;
};
const settle = () => new Promise((r) => setTimeout(r, 30));

const door = setup({}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'door.open': { target: 'open', description: 'Opens the door' },
        'door.touch': { actions: [], meta: { bookkeeping: true }, description: 'Leaves a fingerprint' },
      },
    },
    open: { initial: 'wide', states: { wide: {} }, on: { 'door.close': 'closed' } },
  },
});

describe('the live flow book channel', () => {
  it("publishes each machine's active states and the descriptions of the transitions that led there", async () => {
    const got = listen();
    const publisher = open();
    const actor = createActor(door, { systemId: 'frontDoor', inspect: createFlowBroadcast(publisher) }).start();
    actor.send({ type: 'door.touch' });
    actor.send({ type: 'door.open' });
    actor.send({ type: 'door.close' });
    await settle();
    expect(got.map((m) => [m.machine, m.actor, m.active.join(' '), m.transitions.join('; ')])).toEqual([
      ['door', 'frontDoor', 'door door.closed', ''],
      // a bookkeeping transition says nothing (the state did not change for the person)
      ['door', 'frontDoor', 'door door.closed', ''],
      ['door', 'frontDoor', 'door door.open door.open.wide', 'Opens the door'],
      // no description yet: the event's name stands in
      ['door', 'frontDoor', 'door door.closed', 'door.close'],
    ]);
    expect(got[2].event).toBe('door.open');
    actor.stop();
  });

  it('tells a flow book that opens later where every machine is now', async () => {
    const publisher = open();
    const actor = createActor(door, { inspect: createFlowBroadcast(publisher) }).start();
    actor.send({ type: 'door.open' });
    await settle();
    const got = listen();
    open().postMessage({ type: 'flow.hello' });
    await settle();
    expect(got.map((m) => m.active.at(-1))).toEqual(['door.open.wide']);
    actor.stop();
  });
});
