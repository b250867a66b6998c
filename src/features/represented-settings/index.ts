/** Business customer settings and rights (spec 2 §2 "Represented settings", "Rights edit modal"). */
export { RepresentedSettingsPage } from './RepresentedSettingsPage';
export { wireRepresentedSettings, type RepresentedSettings } from './wire';
