import { serviceForApplication } from '../../../machines/lib/rights';

/** Translated application name key (OSS → app.name.LOGISTICS, PERIODICALS → app.name.PERIODICS). */
export const appNameKey = (application: string) => `app.name.${serviceForApplication(application)}`;
