/**
 * The business settings forms' fields: the shared labelled fields of src/ui/Field.tsx in this feature's `rs-field`
 * look, and a checkbox with its hint.
 */
import { useId } from 'react';
import { SelectField, TextField, type SelectFieldProps, type TextFieldProps } from '../../ui/Field';

/** A text field in this feature's `rs-field` look; browsers do not fill it in (another person's data). */
export function TextInput({ autoComplete = 'off', ...props }: Omit<TextFieldProps, 'block'>) {
  return <TextField block="rs-field" autoComplete={autoComplete} {...props} />;
}

export function SelectInput(props: Omit<SelectFieldProps, 'block'>) {
  return <SelectField block="rs-field" {...props} />;
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
