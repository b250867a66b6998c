import { useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  filterRepresenteeGroups,
  groupRepresentees,
  type RepresenteeOption,
} from '../../../machines/lib/rights/representees';
import { useChangeRepresented, useRepresentees } from './usePanelData';
import { useUserContext } from './useShellData';

/**
 * Header representee dropdown (spec 1 §2 Header, §4 visibility): an ARIA 1.2 combobox (input + listbox), filterable,
 * grouped private first then business with country; placeholder 'Choose representee', a 'not found' text.
 * Picking switches through the representedChange actor (no page reload).
 */
export function RepresenteeCombobox() {
  const intl = useIntl();
  const ctx = useUserContext();
  const rights = useRepresentees();
  const { change, busy } = useChangeRepresented();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const represented = ctx?.epitPrincipal?.represented ?? null;

  const groups = useMemo(
    () => filterRepresenteeGroups(groupRepresentees(rights, intl.locale), term),
    [rights, term, intl.locale],
  );
  const flat: RepresenteeOption[] = [...groups.private, ...groups.business];
  const optionId = (i: number) => `${id}-opt-${i}`;
  const t = (key: string) => intl.formatMessage({ id: key });

  const close = () => {
    setOpen(false);
    setTerm('');
  };
  const pick = (o: RepresenteeOption | undefined) => {
    if (!o) return;
    close();
    inputRef.current?.blur();
    if (o.gid !== represented?.gid) change(o.gid);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(a + 1, flat.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      if (open) {
        e.preventDefault();
        pick(flat[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        close();
      }
    }
  };

  /** `offset`: the index of the group's first option in `flat` (option ids and the active option count across groups) */
  const renderGroup = (labelKey: string, options: RepresenteeOption[], key: string, offset: number) =>
    options.length > 0 && (
      <div role="group" aria-labelledby={`${id}-${key}`} key={key}>
        <div className="combobox__group" id={`${id}-${key}`} role="presentation">
          {t(labelKey)}
        </div>
        {options.map((o, position) => {
          const i = offset + position;
          return (
            <div
              key={o.gid}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`combobox__option${o.gid === represented?.gid ? ' is-current' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(o)}
            >
              <span>{o.name}</span>
              {o.country && <span className="combobox__country">{o.country}</span>}
            </div>
          );
        })}
      </div>
    );

  return (
    <div className="combobox" data-testid="representee-combobox">
      <label htmlFor={id} className="visually-hidden">
        {t('representee.label')}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="combobox__input"
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && flat.length ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={represented ? represented.name : t('representee.placeholder')}
        value={term}
        disabled={busy}
        onChange={(e) => {
          setTerm(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <svg className="combobox__chevron" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className="combobox__popup" hidden={!open}>
        <div id={listId} role="listbox" aria-label={t('representee.label')} className="combobox__list">
          {renderGroup('representee.group.private', groups.private, 'private', 0)}
          {renderGroup('representee.group.business', groups.business, 'business', groups.private.length)}
        </div>
        {flat.length === 0 && (
          <p className="combobox__empty" role="status">
            {t('representee.notFound')}
          </p>
        )}
      </div>
    </div>
  );
}
