/**
 * Model-based test spec of the company field (machines/companyLookup.machine.ts) for `npm run test:model`.
 *
 * The requests are inert fakes: the path's `xstate.done.actor.*` / `xstate.error.actor.*` events stand for the
 * business register's answers, `xstate.after.AUTOCOMPLETE_DEBOUNCE.*` for the pause in typing. The lookup opens with
 * what was typed before; typing again (or emptying the field) is possible in every state.
 *
 * serializeState keeps whether the field is empty (the guards read it), and adds the event and the previous state,
 * so every transition leads to its own vertex.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { companyLookupMachine } from './companyLookup.machine';
import { testfirma } from '../tests/support/fixtures/customer-add';
import type { MachineModelSpec } from '../tests/support/model/model-spec';

type LookupSnapshot = SnapshotFrom<typeof companyLookupMachine>;
type Spec = MachineModelSpec<typeof companyLookupMachine>;
/** a model event: a type plus its payload */
type Ev = EventObject & Record<string, unknown>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('network') });
const type = (term: string) => ({ type: 'lookup.type', term });

function events(s: LookupSnapshot): Ev[] {
  if (s.matches('chosen')) return [];
  const typing = [type('Testfirma'), type('')];
  if (s.matches('typing')) return [{ type: 'xstate.after.AUTOCOMPLETE_DEBOUNCE.companyLookup.typing' }, ...typing];
  if (s.matches('lookingUp'))
    return [
      done('findCompanies', [{ name: 'Testfirma OÜ', code: '11000109' }]),
      done('findCompanies', []),
      fail('findCompanies'),
    ];
  if (s.matches('showingSuggestions')) return [{ type: 'lookup.choose', code: '11000109' }, ...typing];
  if (s.matches('lookupFailed')) return [{ type: 'lookup.retry' }, ...typing];
  if (s.matches('loadingCompany'))
    return [
      done('loadCustomer', testfirma),
      fail('loadCustomer'),
      { type: 'xstate.error.actor.loadCustomer', error: { status: 404, code: 'NOT_FOUND' } },
      ...typing,
    ];
  return typing;
}

const serializeState = (s: LookupSnapshot, event?: EventObject, prev?: LookupSnapshot): string =>
  JSON.stringify([
    s.value,
    s.context.term.trim() === '',
    s.context.notice?.key ?? null,
    event?.type ?? null,
    prev ? prev.value : null,
  ]);

const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: Spec = {
  name: 'companyLookup',
  tester: {
    person: 'mary (password Suslik123)',
    address:
      "http://localhost:8080/ui/; after signing in, 'Create new business customer contract' in the choice 'Choose, whose main page You want to enter' (or 'Add a new business customer contract' on the main page)",
    data: 'type “Testfirma” to find Testfirma OÜ (11000109)',
  },
  machine: companyLookupMachine,
  input: { term: 'Testfirma' },
  events,
  serializeState,
  provide: { actors: { findCompanies: inertRequest(), loadCustomer: inertRequest() } },
  states: {
    lookingUp: (s) => {
      if (!s.hasTag('loading') || s.context.term.trim() === '') throw new Error('only a typed text is looked up');
    },
    companyNotFound: (s) => {
      if (s.context.suggestions.length) throw new Error("'Company not found' shows no list");
    },
    lookupFailed: (s) => {
      if (s.context.notice?.key !== 'error.client' || !s.context.term)
        throw new Error('the error shows, the text stays');
    },
    chosen: (s) => {
      if (s.output?.regCode !== testfirma.regCode) throw new Error('the loaded company is the output');
    },
  },
};

export default spec;
