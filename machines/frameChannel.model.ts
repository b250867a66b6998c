/**
 * Model-based test spec of the frame channel (machines/frameChannel.machine.ts) for `npm run test:model`.
 *
 * The window listener is an inert fake: the path's `channel.*` events stand for what the browser adapter would hand
 * on (frameMessageToEvent), the `xstate.after.*` events for the channel timings, and `channel.callTimedOut` for a
 * call's own CALL_TIMEOUT (a delayed raise, run out on the simulated clock).
 */
import { fromCallback, type EventObject } from 'xstate';
import type { MachineModelSpec } from './lib/model/model-spec';
import { serializeWith } from './lib/model/model-serialize';
import { CHANNEL_METHOD } from './lib/external/channel';
import { OSS_FRAME_SRC } from './lib/fixtures/external';
import {
  frameChannelMachine,
  type FrameChannelSnapshot,
  type WindowChannelInput,
  type WindowChannelPost,
} from './frameChannel.machine';

const ID = 'frameChannel';
/** a model event: a type plus its payload */
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ ...payload, type });
const after = (delay: string, stateId: string): EventObject => ev(`xstate.after.${delay}.${stateId}`);

function events(s: FrameChannelSnapshot): EventObject[] {
  const out: EventObject[] = [];
  const pending = s.context.pending[0];
  out.push(
    ev('frame.attach', {
      src: s.matches('detached') ? OSS_FRAME_SRC : 'https://periodicals.example/app/?guid=EPEE11000015',
    }),
    ev('frame.attach', { src: 'about:blank' }),
    ev('frame.detach'),
    ev('channel.notify', {
      method: CHANNEL_METHOD.ossUpdateInitialData,
      params: { customerId: 'EPEE11000015', language: 'ET', domain: 'EE', urlHash: '/shipments/42' },
    }),
    ev('channel.call', { id: pending ? 'c2' : 'c1', method: 'getShipment', params: { id: 42 } }),
  );
  if (pending) out.push(ev('channel.callTimedOut', { id: pending }));
  if (s.matches('open')) {
    if (pending) {
      out.push(
        ev('channel.answer', { id: pending, result: { id: 42 } }),
        ev('channel.failure', { id: pending, error: 'forbidden', message: 'no rights' }),
      );
    }
    out.push(
      ev('channel.called', { id: 7, method: 'ping', params: undefined }),
      ev('channel.called', { id: 8, method: 'reboot', params: undefined }),
      ev('channel.notification', { method: CHANNEL_METHOD.ossChangeUrlHash, params: { changeHash: '/shipments/42' } }),
      ev('channel.scroll', { pixels: 120 }),
      ev('channel.scrollToView', { pixels: 640 }),
      ev('channel.height', { pixels: 1780 }),
      ev('channel.rejected', { origin: 'https://evil.example', reason: 'origin' }),
    );
  }
  if (s.matches({ open: 'inactive' })) {
    out.push(
      ev('channel.ready'),
      ev('channel.pong', { id: s.context.pingId ?? '' }),
      after('PING_TIMEOUT', `${ID}.open.inactive`),
    );
  }
  if (s.matches({ open: { active: 'healthy' } })) out.push(after('HEALTH_CHECK', `${ID}.open.active.healthy`));
  if (s.matches({ open: { active: 'pinging' } })) {
    out.push(ev('channel.pong', { id: s.context.pingId ?? '' }), after('PING_TIMEOUT', `${ID}.open.active.pinging`));
  }
  if (s.matches('destroyed')) out.push(after('RECONNECT', `${ID}.destroyed`));
  return out;
}

const spec: MachineModelSpec<typeof frameChannelMachine> = {
  name: 'frameChannel',
  machine: frameChannelMachine,
  events,
  provide: {
    // inert: it neither posts nor listens, so only the path drives the machine
    actors: { windowChannel: fromCallback<WindowChannelPost, WindowChannelInput>(() => () => {}) },
  },
  // the ping counter and the message contents do not change what the machine can do next
  serializeState: serializeWith((s: FrameChannelSnapshot) => [
    s.context.frameOrigin,
    s.context.pending.length > 0,
    s.context.queue.length > 0,
  ]),
  states: {
    'open.active': (s) => {
      if (s.context.queue.length) throw new Error('active with messages still queued');
      if (!s.hasTag('active')) throw new Error('active without the active tag');
    },
    destroyed: (s) => {
      if (s.children.windowChannel) throw new Error('destroyed, but the window listener still runs');
    },
    open: (s) => {
      if (!s.children.windowChannel) throw new Error('open without the window listener');
    },
  },
};
export default spec;
