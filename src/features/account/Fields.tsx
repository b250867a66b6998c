/** Labelled inputs of the account modals, each with its error announced and tied to it (aria-describedby). */
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageRef } from '../../../domain/user-settings/forms';

/** A field message in the current language; its `field` value is a label key. */
export function useMessage() {
  const intl = useIntl();
  return (m: MessageRef | undefined | null): string | null => {
    if (!m) return null;
    const values: Record<string, string | number> = { ...m.values };
    if (typeof values.field === 'string') values.field = intl.formatMessage({ id: values.field });
    return intl.formatMessage({ id: m.key }, values);
  };
}

export function TextField(props: {
  name: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  type?: 'text' | 'password';
  autoComplete?: string;
  hint?: string;
  required?: boolean;
}) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`acc-field${props.error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        aria-required={props.required ? true : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="muted acc-hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${props.name}`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

export function SelectField(props: {
  name: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={`acc-field${props.error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.children}
      </select>
      {props.error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${props.name}`}>
          {props.error}
        </p>
      )}
    </div>
  );
}
