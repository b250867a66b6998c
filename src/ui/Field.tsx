/**
 * Labelled form fields with their hint and error message, announced and tied to the control with aria-describedby
 * (conventions: labelled inputs). The portal's one text field: every form uses it. `block` is the CSS block of the
 * feature's form (user settings `us-field`, business settings `rs-field`, the account modals `acc-field`, customer
 * add `form-field`): the field is `<div class="{block}">`, its hint `{block}__hint`, and `has-error` marks a field
 * with an error. An error message carries data-testid `error-{name}`.
 */
import { useId, type ReactNode } from 'react';

export interface TextFieldProps {
  block: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  error?: string | null;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'password';
  readOnly?: boolean;
  autoComplete?: string;
  hint?: ReactNode;
  maxLength?: number;
  /** announced as required; `showRequired` adds the visible mark after the label */
  required?: boolean;
  showRequired?: boolean;
  disabled?: boolean;
  /** a text area of this many rows instead of a one-line input */
  rows?: number;
  /** the person leaves the field (a form that points out a mistake only then) */
  onBlur?: () => void;
}

/** ids of the hint and the error of field `id`, for aria-describedby (undefined when neither is shown) */
const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

function HintAndError({
  id,
  block,
  name,
  hint,
  error,
}: {
  id: string;
  block: string;
  name: string;
  hint?: ReactNode;
  error?: string | null;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={`muted ${block}__hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </>
  );
}

export function TextField({
  block,
  label,
  value,
  onChange,
  name,
  error,
  type = 'text',
  readOnly,
  autoComplete,
  hint,
  maxLength,
  required,
  showRequired,
  disabled,
  rows,
  onBlur,
}: TextFieldProps) {
  const id = useId();
  const control = {
    id,
    name,
    value,
    readOnly,
    autoComplete,
    maxLength,
    disabled,
    onBlur,
    'aria-required': required ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  };
  return (
    <div className={`${block}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {showRequired && <span aria-hidden="true"> *</span>}
      </label>
      {rows ? (
        <textarea {...control} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...control} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      <HintAndError id={id} block={block} name={name} hint={hint} error={error} />
    </div>
  );
}

export interface SelectFieldProps {
  block: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  options: { value: string; label: string }[];
  error?: string | null;
  disabled?: boolean;
}

export function SelectField({ block, label, value, onChange, name, options, error, disabled }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`${block}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, null, error)}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <HintAndError id={id} block={block} name={name} error={error} />
    </div>
  );
}
