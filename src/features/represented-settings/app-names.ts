import { FINANCE_APPLICATION } from '../../../domain/represented-settings';
import { serviceForApplication } from '../../../domain/rights';

/** Translated application name key (OSS → app.name.LOGISTICS, PERIODICALS → app.name.PERIODICS). */
export const appNameKey = (application: string) => `app.name.${serviceForApplication(application)}`;

/**
 * The note for an application the customer has no package for (spec 2 §2 placeholders, §8): invoicing management has
 * its own sentence ("Principal does not use financial services…"), every other application is named in the note.
 */
export function noPackageText(t: (id: string, values?: Record<string, string>) => string, application: string): string {
  return application === FINANCE_APPLICATION
    ? t('represented-settings.no-package.FINANCE')
    : t('represented-settings.no-package', { app: t(appNameKey(application)) });
}

/**
 * The rights list's placeholder for an application without a package (spec 2 §2 "Placeholders appear when … no
 * package exists (for example billing services not subscribed, with a read more link)"): invoicing management says
 * the spec's "Billing services are not subscribed." (§8) beside the read-more link; the rights modal, where the
 * permissions are set, keeps the longer note of noPackageText.
 */
export function noPackagePlaceholder(
  t: (id: string, values?: Record<string, string>) => string,
  application: string,
): string {
  return application === FINANCE_APPLICATION
    ? t('represented-settings.no-package.billing')
    : noPackageText(t, application);
}
