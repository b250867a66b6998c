/**
 * The portal's one combobox (WAI-ARIA Authoring Practices 1.2, "Editable Combobox With List Autocomplete"): a text
 * input with role="combobox" that owns a listbox popup. Used by the address register search (spec 2 §3, §5), the
 * company search of customer add (spec 1 §2, §5) and the header's representee list (spec 1 §2 Header).
 *
 * The keys: ArrowDown opens the list or moves to the next option, ArrowUp to the previous one (both wrap), Enter
 * picks the active option, Escape closes the list (and goes no further, so an open dialog stays open; a second
 * Escape reaches it). The active option is shown with aria-activedescendant, so focus stays in the input. A mouse
 * down on an option does not take focus from the input. What the options are is the caller's; this file holds only
 * the interaction (which option is active, whether the list is open).
 */
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';

export interface ComboboxGroup<T> {
  key: string;
  label: string;
  options: readonly T[];
}

export interface ComboboxProps<T> {
  label: string;
  /** the label is read by screen readers only */
  hideLabel?: boolean;
  /** the text, when the caller holds it; otherwise the input holds its own, starting from `defaultValue` */
  value?: string;
  defaultValue?: string;
  /** the caller's own text for the field: whenever it changes (a chosen company's name arrives), the input shows it */
  syncValue?: string | null;
  /** the text an option leaves in the input once picked (the input holds its text) */
  optionText?: (option: T) => string;
  onInput: (text: string) => void;
  /** the options, or `groups` of them (a group's label is shown above its options) */
  options?: readonly T[];
  groups?: readonly ComboboxGroup<T>[];
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  optionClassName?: (option: T) => string | undefined;
  onPick: (option: T) => void;
  /** the list opens when the input gets focus (a list to choose from) rather than once something is typed */
  openOnFocus?: boolean;
  /** new options open the list, also while the field has no focus (they answer a search the person asked for) */
  openOnNewOptions?: boolean;
  /** the first option is active as soon as the list shows (Enter picks it) */
  firstActive?: boolean;
  /** the text empties when the list closes (a filter, not a value) */
  clearOnClose?: boolean;
  /** shown inside the open popup when no option matches; without it, an empty list stays closed */
  empty?: ReactNode;
  /** lines after the field (loading, not found, a hint, an error) */
  children?: ReactNode;
  className: string;
  listClassName: string;
  popupClassName?: string;
  optionBaseClassName?: string;
  groupClassName?: string;
  inputClassName?: string;
  placeholder?: string;
  disabled?: boolean;
  /** data-testid of the input, and of the whole field */
  testId?: string;
  rootTestId?: string;
  describedBy?: string;
  invalid?: boolean;
  /** the dialog around it focuses this input when it opens */
  autoFocus?: boolean;
  /** after a pick the input gives up focus (the header's list: the page changes under it) */
  blurOnPick?: boolean;
  /** drawn after the input (a chevron) */
  decoration?: ReactNode;
}

export function Combobox<T>(props: ComboboxProps<T>) {
  const { options, groups, optionKey, firstActive } = props;
  const id = useId();
  const listId = `${id}-list`;
  const inputId = `${id}-input`;
  const inputRef = useRef<HTMLInputElement>(null);
  const flat: readonly T[] = useMemo(
    () => (groups ? groups.flatMap((g) => g.options) : (options ?? [])),
    [groups, options],
  );
  // which options are offered, by key: a caller's new array of the same options is no change
  const offered = flat.map(optionKey).join('\u0000');
  const start = firstActive ? 0 : -1;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(start);
  const [ownText, setOwnText] = useState(props.defaultValue ?? '');
  const text = props.value ?? ownText;

  // new options: none active (or the first); typing opened the list already, or they open it
  const [seen, setSeen] = useState({ offered, sync: props.syncValue });
  if (seen.offered !== offered || seen.sync !== props.syncValue) {
    setSeen({ offered, sync: props.syncValue });
    if (seen.offered !== offered) {
      setActive(start);
      if (props.openOnNewOptions && offered !== '') setOpen(true);
    }
    if (props.syncValue && props.syncValue !== seen.sync) setOwnText(props.syncValue);
  }

  const expanded = open && (flat.length > 0 || props.empty !== undefined);
  const close = () => {
    setOpen(false);
    setActive(start);
    if (props.clearOnClose && text !== '') {
      setOwnText('');
      props.onInput('');
    }
  };
  const pick = (option: T | undefined) => {
    if (option === undefined) return;
    if (props.optionText) setOwnText(props.optionText(option));
    close();
    if (props.blurOnPick) inputRef.current?.blur();
    props.onPick(option);
  };
  const move = (step: 1 | -1) => {
    if (!flat.length) return;
    if (!expanded) {
      setOpen(true);
      setActive(step === 1 ? 0 : flat.length - 1);
      return;
    }
    setActive((i) => (i < 0 ? (step === 1 ? 0 : flat.length - 1) : (i + step + flat.length) % flat.length));
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      pick(flat[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`;
  const renderOption = (option: T, i: number) => (
    <li
      key={optionKey(option)}
      id={optionId(i)}
      role="option"
      aria-selected={i === active}
      className={
        [props.optionBaseClassName, i === active ? 'is-active' : null, props.optionClassName?.(option)]
          .filter(Boolean)
          .join(' ') || undefined
      }
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={() => setActive(i)}
      onClick={() => pick(option)}
    >
      {props.renderOption(option)}
    </li>
  );

  let offset = 0;
  const list = (
    <ul id={listId} role="listbox" className={props.listClassName} hidden={!expanded} aria-label={props.label}>
      {groups
        ? groups.map((g) => {
            const first = offset;
            offset += g.options.length;
            return (
              g.options.length > 0 && (
                <li key={g.key} role="presentation">
                  <ul role="group" aria-labelledby={`${id}-${g.key}`}>
                    <li className={props.groupClassName} id={`${id}-${g.key}`} role="presentation">
                      {g.label}
                    </li>
                    {g.options.map((o, i) => renderOption(o, first + i))}
                  </ul>
                </li>
              )
            );
          })
        : flat.map(renderOption)}
    </ul>
  );

  return (
    <div className={props.className} data-testid={props.rootTestId}>
      <label htmlFor={inputId} className={props.hideLabel ? 'visually-hidden' : undefined}>
        {props.label}
      </label>
      <input
        ref={(el) => {
          inputRef.current = el;
          // the modal shell focuses [autofocus] on open (React's autoFocus sets no attribute)
          if (props.autoFocus) el?.setAttribute('autofocus', '');
        }}
        id={inputId}
        className={props.inputClassName}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && active < flat.length ? optionId(active) : undefined}
        aria-describedby={props.describedBy || undefined}
        aria-invalid={props.invalid ? true : undefined}
        placeholder={props.placeholder}
        value={text}
        disabled={props.disabled}
        data-testid={props.testId}
        onChange={(e) => {
          setOwnText(e.target.value);
          setOpen(true);
          props.onInput(e.target.value);
        }}
        onFocus={props.openOnFocus ? () => setOpen(true) : undefined}
        onClick={props.openOnFocus ? () => setOpen(true) : undefined}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {props.decoration}
      {props.popupClassName ? (
        <div className={props.popupClassName} hidden={!expanded}>
          {list}
          {flat.length === 0 && props.empty}
        </div>
      ) : (
        list
      )}
      {props.children}
    </div>
  );
}
