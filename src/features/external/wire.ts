/**
 * The external applications' actors (issue 8; spec 1 §4 "Embedded-application channel", "External application flow"):
 * - the frame channel, one long-lived actor (systemId frameChannel) with the browser's window as its wire;
 * - the external application flow with its real effects, of which every external page runs its own actor.
 */
import { createActor, fromPromise } from 'xstate';
import type { RolesAndPackets } from '../../../machines/lib/contract';
import { SYSTEM_ID } from '../../../machines/lib/system-ids';
import { frameChannelMachine, type FrameChannelActor } from '../../../machines/frameChannel.machine';
import { externalApplicationMachine, type FinanceStatus } from '../../../machines/externalApplication.machine';
import { getFinanceStatus } from '../../api/apps/get-finance-status';
import { getRolesAndPackets } from '../../api/roles-and-packets/get-roles-and-packets';
import type { PortalSystem } from '../../app/system';
import { createWindowChannel, type FrameSlot } from './window-channel';

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
        getRolesAndPackets(api, input.application, config.roleRequestTimeout, signal),
      ),
      checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(({ input, signal }) =>
        getFinanceStatus(api, input.customerId, config.roleRequestTimeout, signal),
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
