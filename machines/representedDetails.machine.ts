/**
 * The represented party's details (spec 1 §4 "Context changes": "for a non-person represented party without
 * details, the details are fetched unless AXAPTA is marked dead"; §3 "Represented details").
 *
 * The root invokes it while someone is signed in and passes it every user context the session settles on
 * (`session.signedIn`, again after each change of the represented party, a pick, an added customer or a refresh by
 * the dead-application poll). When the represented party is a business without details and AXAPTA is not marked
 * dead, it fetches them (GET context/representedDetails) and reports the context with them merged in
 * (`context.replaced`), which the root hands on to the session: so the header (customer type, credit), the user menu
 * and the client-manager block show them on every page, not only on the dashboard. A context that already carries
 * details, a person, no party or a dead AXAPTA asks nothing. A failed fetch is only logged (spec 1 §8: failed loads
 * are only logged). A newer context while a fetch runs starts over with it, so details never land on another party.
 *
 * systemId: SYSTEM_ID.representedDetails.
 */
import { assign, setup } from 'xstate';
import type { Domain, RepresentedDetails, UserContext } from '../domain/contract';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import { isAxaptaDead } from '../domain/rights';
import type { ContextReplaced, Warning } from '../domain/shell-events';

export interface RepresentedDetailsInput {
  userContext: UserContext;
}

export interface RepresentedDetailsContext {
  /** the context the session settled on last */
  userContext: UserContext;
}

export type RepresentedDetailsEvent = { type: 'session.signedIn'; userContext: UserContext; domain: Domain };

export type RepresentedDetailsEmitted = ContextReplaced | Warning;

/** The gid of a business party whose details must be fetched, else null (spec 1 §4 "Context changes"). */
export function partyLackingDetails(ctx: UserContext): string | null {
  const represented = ctx.epitPrincipal?.represented;
  if (!represented || represented.isPerson || represented.details !== null || isAxaptaDead(ctx)) return null;
  return represented.gid;
}

/** The context with the represented party's details merged in. */
export function withDetails(ctx: UserContext, details: RepresentedDetails): UserContext {
  const principal = ctx.epitPrincipal!;
  return { ...ctx, epitPrincipal: { ...principal, represented: { ...principal.represented!, details } } };
}

const tell = reporter<RepresentedDetailsContext, RepresentedDetailsEvent, RepresentedDetailsEmitted>();

export const representedDetailsMachine = setup({
  types: {
    context: {} as RepresentedDetailsContext,
    events: {} as RepresentedDetailsEvent,
    input: {} as RepresentedDetailsInput,
    emitted: {} as RepresentedDetailsEmitted,
  },
  actors: {
    /** GET context/representedDetails (the session's represented party); output: its details, or null */
    fetchRepresentedDetails: notProvided<RepresentedDetails | null, { gid: string }>('fetchRepresentedDetails'),
  },
  guards: {
    lacksDetails: ({ context }) => partyLackingDetails(context.userContext) !== null,
    gotDetails: (_, { details }: { details: RepresentedDetails | null }) => details !== null,
  },
  actions: {
    remember: assign((_, { userContext }: { userContext: UserContext }) => ({ userContext })),
    handOnDetails: tell(({ context }, { details }: { details: RepresentedDetails | null }) => ({
      type: 'context.replaced' as const,
      // only taken when gotDetails held
      context: withDetails(context.userContext, details!),
      cause: 'RC' as const,
    })),
    warnFetchFailed: tell((_, { error }: { error: unknown }) => ({
      type: 'warning' as const,
      code: 'representedDetails.failed',
      detail: error,
    })),
  },
}).createMachine({
  id: 'representedDetails',
  description:
    'While someone is signed in, the portal makes sure a business party they act for shows its details (customer type, credit, client manager) on every page.',
  context: ({ input }) => ({ userContext: input.userContext }),
  initial: 'checking',
  on: {
    'session.signedIn': {
      target: '.checking',
      reenter: true,
      actions: { type: 'remember', params: ({ event }) => event },
      description: "The person's context changed (another party, an added customer, a refresh): the portal looks again",
    },
  },
  states: {
    checking: {
      description: 'The portal looks whether the party the person acts for lacks its details.',
      always: [
        {
          guard: 'lacksDetails',
          target: 'fetching',
          description: 'A business party without details, and the back office is up: its details are asked for',
        },
        { target: 'settled', description: 'A person, no party, details already there, or the back office down' },
      ],
    },
    fetching: {
      tags: ['busy'],
      description: "The portal asks the back office for the business party's details.",
      invoke: {
        id: 'fetchRepresentedDetails',
        src: 'fetchRepresentedDetails',
        input: ({ context }) => ({ gid: partyLackingDetails(context.userContext)! }),
        onDone: [
          {
            guard: { type: 'gotDetails', params: ({ event }) => ({ details: event.output }) },
            target: 'settled',
            actions: { type: 'handOnDetails', params: ({ event }) => ({ details: event.output }) },
            description: 'The details arrive: the header, the user menu and the client manager show them',
          },
          { target: 'settled', description: 'The back office knows no details of the party' },
        ],
        onError: {
          target: 'settled',
          actions: { type: 'warnFetchFailed', params: ({ event }) => ({ error: event.error }) },
          description: 'The details cannot be loaded: the portal notes it and shows the party without them',
        },
      },
    },
    settled: {
      description: 'The party shows what is known of it; nothing is being asked.',
    },
  },
});
