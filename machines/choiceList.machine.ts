/**
 * The list of parties in the represented-choice modal (spec 1 §2 "Represented-choice modal": a search box when the
 * person may represent more than 10 parties, pages of 10), a child the represented choice invokes while the modal is
 * open: a modal opened again starts from the first page of the whole list.
 *
 * It keeps what the person searched for and which page they see; the rows themselves are derived from the session's
 * user context (lib/rights `choiceView`), so a page beyond the last is clamped with the context the event carries.
 * It decides nothing for the other actors and reports nothing.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { UserContext } from '../domain/contract';
import { choiceView } from '../domain/rights';

export interface ChoiceListContext {
  searchTerm: string;
  /** zero-based */
  page: number;
}

export type ChoiceListEvent =
  | { type: 'choice.search'; term: string }
  /** `context`: the session's user context when the page was turned (the rows it has) */
  | { type: 'choice.page'; page: number; context: UserContext };

type Ev<T extends ChoiceListEvent['type']> = { event: Extract<ChoiceListEvent, { type: T }> };

export const choiceListMachine = setup({
  types: {
    context: {} as ChoiceListContext,
    events: {} as ChoiceListEvent,
  },
  actions: {
    search: assign((_, p: { term: string }) => ({ searchTerm: p.term, page: 1 })),
    turnPage: assign(({ context }, p: { page: number; context: UserContext }) => ({
      page: choiceView(p.context.epitPrincipal, context.searchTerm, p.page).page,
    })),
  },
}).createMachine({
  id: 'choiceList',
  description:
    'The parties in the choice of whom to represent: the person searches them by name or code and turns the pages, 10 to a page.',
  context: { searchTerm: '', page: 1 },
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The list shows one page of the parties that match the search (all of them without one).',
      on: {
        'choice.search': {
          actions: { type: 'search', params: ({ event }: Ev<'choice.search'>) => ({ term: event.term }) },
          description: 'Types in the search box: the list shows the matching parties from the first page',
        },
        'choice.page': {
          actions: {
            type: 'turnPage',
            params: ({ event }: Ev<'choice.page'>) => ({ page: event.page, context: event.context }),
          },
          description: 'Turns to another page of the list (at most the last one)',
        },
      },
    },
  },
});

export type ChoiceListActor = ActorRefFrom<typeof choiceListMachine>;

/** The list of an open choice (the represented choice's `list` child), for views and tests; none while it is closed. */
export function choiceListOf(snapshot: { children: Record<string, unknown> }): ChoiceListActor | undefined {
  return snapshot.children.list as ChoiceListActor | undefined;
}
