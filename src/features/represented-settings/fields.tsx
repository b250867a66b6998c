/** Labelled inputs with their error message (announced, tied with aria-describedby). */
import { useId, type ReactNode } from 'react';

export function TextInput({
  label,
  value,
  error,
  onChange,
  name,
  type = 'text',
  readOnly,
  autoComplete,
  hint,
  maxLength,
}: {
  label: string;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
  name: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date';
  readOnly?: boolean;
  autoComplete?: string;
  hint?: ReactNode;
  maxLength?: number;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`rs-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        readOnly={readOnly}
        autoComplete={autoComplete ?? 'off'}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="muted rs-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function SelectInput({
  label,
  value,
  onChange,
  name,
  options,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="rs-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxInput({
  label,
  checked,
  onChange,
  name,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="rs-check">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="muted rs-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
