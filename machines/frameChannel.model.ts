/**
 * Model-based test spec of the frame channel (machines/frameChannel.machine.ts) for `npm run test:model`.
 *
 * Its children are inert here: the path's `connection.*` events stand for what the line to the frame reports
 * (machines/frameConnection.model.ts drives it), the relayed `channel.*` events for the application's messages it
 * hands on, and `call.done` / `call.failed` for what the call registry reports (machines/callRegistry.model.ts).
 */
import { fromCallback, type EventObject } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { CHANNEL_METHOD, CHANNEL_SCOPE } from '../domain/external/channel';
import { OSS_FRAME_SRC } from '../tests/support/fixtures/external';
import { callRegistryMachine } from './callRegistry.machine';
import { frameChannelMachine, type FrameChannelSnapshot } from './frameChannel.machine';
import { frameConnectionMachine, type WindowChannelInput, type WindowChannelPost } from './frameConnection.machine';

const noop = () => {};
/** a model event: a type plus its payload */
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ ...payload, type });

function events(s: FrameChannelSnapshot): EventObject[] {
  const out: EventObject[] = [
    ev('frame.attach', {
      src: s.matches('detached') ? OSS_FRAME_SRC : 'https://periodicals.example/app/?guid=EPEE11000015',
    }),
    ev('frame.attach', { src: 'about:blank' }),
    ev('frame.detach'),
    ev('channel.notify', {
      method: CHANNEL_METHOD.ossUpdateInitialData,
      params: { customerId: 'EPEE11000015', language: 'ET', domain: 'EE', urlHash: '/shipments/42' },
    }),
    ev('channel.call', { id: 'c1', method: 'getShipment', params: { id: 42 } }),
    ev('call.done', { id: 'c1', result: { id: 42 } }),
    ev('call.failed', { id: 'c1', reason: 'timeout', scope: CHANNEL_SCOPE, error: null, message: null }),
  ];
  if (s.matches('attached')) {
    out.push(
      ev('channel.answer', { id: 'c1', result: { id: 42 } }),
      ev('channel.failure', { id: 'c1', error: 'forbidden', message: 'no rights' }),
      ev('channel.notification', { method: CHANNEL_METHOD.ossChangeUrlHash, params: { changeHash: '/shipments/42' } }),
      ev('channel.scroll', { pixels: 120 }),
      ev('channel.scrollToView', { pixels: 640 }),
      ev('channel.height', { pixels: 1780 }),
      ev('channel.rejected', { origin: 'https://evil.example', reason: 'origin' }),
    );
  }
  if (s.matches({ attached: 'inactive' })) out.push(ev('connection.up'));
  if (s.matches({ attached: 'active' })) out.push(ev('connection.lost'));
  return out;
}

const spec: MachineModelSpec<typeof frameChannelMachine> = {
  name: 'frameChannel',
  tester: {
    person: 'mari (password Maasikas1)',
    address: "http://localhost:8080/ui/, choose Maasikas OÜ, then 'Shipment registration' on the main page",
    data: 'Maasikas OÜ; the application switches at http://localhost:8080/sim/ make it slow or stop it',
  },
  machine: frameChannelMachine,
  events,
  provide: {
    actors: {
      // inert: no line, no reports, so only the path drives the channel
      connection: frameConnectionMachine.provide({
        actors: { windowChannel: fromCallback<WindowChannelPost, WindowChannelInput>(() => () => {}) },
        actions: { reportUp: noop, reportLost: noop, relay: noop },
      }),
      callRegistry: callRegistryMachine.provide({
        actions: { reportDone: noop, reportFailed: noop, abandonAll: noop },
      }),
    },
  },
  // the message contents do not change what the machine can do next
  serializeState: serializeWith((s: FrameChannelSnapshot) => [s.context.frameOrigin, s.context.queue.length > 0]),
  states: {
    'attached.active': (s) => {
      if (s.context.queue.length) throw new Error('active with messages still queued');
      if (!s.hasTag('active')) throw new Error('active without the active tag');
    },
    attached: (s) => {
      if (!s.children.connection) throw new Error('attached without a line to the frame');
    },
    detached: (s) => {
      if (s.children.connection) throw new Error('detached, but the line to the frame is still up');
      if (s.context.frameOrigin !== null) throw new Error('detached, but still bound to a frame origin');
    },
  },
};
export default spec;
