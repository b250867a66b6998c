/**
 * The external applications' effects (spec 1 §4 "Embedded-application channel", "External application flow"): the
 * logic the portal's pages machine runs for an external page — the frame channel, with the browser's window as its
 * wire (started with the first external page and kept), and the page's flow with its calls.
 */
import { fromPromise } from 'xstate';
import type { RolesAndPackets } from '../../../domain/contract';
import { applicationFrameMachine } from '../../../machines/applicationFrame.machine';
import { externalApplicationMachine } from '../../../machines/externalApplication.machine';
import { financeCheckMachine, type FinanceStatus } from '../../../machines/financeCheck.machine';
import { frameChannelMachine } from '../../../machines/frameChannel.machine';
import { frameConnectionMachine } from '../../../machines/frameConnection.machine';
import { getFinanceStatus } from '../../api/apps/get-finance-status';
import { getRolesAndPackets } from '../../api/roles-and-packets/get-roles-and-packets';
import type { PortalCore } from '../../app/portal';
import { createWindowChannel, type FrameSlot } from './window-channel';

export interface External {
  /** the portal's end of the message channel to the framed application */
  frameChannelLogic: ReturnType<typeof provideChannel>;
  /** the frame host's iframe is mounted: the channel opens to it; the returned function closes it again */
  attachFrame: (iframe: HTMLIFrameElement, channel: { send(event: FrameAttachEvent): void }) => () => void;
  /** the external application page with the real effects */
  applicationLogic: ReturnType<typeof provideApplication>;
}

function provideChannel(frameSlot: FrameSlot) {
  return frameChannelMachine.provide({
    actors: {
      connection: frameConnectionMachine.provide({ actors: { windowChannel: createWindowChannel(frameSlot) } }),
    },
  });
}

function provideApplication({ api, config }: Pick<PortalCore, 'api' | 'config'>) {
  return externalApplicationMachine.provide({
    actors: {
      applicationFrame: applicationFrameMachine.provide({
        actors: {
          // spec 1 §7: roles-and-packets/clientapp/{app} with the role-request timeout of the configuration
          loadRoleData: fromPromise<RolesAndPackets, { application: string }>(({ input, signal }) =>
            getRolesAndPackets(api, input.application, config.roleRequestTimeout, signal),
          ),
          financeCheck: financeCheckMachine.provide({
            actors: {
              checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(({ input, signal }) =>
                getFinanceStatus(api, input.customerId, config.roleRequestTimeout, signal),
              ),
            },
          }),
        },
      }),
    },
  });
}

type FrameAttachEvent = { type: 'frame.attach'; src: string } | { type: 'frame.detach' };

export function wireExternal(core: Pick<PortalCore, 'api' | 'config'>): External {
  const frameSlot: FrameSlot = { current: null };
  const attachFrame: External['attachFrame'] = (iframe, channel) => {
    frameSlot.current = iframe;
    channel.send({ type: 'frame.attach', src: iframe.src });
    return () => {
      if (frameSlot.current !== iframe) return;
      frameSlot.current = null;
      channel.send({ type: 'frame.detach' });
    };
  };
  return {
    frameChannelLogic: provideChannel(frameSlot),
    attachFrame,
    applicationLogic: provideApplication(core),
  };
}
