/**
 * Address picked from the address register (spec 2 §3 "Address as shown", §5: for EE an address must be picked from
 * the register to get a padreId). The portal's combobox (src/ui/Combobox.tsx) over GET /api/address/search
 * (domain/address.ts): typing searches after a short pause (at least 2 characters). Typing after a pick drops the padreId (the caller blanks the full name on save).
 * Business customer settings use it for the legal and contact addresses too.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ADDRESS_QUERY_MIN, type AddressSuggestion } from '../../../domain/address';
import { usePortal } from '../../app/PortalContext';
import { Combobox } from '../../ui/Combobox';
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

const NO_SUGGESTIONS: AddressSuggestion[] = [];

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
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [term, setTerm] = useState('');
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // the register is asked once the person stops typing: each keystroke starts the pause again
  const type = (typed: string) => {
    onType(typed);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => setTerm(typed.trim()), TYPING_PAUSE);
  };
  const pick = (address: AddressSuggestion) => {
    clearTimeout(pause.current);
    onPick(address);
  };

  const enabled = !picked && term.length >= ADDRESS_QUERY_MIN;
  const search = useQuery({ ...addressSearchQuery(api, term), enabled });
  // only suggestions for what the field holds now: during the typing pause the last term's list would offer
  // addresses for the text before the last keystrokes (a quick Enter picked one of those)
  const settled = term === text.trim();
  const suggestions = enabled && settled ? (search.data ?? NO_SUGGESTIONS) : NO_SUGGESTIONS;

  return (
    <Combobox<AddressSuggestion>
      className="address-ac"
      listClassName="address-ac__list"
      label={label}
      value={text}
      onInput={type}
      options={suggestions}
      optionKey={(a) => a.padreId}
      renderOption={(a) => a.padreFullName}
      onPick={pick}
      describedBy={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      invalid={!!error}
      disabled={disabled}
      testId={testId}
    >
      {enabled && search.isFetching && (
        <span className="address-ac__loading" role="status">
          {intl.formatMessage({ id: 'common.loading' })}
        </span>
      )}
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
    </Combobox>
  );
}
