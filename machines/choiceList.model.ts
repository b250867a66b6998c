/**
 * Model-based test spec of the list in the represented-choice modal (machines/choiceList.machine.ts) for
 * `npm run test:model`: jaan's 12 parties (two pages), searched and paged.
 */
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import type { RepresentationRight } from '../domain/contract';
import { right, userContext } from '../tests/support/fixtures/shell';
import { choiceView } from '../domain/rights';
import { choiceListMachine } from './choiceList.machine';

/** jaan: his own entry and 11 customers, one of them Kase Trükk OÜ (two pages of 10) */
const JAAN = 'EE37503124229';
const cache: Record<string, RepresentationRight> = { [JAAN]: right(JAAN, 'Jaan Tamm', true) };
for (let i = 0; i < 11; i++) {
  const gid = `EPEE110000${50 + i}`;
  cache[gid] = right(gid, i === 5 ? 'Kase Trükk OÜ' : `Klient ${i} OÜ`, false);
}
const jaan = userContext(
  {},
  { representative: { id: JAAN, firstName: 'Jaan', lastName: 'Tamm' }, representationRightsCache: cache },
);

const spec: MachineModelSpec<typeof choiceListMachine> = {
  name: 'choiceList',
  tester: {
    person: 'jaan (password Tamm12345)',
    address: 'http://localhost:8080/ui/ (the choice of whom to represent shows after signing in)',
    data: 'jaan may represent twelve parties',
  },
  machine: choiceListMachine,
  events: () => [
    { type: 'choice.search', term: 'kase' },
    { type: 'choice.search', term: '' },
    { type: 'choice.page', page: 2, context: jaan },
    { type: 'choice.page', page: 7, context: jaan },
  ],
  serializeState: serializeWith((s) => [s.context.searchTerm, s.context.page]),
  states: {
    // the page shown is always one the rows have
    browsing: (s) => {
      const view = choiceView(jaan.epitPrincipal, s.context.searchTerm, s.context.page);
      if (view.page !== s.context.page) throw new Error(`page ${s.context.page} of ${view.pageCount}`);
    },
  },
};
export default spec;
