/** The address register autocomplete (spec 2 §3, §5; domain/address.ts): user settings, customer settings. */
export { AddressAutocomplete } from './AddressAutocomplete';
