/**
 * The shell's actors (spec 1 §2, §4) and how they talk to the rest of the portal: the represented choice and change,
 * the dead-application poll, the side panel and the modal system. Machines never reach into each other; what they
 * emit (machines/lib/shell-events.ts) is forwarded here.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { z } from 'zod/mini';
import { UserContext } from '../../../machines/lib/contract';
import { SYSTEM_ID } from '../../../machines/lib/system-ids';
import { isAxaptaDead } from '../../../machines/lib/rights';
import type { ContextReplaced, NavigationRequested, RepresenteeChange } from '../../../machines/lib/shell-events';
import { representedChoiceMachine } from '../../../machines/representedChoice.machine';
import { representedChangeMachine } from '../../../machines/representedChange.machine';
import { deadApplicationPollMachine } from '../../../machines/deadApplicationPoll.machine';
import { sidePanelMachine } from '../../../machines/sidePanel.machine';
import { modalMachine } from '../../../machines/modal.machine';
import type { PortalSystem } from '../../app/system';
import { changeRepresented as changeRepresentedCall } from '../../api/context/change-represented';
import { checkDeadApplications as checkDeadApplicationsCall } from '../../api/context/check-dead-applications';
import { CUSTOMER_ADD_COMPONENT, requestCustomerAdd } from '../../app/customer-add-modal';

export interface Shell {
  representedChoice: ActorRefFrom<typeof representedChoiceMachine>;
  representedChange: ActorRefFrom<typeof representedChangeMachine>;
  deadApplicationPoll: ActorRefFrom<typeof deadApplicationPollMachine>;
  sidePanel: ActorRefFrom<typeof sidePanelMachine>;
  modals: ActorRefFrom<typeof modalMachine>;
  /**
   * The router calls this once a route is on screen (post-navigate). The first time a signed-in session gets there,
   * the choice machine hears `session.signedIn` with the path, URL parameters and domain.
   */
  routeResolved: (route: ResolvedRoute) => void;
  /**
   * Changes the represented party through the representedChange actor as a caller that awaits the result (no
   * follow-up navigation): resolves once the new context is handed on, rejects when the change fails.
   */
  switchRepresented: (gid: string) => Promise<void>;
}

interface ResolvedRoute {
  /** the in-app href (below the base) */
  path: string;
  params: Partial<Record<string, string>>;
  /** the `application` search parameter (validated by the root route) */
  application?: string;
}

/** What the customer-add content hands to `modal.close`: whether it created something, and the reloaded context. */
const CustomerAddResult = z.object({
  created: z.catch(z.boolean(), false),
  context: z.catch(z.nullish(UserContext), null),
});

export function wireShell(system: PortalSystem): Shell {
  const { session, inspect } = system;
  // shared by the choice modal and the header/panel switch
  const changeRepresented = fromPromise<UserContext, { gid: string }>(({ input, signal }) =>
    changeRepresentedCall(system, input.gid, signal),
  );
  const checkDeadApplications = fromPromise<UserContext | null>(({ signal }) =>
    checkDeadApplicationsCall(system, signal),
  );
  const shell = {
    representedChoice: createActor(representedChoiceMachine.provide({ actors: { changeRepresented } }), {
      systemId: SYSTEM_ID.representedChoice,
      inspect,
    }),
    representedChange: createActor(representedChangeMachine.provide({ actors: { changeRepresented } }), {
      systemId: SYSTEM_ID.representedChange,
      inspect,
    }),
    deadApplicationPoll: createActor(deadApplicationPollMachine.provide({ actors: { checkDeadApplications } }), {
      systemId: SYSTEM_ID.deadApplicationPoll,
      inspect,
    }),
    sidePanel: createActor(sidePanelMachine, { systemId: SYSTEM_ID.sidePanel, inspect }),
    modals: createActor(modalMachine, { systemId: SYSTEM_ID.modals, inspect }),
  };
  forwardContextChanges(system, shell);
  wireChoice(system, shell);
  wireSessionEnd(system, shell);
  return {
    ...shell,
    switchRepresented: switchRepresentedWith(shell.representedChange),
    routeResolved: ({ path, params, application }) => {
      const s = session.getSnapshot();
      const context = s.context.userContext;
      // announced once per sign-in: the choice machine leaves signedOut on the first session.signedIn
      if (!s.matches('signedIn') || !context || !shell.representedChoice.getSnapshot().matches('signedOut')) return;
      shell.representedChoice.send({
        type: 'session.signedIn',
        context,
        path,
        params: { modalName: params.modalName ?? null, application: application ?? params.application ?? null },
        domain: s.context.domain,
      });
    },
  };
}

type ShellActors = Omit<Shell, 'routeResolved' | 'switchRepresented'>;

