/** The address register autocomplete (spec 2 §3, §5; machines/lib/address.ts): user settings, customer settings. */
export { AddressAutocomplete } from './AddressAutocomplete';
