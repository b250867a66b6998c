/**
 * The browser side of the frame channel (machines/frameConnection.machine.ts `windowChannel`): one window `message`
 * listener while the channel is open, and `postMessage` to the frame. The origin and window checks are the pure
 * `frameMessageToEvent` (domain/external/channel.ts): a message counts only when it comes from the frame's
 * origin and from the frame's own window (spec 1 §4 "Iframe message channel").
 */
import { fromCallback } from 'xstate';
import { frameMessageToEvent } from '../../../domain/external';
import type { FrameInboundEvent } from '../../../domain/external/channel';
import type { WindowChannelInput, WindowChannelPost } from '../../../machines/frameConnection.machine';

/** The iframe the channel talks to: the frame host puts its element here while it is mounted. */
export interface FrameSlot {
  current: HTMLIFrameElement | null;
}

export function createWindowChannel(slot: FrameSlot) {
  return fromCallback<WindowChannelPost, WindowChannelInput>(({ input, sendBack, receive }) => {
    const { frameOrigin } = input;
    const onMessage = (e: MessageEvent) => {
      const event: FrameInboundEvent = frameMessageToEvent(
        { origin: e.origin, source: e.source, data: e.data as unknown },
        { frameOrigin, frameWindow: slot.current?.contentWindow ?? null },
      );
      sendBack(event);
    };
    window.addEventListener('message', onMessage);
    receive((e) => {
      // never '*': a frame that navigated to another origin must not receive what was meant for the application
      slot.current?.contentWindow?.postMessage(e.message, frameOrigin);
    });
    return () => window.removeEventListener('message', onMessage);
  });
}
