/**
 * Company search with autocomplete (spec 1 §2 customer-add modal, §5 autocomplete rule): an ARIA 1.2 combobox
 * with a listbox (max height 240 px). Typing sends customerAdd.search (the machine debounces and looks up);
 * ArrowUp/ArrowDown move, Enter or a click chooses (customerAdd.choose), Escape closes the list.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CustomerAddActor } from '../../../machines/customerAdd.machine';

const NO_SUGGESTIONS: never[] = [];

export function CompanyAutocomplete({ actor, disabled }: { actor: CustomerAddActor; disabled: boolean }) {
  const intl = useIntl();
  const id = useId();
  const listId = `${id}-list`;
  // the company lookup runs while the company is being chosen (machines/companyLookup.machine.ts)
  const lookup = useSelector(actor, (s) => s.children.companyLookup);
  const suggestions = useSelector(lookup, (s) => s?.context.suggestions ?? NO_SUGGESTIONS);
  const showList = useSelector(lookup, (s) => !!s?.matches('showingSuggestions'));
  const notFound = useSelector(lookup, (s) => !!s?.matches('companyNotFound'));
  const loading = useSelector(lookup, (s) => !!s?.matches('lookingUp'));
  const chosenName = useSelector(actor, (s) => s.context.customer?.name ?? null);
  const term = useSelector(actor, (s) => s.context.term);
  const [text, setText] = useState(chosenName || term);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);

  // a chosen company shows its name in the field; new suggestions start with none active and the list open
  const [seen, setSeen] = useState({ chosenName, suggestions });
  if (seen.chosenName !== chosenName || seen.suggestions !== suggestions) {
    setSeen({ chosenName, suggestions });
    if (chosenName && chosenName !== seen.chosenName) setText(chosenName);
    if (suggestions !== seen.suggestions) {
      setActive(-1);
      setDismissed(false);
    }
  }

  const expanded = showList && !dismissed && suggestions.length > 0;
  const choose = (code: string, name: string) => {
    setText(name);
    actor.send({ type: 'customerAdd.choose', code });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && suggestions.length) {
      e.preventDefault();
      setDismissed(false);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      choose(suggestions[active].code, suggestions[active].name);
    } else if (e.key === 'Escape' && expanded) {
      // close the list only; a second Escape reaches the modal
      e.stopPropagation();
      setDismissed(true);
    }
  };

  return (
    <div className="autocomplete">
      <label htmlFor={`${id}-input`}>{intl.formatMessage({ id: 'customer-add.search.label' })}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-describedby={notFound ? `${id}-notfound` : undefined}
        value={text}
        disabled={disabled}
        // the modal shell focuses [autofocus] on open (React's autoFocus sets no attribute)
        ref={(el) => el?.setAttribute('autofocus', '')}
        onChange={(e) => {
          setText(e.target.value);
          actor.send({ type: 'customerAdd.search', term: e.target.value });
        }}
        onKeyDown={onKeyDown}
      />
      {loading && (
        <span className="autocomplete__loading" role="status">
          {intl.formatMessage({ id: 'common.loading' })}
        </span>
      )}
      <ul
        id={listId}
        role="listbox"
        className="autocomplete__list"
        hidden={!expanded}
        aria-label={intl.formatMessage({ id: 'customer-add.search.label' })}
      >
        {suggestions.map((s, i) => (
          <li
            key={s.code}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(s.code, s.name)}
          >
            <span className="autocomplete__name">{s.name}</span> <span className="muted">{s.code}</span>
          </li>
        ))}
      </ul>
      {notFound && (
        <p id={`${id}-notfound`} className="field-error" role="status">
          {intl.formatMessage({ id: 'customer-add.company-not-found' })}
        </p>
      )}
    </div>
  );
}
