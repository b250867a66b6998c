/**
 * The external applications' actors (issue 8; spec 1 §4 "Embedded-application channel", "External application flow"):
 * - the frame channel, one long-lived actor (systemId frameChannel) with the browser's window as its wire;
 * - the external application flow with its real effects, of which every external page runs its own actor.
 */
import { createActor, fromPromise } from 'xstate';
import { z } from 'zod/mini';
import { RolesAndPackets } from '../../../machines/lib/contract';
import { SYSTEM_ID } from '../../../machines/lib/system-ids';
import { frameChannelMachine, type FrameChannelActor } from '../../../machines/frameChannel.machine';
import { externalApplicationMachine, type FinanceStatus } from '../../../machines/externalApplication.machine';
import type { PortalSystem } from '../../app/system';
import { createWindowChannel, type FrameSlot } from './window-channel';

/** GET apps/finance/status: the finance special status of the represented customer (null: none). */
const FinanceStatusAnswer = z.object({ status: z.nullable(z.string()) });

export interface External {
  /** the portal's end of the message channel to the framed application */
  frameChannel: FrameChannelActor;
  /** the iframe the channel talks to (its element, while one is mounted) */
  frameSlot: Readonly<FrameSlot>;
  /** the frame host's iframe is mounted: the channel opens to it; the returned function closes it again */
  attachFrame: (iframe: HTMLIFrameElement) => () => void;
  /** the external application flow with the real effects: one actor per external page */
  applicationLogic: ReturnType<typeof provideApplication>;
}

function provideApplication({ api, config }: PortalSystem) {
  return externalApplicationMachine.provide({
    actors: {
      // spec 1 §7: roles-and-packets/clientapp/{app} with the role-request timeout of the configuration
      loadRoleData: fromPromise<RolesAndPackets, { application: string }>(({ input, signal }) =>
        api.get(`roles-and-packets/clientapp/${encodeURIComponent(input.application)}`, RolesAndPackets, {
          signal,
          timeout: config.roleRequestTimeout,
        }),
      ),
      checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(({ input, signal }) =>
        api.get('apps/finance/status', FinanceStatusAnswer, {
          signal,
          timeout: config.roleRequestTimeout,
          query: { customerId: input.customerId || undefined },
        }),
      ),
    },
  });
}

export function wireExternal(system: PortalSystem): External {
  const frameSlot: FrameSlot = { current: null };
  const frameChannel = createActor(
    frameChannelMachine.provide({ actors: { windowChannel: createWindowChannel(frameSlot) } }),
    { systemId: SYSTEM_ID.frameChannel, inspect: system.inspect },
  );
  // spec 1 §8 / issue 8: a message from anywhere but the frame is ignored; a development build says so
  if (import.meta.env.DEV)
    frameChannel.on('message.rejected', (e) => console.debug('frame channel: message ignored', e.reason, e.origin));
  frameChannel.start();
  const attachFrame = (iframe: HTMLIFrameElement) => {
    frameSlot.current = iframe;
    frameChannel.send({ type: 'frame.attach', src: iframe.src });
    return () => {
      if (frameSlot.current !== iframe) return;
      frameSlot.current = null;
      frameChannel.send({ type: 'frame.detach' });
    };
  };
  return { frameChannel, frameSlot, attachFrame, applicationLogic: provideApplication(system) };
}
