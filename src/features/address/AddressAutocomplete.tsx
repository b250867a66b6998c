/**
 * Address picked from the address register (spec 2 §3 "Address as shown", §5: for EE an address must be picked from
 * the register to get a padreId). An ARIA 1.2 combobox over GET /api/address/search (machines/lib/address.ts):
 * typing searches after a short pause (at least 2 characters), ArrowUp/ArrowDown move, Enter or a click picks,
 * Escape closes the list. Typing after a pick drops the padreId (the caller blanks the full name on save).
 * Reused by issue 10 for the legal and contact addresses.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ADDRESS_QUERY_MIN, type AddressSuggestion } from '../../../machines/lib/address';
import { usePortal } from '../../app/PortalContext';
import { addressSearchQuery } from '../../api/address/search-addresses';
import './address.css';

/** ms of quiet typing before the register is asked */
const TYPING_PAUSE = 250;

export interface AddressAutocompleteProps {
  /** the text in the field: the picked address's full name, or what was typed */
  text: string;
  /** the field holds a picked register address (it has a padreId) */
  picked: boolean;
  label: string;
  /** the text was typed: the address is no longer the picked one */
  onType: (text: string) => void;
  onPick: (address: AddressSuggestion) => void;
  disabled?: boolean;
  /** an error message shown under the field */
  error?: string | null;
  /** data-testid of the input */
  testId?: string;
}

export function AddressAutocomplete({
  text,
  picked,
  label,
  onType,
  onPick,
  disabled,
  error,
  testId,
}: AddressAutocompleteProps) {
  const intl = useIntl();
  const { api } = usePortal();
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);

  // the register is asked once the person stops typing
  useEffect(() => {
    if (picked) return;
    const t = setTimeout(() => setTerm(text.trim()), TYPING_PAUSE);
    return () => clearTimeout(t);
  }, [text, picked]);

  const enabled = !picked && term.length >= ADDRESS_QUERY_MIN;
  const search = useQuery({ ...addressSearchQuery(api, term), enabled });
  // only suggestions for what the field holds now: during the typing pause the last term's list would offer
  // addresses for the text before the last keystrokes (a quick Enter picked one of those)
  const settled = term === text.trim();
  const suggestions = enabled && settled ? (search.data ?? []) : [];
  const expanded = open && suggestions.length > 0;

  const pick = (a: AddressSuggestion) => {
    setOpen(false);
    setActive(-1);
    onPick(a);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && suggestions.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      const a = suggestions[active];
      if (a) pick(a);
    } else if (e.key === 'Escape' && expanded) {
      e.stopPropagation();
      setOpen(false);
    }
  };

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="address-ac">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        value={text}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          setOpen(true);
          setActive(-1);
          onType(e.target.value);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {enabled && search.isFetching && (
        <span className="address-ac__loading" role="status">
          {intl.formatMessage({ id: 'common.loading' })}
        </span>
      )}
      <ul id={listId} role="listbox" className="address-ac__list" hidden={!expanded} aria-label={label}>
        {suggestions.map((a, i) => (
          <li
            key={a.padreId}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(a)}
          >
            {a.padreFullName}
          </li>
        ))}
      </ul>
      <p id={hintId} className="muted address-ac__hint">
        {intl.formatMessage({ id: picked ? 'address.picked' : 'address.hint' })}
      </p>
      {enabled && settled && search.isSuccess && suggestions.length === 0 && (
        <p className="muted" role="status">
          {intl.formatMessage({ id: 'address.none' })}
        </p>
      )}
      {enabled && search.isError && (
        <p className="field-error" role="alert">
          {intl.formatMessage({ id: 'error.client' })}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
