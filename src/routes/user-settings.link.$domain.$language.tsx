import { createFileRoute } from '@tanstack/react-router';
import { UserSettingsLink } from '../features/user-settings';

/** /user-settings/link/{domain}/{language} opens the edit view (spec 2 §2); the session takes domain and language. */
export const Route = createFileRoute('/user-settings/link/$domain/$language')({ component: UserSettingsLink });
