/**
 * Company search with autocomplete (spec 1 §2 customer-add modal, §5 autocomplete rule): an ARIA 1.2 combobox
 * with a listbox (max height 240 px). Typing sends customerAdd.search (the machine debounces and looks up);
 * ArrowUp/ArrowDown move, Enter or a click chooses (customerAdd.choose), Escape closes the list.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { CustomerAddActor } from '../../../machines/customerAdd.machine';
import type { CompanyLookupContext } from '../../../machines/companyLookup.machine';
import { Combobox } from '../../ui/Combobox';

const NO_SUGGESTIONS: never[] = [];

export function CompanyAutocomplete({ actor, disabled }: { actor: CustomerAddActor; disabled: boolean }) {
  const intl = useIntl();
  const id = useId();
  // the company lookup runs while the company is being chosen (machines/companyLookup.machine.ts)
  const lookup = useSelector(actor, (s) => s.children.companyLookup);
  const suggestions = useSelector(lookup, (s) =>
    s?.matches('showingSuggestions') ? s.context.suggestions : NO_SUGGESTIONS,
  );
  const notFound = useSelector(lookup, (s) => !!s?.matches('companyNotFound'));
  const loading = useSelector(lookup, (s) => !!s?.matches('lookingUp'));
  const chosenName = useSelector(actor, (s) => s.context.customer?.name ?? null);
  const term = useSelector(actor, (s) => s.context.term);
  const label = intl.formatMessage({ id: 'customer-add.search.label' });

  return (
    <Combobox<CompanyLookupContext['suggestions'][number]>
      className="autocomplete"
      listClassName="autocomplete__list"
      label={label}
      defaultValue={chosenName || term}
      // a chosen company shows its name in the field
      syncValue={chosenName}
      optionText={(s) => s.name}
      // the lookup's answer (also after 'Try again') shows as soon as it arrives
      openOnNewOptions
      onInput={(text) => actor.send({ type: 'customerAdd.search', term: text })}
      options={suggestions}
      optionKey={(s) => s.code}
      renderOption={(s) => (
        <>
          <span className="autocomplete__name">{s.name}</span> <span className="muted">{s.code}</span>
        </>
      )}
      onPick={(s) => actor.send({ type: 'customerAdd.choose', code: s.code })}
      describedBy={notFound ? `${id}-notfound` : undefined}
      disabled={disabled}
      autoFocus
    >
      {loading && (
        <span className="autocomplete__loading" role="status">
          {intl.formatMessage({ id: 'common.loading' })}
        </span>
      )}
      {notFound && (
        <p id={`${id}-notfound`} className="field-error" role="status">
          {intl.formatMessage({ id: 'customer-add.company-not-found' })}
        </p>
      )}
    </Combobox>
  );
}
