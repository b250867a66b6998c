/**
 * The one formatter of the portal's messages (domain/fields `MessageRef`): a message key with its ICU values,
 * whose `field` value is the label key of the field it is about, translated first ("Phone is mandatory").
 */
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageRef } from '../../domain/fields';

export function formatRef(intl: IntlShape, ref: MessageRef): string {
  const values: Record<string, string | number> = { ...ref.values };
  if (typeof values.field === 'string') values.field = intl.formatMessage({ id: values.field });
  return intl.formatMessage({ id: ref.key }, values);
}

/** `formatRef` in the current language; nothing for no message. */
export function useMessage() {
  const intl = useIntl();
  return (ref: MessageRef | undefined | null): string | null => (ref ? formatRef(intl, ref) : null);
}
