/**
 * Model-based test spec of the line to the frame (machines/frameConnection.machine.ts) for `npm run test:model`.
 *
 * The window listener is an inert fake: the path's `channel.*` events stand for what the browser adapter would hand
 * on (frameMessageToEvent), and the `xstate.after.*` events for the channel timings.
 */
import { fromCallback, type EventObject } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { CHANNEL_METHOD, notificationMessage } from '../domain/external/channel';
import { APPS_ORIGIN } from '../tests/support/fixtures/external';
import {
  frameConnectionMachine,
  type FrameConnectionContext,
  type WindowChannelInput,
  type WindowChannelPost,
} from './frameConnection.machine';

const ID = 'frameConnection';
/** a model event: a type plus its payload */
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ ...payload, type });
const after = (delay: string, stateId: string): EventObject => ev(`xstate.after.${delay}.${stateId}`);
const pong = (context: FrameConnectionContext) => ev('channel.pong', { id: context.pingId ?? '' });

const spec: MachineModelSpec<typeof frameConnectionMachine> = {
  name: 'frameConnection',
  tester: {
    person: 'mari (password Maasikas1)',
    address: "http://localhost:8080/ui/, choose Maasikas OÜ, then 'Shipment registration' on the main page",
    data: 'Maasikas OÜ; the application switches at http://localhost:8080/sim/ stop it and start it again',
  },
  machine: frameConnectionMachine,
  input: { frameOrigin: APPS_ORIGIN },
  events: (s) => {
    const out: EventObject[] = [];
    if (s.matches('open')) {
      out.push(
        ev('connection.post', { message: notificationMessage(CHANNEL_METHOD.ossUpdateInitialData, { urlHash: '/' }) }),
        ev('channel.called', { id: 7, method: 'ping', params: undefined }),
        ev('channel.called', { id: 8, method: 'reboot', params: undefined }),
        ev('channel.answer', { id: 'c1', result: { id: 42 } }),
        ev('channel.failure', { id: 'c1', error: 'forbidden', message: 'no rights' }),
        ev('channel.notification', { method: CHANNEL_METHOD.ossChangeUrlHash, params: { changeHash: '/42' } }),
        ev('channel.scroll', { pixels: 120 }),
        ev('channel.scrollToView', { pixels: 640 }),
        ev('channel.height', { pixels: 1780 }),
        ev('channel.rejected', { origin: 'https://evil.example', reason: 'origin' }),
      );
    }
    if (s.matches({ open: 'inactive' })) {
      out.push(ev('channel.ready'), pong(s.context), after('PING_TIMEOUT', `${ID}.open.inactive`));
    }
    if (s.matches({ open: { active: 'healthy' } })) out.push(after('HEALTH_CHECK', `${ID}.open.active.healthy`));
    if (s.matches({ open: { active: 'pinging' } })) {
      out.push(pong(s.context), after('PING_TIMEOUT', `${ID}.open.active.pinging`));
    }
    if (s.matches('destroyed')) out.push(after('RECONNECT', `${ID}.destroyed`));
    return out;
  },
  provide: {
    // inert: it neither posts nor listens, so only the path drives the machine
    actors: { windowChannel: fromCallback<WindowChannelPost, WindowChannelInput>(() => () => {}) },
  },
  // the ping counter does not change what the machine can do next
  serializeState: serializeWith((s) => [s.context.pingId !== null]),
  states: {
    destroyed: (s) => {
      if (s.children.windowChannel) throw new Error('destroyed, but the window listener still runs');
    },
    open: (s) => {
      if (!s.children.windowChannel) throw new Error('open without the window listener');
    },
  },
};
export default spec;
