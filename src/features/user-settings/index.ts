/** User settings (spec 2 §2 "User settings"): the four tabs and their effects. */
export { UserSettingsPage, UserSettingsLink } from './UserSettingsPage';
export { wireUserSettings, type UserSettings } from './wire';
