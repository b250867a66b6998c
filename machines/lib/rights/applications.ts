/** Domain rules: applications and services (spec 1 §1). Part of machines/lib/rights (see index.ts). */

/** Service → application that implements it (the OSS alias maps to LOGISTICS; PERIODICS is named PERIODICALS). */
export const SERVICE_APPLICATION: Record<string, string> = {
  LOGISTICS: 'OSS',
  PERIODICS: 'PERIODICALS',
  FINANCE: 'FINANCE',
};
export function applicationForService(serviceOrApplication: string): string {
  const key = serviceOrApplication.toUpperCase();
  return SERVICE_APPLICATION[key] ?? key;
}
export function serviceForApplication(application: string): string {
  const key = application.toUpperCase();
  return Object.entries(SERVICE_APPLICATION).find(([, app]) => app === key)?.[0] ?? key;
}
