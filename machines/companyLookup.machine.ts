/**
 * The company field of the customer-add modal (spec 1 §4 customer-add steps 1–3, §5 "Company autocomplete", §7
 * customer-add/find and customer-add/get): the person types a name or registry code; after a pause the business
 * register is searched; the person picks a company from the list and its details load (registry code, address,
 * contract, whether the person is its main administrator). The loaded company is the machine's output.
 *
 * Invoked by the customer-add flow (machines/customerAdd.machine.ts) while the company is being chosen, which hands it
 * the typing (`lookup.type`), the pick (`lookup.choose`) and Try again (`lookup.retry`). Effects are actors whose
 * defaults throw; src/features/customer-add/wire.ts provides them.
 */
import { assign, setup } from 'xstate';
import type { z } from 'zod/mini';
import type { AutocompleteItem as AutocompleteItemSchema, CustomerAddGet } from '../domain/contract';
import * as rules from '../domain/customer-add/rules';
import { MESSAGE } from '../domain/customer-add/rules';
import { notProvided } from '../domain/not-provided';

/** The autocomplete waits for a pause in typing (value not in the spec). */
export const AUTOCOMPLETE_DEBOUNCE = 300;

type AutocompleteItem = z.infer<typeof AutocompleteItemSchema>;

export interface CompanyLookupContext {
  term: string;
  suggestions: AutocompleteItem[];
  /** the company picked, whose details load */
  code: string | null;
  /** why the last request failed (an i18n key), shown under the field; the typed text stays */
  notice: rules.MessageRef | null;
  /** the picked company's details, once loaded */
  company: CustomerAddGet | null;
}

export type CompanyLookupEvent =
  { type: 'lookup.type'; term: string } | { type: 'lookup.choose'; code: string } | { type: 'lookup.retry' };

export const companyLookupMachine = setup({
  types: {
    context: {} as CompanyLookupContext,
    events: {} as CompanyLookupEvent,
    input: {} as { term: string },
    output: {} as CustomerAddGet,
  },
  actors: {
    /** GET customer-add/find?term= → AutocompleteItem[] */
    findCompanies: notProvided<AutocompleteItem[], { term: string }>('findCompanies'),
    /** GET customer-add/get/{code} → CustomerAddGet */
    loadCustomer: notProvided<CustomerAddGet, { code: string }>('loadCustomer'),
  },
  delays: { AUTOCOMPLETE_DEBOUNCE },
  guards: {
    hasSearchTerm: ({ context }) => context.term.trim().length > 0,
    isAutocompleteEmpty: ({ context }, p: { results: unknown[] }) => rules.isAutocompleteEmpty(context.term, p.results),
    isNotFound: (_, p: { error: unknown }) => rules.isNotFoundError(p.error),
  },
  actions: {
    setTerm: assign((_, p: { term: string }) => ({ term: p.term, suggestions: [], notice: null })),
    setSuggestions: assign((_, p: { suggestions: AutocompleteItem[] }) => ({ suggestions: p.suggestions })),
    setCode: assign((_, p: { code: string }) => ({ code: p.code, notice: null })),
    setNotice: assign((_, p: { key: string }) => ({ notice: { key: p.key } })),
    setCompany: assign((_, p: { company: CustomerAddGet }) => p),
    forgetNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'companyLookup',
  description: 'The person finds the company in the business register and picks it; its details load.',
  context: ({ input }) => ({ term: input.term, suggestions: [], code: null, notice: null, company: null }),
  // what was typed before (an empty field finds nothing) is looked up after the same pause as typing
  initial: 'typing',
  on: {
    'lookup.type': {
      target: '.typing',
      reenter: true,
      actions: { type: 'setTerm', params: ({ event }) => event },
      description: 'Types in the company field',
    },
  },
  states: {
    waitingForInput: { description: 'The company field waits for the person to type.' },
    typing: {
      description:
        'The person is typing (or the field shows what was typed before); the portal waits for a pause before looking up.',
      after: {
        AUTOCOMPLETE_DEBOUNCE: [
          {
            guard: 'hasSearchTerm',
            target: 'lookingUp',
            description: 'After a 0.3 second pause in typing, if the field is not empty',
          },
          { target: 'waitingForInput', description: 'After a 0.3 second pause, if the field was emptied' },
        ],
      },
    },
    lookingUp: {
      tags: ['loading'],
      description: 'The business register is searched for the typed name or code.',
      invoke: {
        id: 'findCompanies',
        src: 'findCompanies',
        input: ({ context }) => ({ term: context.term.trim() }),
        onDone: [
          {
            guard: { type: 'isAutocompleteEmpty', params: ({ event }) => ({ results: event.output }) },
            target: 'companyNotFound',
            description: 'The business register finds nothing, and the typed text is not a registry code',
          },
          {
            target: 'showingSuggestions',
            actions: { type: 'setSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
            description: 'The business register finds companies (or the typed text is a registry code)',
          },
        ],
        onError: {
          target: 'lookupFailed',
          actions: { type: 'setNotice', params: { key: MESSAGE.clientError } },
          description: 'The business register does not answer',
        },
      },
    },
    showingSuggestions: {
      description: 'The company list is shown under the field; the person picks a company.',
      on: {
        'lookup.choose': {
          target: 'loadingCompany',
          actions: { type: 'setCode', params: ({ event }) => event },
          description: 'Picks a company from the list',
        },
      },
    },
    companyNotFound: {
      // spec 1 §5: no results and the term is not a 1–7 digit number
      description: "'Company not found' shows under the field.",
    },
    lookupFailed: {
      description: 'An error shows under the field and the typed text stays; typing again or retrying searches again.',
      on: {
        'lookup.retry': {
          target: 'lookingUp',
          actions: 'forgetNotice',
          description: 'Clicks Try again: the same text is searched again',
        },
      },
    },
    loadingCompany: {
      description: 'The portal loads the chosen company: its registry code, address and contract.',
      tags: ['loading'],
      invoke: {
        id: 'loadCustomer',
        src: 'loadCustomer',
        input: ({ context }) => ({ code: context.code ?? '' }),
        onDone: {
          target: 'chosen',
          actions: { type: 'setCompany', params: ({ event }) => ({ company: event.output }) },
          description: 'The server answers with the company',
        },
        onError: [
          {
            // spec 1 §8 "Not found company": the register no longer has the company the list offered
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'showingSuggestions',
            actions: { type: 'setNotice', params: { key: MESSAGE.notFoundLong } },
            description: "The company is not found: 'Could not find a matching company.' shows and the list stays",
          },
          {
            target: 'showingSuggestions',
            actions: { type: 'setNotice', params: { key: MESSAGE.serverError } },
            description: 'The server does not answer: an error shows and the company list stays',
          },
        ],
      },
    },
    chosen: {
      type: 'final',
      description: 'The company is chosen and loaded.',
    },
  },
  // only final once the company has loaded
  output: ({ context }) => context.company!,
});
