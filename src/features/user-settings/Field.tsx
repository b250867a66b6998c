/** A labelled text input with its error message (announced, tied to the input with aria-describedby). */
import { useId } from 'react';

export function TextField({
  label,
  value,
  error,
  onChange,
  type = 'text',
  autoComplete,
  name,
  hint,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  name: string;
  hint?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`us-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="muted us-field__hint">
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

export function SelectField({
  label,
  value,
  error,
  onChange,
  name,
  options,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  name: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className={`us-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