function switchRepresentedWith(representedChange: Shell['representedChange']) {
  return (gid: string) =>
    new Promise<void>((resolve, reject) => {
      const subs = [
        representedChange.on('represented.changed', () => (subs.forEach((s) => s.unsubscribe()), resolve())),
        representedChange.on(
          'represented.changeFailed',
          () => (subs.forEach((s) => s.unsubscribe()), reject(new Error(`represented change to ${gid} failed`))),
        ),
      ];
      representedChange.send({ type: 'represented.change', gid, awaitsResult: true });
    });
}

/** context.replaced, REPRESENTEE-CHANGE, navigation.requested, menu.reselect and warnings of the three changers. */
function forwardContextChanges(system: PortalSystem, shell: ShellActors) {
  const { session, navigator, showToast, logWarning } = system;
  const { representedChoice, representedChange, deadApplicationPoll, sidePanel } = shell;
  const contextReplaced = (e: ContextReplaced) => {
    const wasDead = isAxaptaDead(session.getSnapshot().context.userContext);
    session.send({ type: 'session.contextReplaced', userContext: e.context });
    // the poll saw the back office die: say so once (the inline notice stays while it is dead)
    if (e.cause === 'SC' && !wasDead && isAxaptaDead(e.context))
      showToast({ toastType: 'error', messageKey: 'error.axapta.dead' });
  };
  // spec 1 §4: external application pages listen to this DOM event and reload their role data (the queries the
  // change affects were invalidated by the call that made it: api/context/change-represented, check-dead-applications)
  const representeeChange = (e: RepresenteeChange) =>
    window.dispatchEvent(new CustomEvent('REPRESENTEE-CHANGE', { detail: { cause: e.cause } }));
  const navigate = (e: NavigationRequested) => navigator.navigateTo(e.target);
  const reselect = () => sidePanel.send({ type: 'represented.changed' });
  representedChoice.on('context.replaced', contextReplaced);
  representedChoice.on('REPRESENTEE-CHANGE', representeeChange);
  representedChoice.on('navigation.requested', navigate);
  representedChoice.on('menu.reselect', reselect);
  representedChoice.on('warning', logWarning);
  representedChange.on('context.replaced', contextReplaced);
  representedChange.on('REPRESENTEE-CHANGE', representeeChange);
  representedChange.on('navigation.requested', navigate);
  representedChange.on('menu.reselect', reselect);
  representedChange.on('warning', logWarning);
  deadApplicationPoll.on('context.replaced', contextReplaced);
  deadApplicationPoll.on('REPRESENTEE-CHANGE', representeeChange);
  deadApplicationPoll.on('warning', logWarning);
}

/** The choice modal ⇄ customer-add (spec 1 §4 "Picking in the choice modal": after creating a contract). */
function wireChoice(system: PortalSystem, { representedChoice, modals }: ShellActors) {
  const { session, showToast } = system;
  representedChoice.on('toast.show', (e) => showToast(e.toast));
  representedChoice.on('customerAdd.requested', () => requestCustomerAdd(modals));
  // the customer-add content may close with { created, context } (the reloaded user context): the session adopts it
  modals.on('modal.closed', (e) => {
    if (e.component !== CUSTOMER_ADD_COMPONENT) return;
    const result = CustomerAddResult.safeParse(e.result ?? {});
    const { created, context } = result.success ? result.data : { created: false, context: null };
    if (context) session.send({ type: 'session.contextReplaced', userContext: context });
    const current = session.getSnapshot().context.userContext;
    if (current) representedChoice.send({ type: 'customerAdd.closed', created, context: current });
  });
}

/** Sign-in starts the poll at once; the end of the session stops it, resets the choice and closes the modals. */
function wireSessionEnd(
  system: PortalSystem,
  { representedChoice, deadApplicationPoll, sidePanel, modals }: ShellActors,
) {
  const { session } = system;
  const signedOut = () => {
    deadApplicationPoll.send({ type: 'poll.stop' });
    representedChoice.send({ type: 'session.signedOut' });
  };
  session.on('session.languageChanged', () =>
    sidePanel.send({ type: 'language.changed', signedIn: session.getSnapshot().hasTag('signedIn') }),
  );
  session.on('session.loggedOut', () => {
    signedOut();
    modals.send({ type: 'modal.closeAll' });
  });
  session.subscribe((s) => {
    const polling = deadApplicationPoll.getSnapshot().hasTag('polling');
    if (s.matches('signedIn') && !polling) deadApplicationPoll.send({ type: 'poll.start' });
    // the session ended without a logout (e.g. the context now has no principal)
    if (!s.matches('signedIn') && !s.matches('loggingOut') && polling) signedOut();
  });
}
