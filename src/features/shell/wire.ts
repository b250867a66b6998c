/**
 * The shell machines' effects (spec 1 §2, §4): the represented choice and change call context/changeRepresented, the
 * dead-application poll calls context/checkDeadApplications, the represented details context/representedDetails. The portal machine runs them (src/app/system.ts) and
 * passes what they decide to the other actors.
 */
import { fromPromise } from 'xstate';
import type { UserContext } from '../../../domain/contract';
import { deadApplicationPollMachine } from '../../../machines/deadApplicationPoll.machine';
import { representedChangeMachine } from '../../../machines/representedChange.machine';
import { representedChoiceMachine } from '../../../machines/representedChoice.machine';
import { representedDetailsMachine } from '../../../machines/representedDetails.machine';
import { changeRepresented as changeRepresentedCall } from '../../api/context/change-represented';
import { checkDeadApplications as checkDeadApplicationsCall } from '../../api/context/check-dead-applications';
import { fetchRepresentedDetails } from '../../api/context/get-represented-details';
import type { QueryDeps } from '../../api/invalidate';

export function shellEffects(deps: QueryDeps) {
  // GET context/changeRepresented/{gid}: shared by the choice modal and the header/panel switch
  const changeRepresented = fromPromise<UserContext, { gid: string }>(({ input, signal }) =>
    changeRepresentedCall(deps, input.gid, signal),
  );
  const checkDeadApplications = fromPromise<UserContext | null>(({ signal }) =>
    checkDeadApplicationsCall(deps, signal),
  );
  return {
    representedChoice: representedChoiceMachine.provide({ actors: { changeRepresented } }),
    representedChange: representedChangeMachine.provide({ actors: { changeRepresented } }),
    deadApplicationPoll: deadApplicationPollMachine.provide({ actors: { checkDeadApplications } }),
    representedDetails: representedDetailsMachine.provide({
      actors: { fetchRepresentedDetails: fromPromise(({ input }) => fetchRepresentedDetails(deps, input.gid)) },
    }),
  };
}
