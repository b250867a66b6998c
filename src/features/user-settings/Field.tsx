/** The user settings forms' fields: the shared labelled fields of src/ui/Field.tsx in this feature's `us-field` look. */
import { SelectField as Select, TextField as Text, type SelectFieldProps, type TextFieldProps } from '../../ui/Field';

export function TextField(props: Omit<TextFieldProps, 'block'>) {
  return <Text block="us-field" {...props} />;
}

export function SelectField(props: Omit<SelectFieldProps, 'block'>) {
  return <Select block="us-field" {...props} />;
}
