/** Domain rules: applications and services (spec 1 §1). Part of domain/rights (see index.ts). */
import type { Application, Service } from '../contract';

/** Service → application that implements it (the OSS alias maps to LOGISTICS; PERIODICS is named PERIODICALS). */
const SERVICE_APPLICATION: Record<Service, Application> = {
  LOGISTICS: 'OSS',
  PERIODICS: 'PERIODICALS',
  FINANCE: 'FINANCE',
};
const isService = (name: string): name is Service => Object.hasOwn(SERVICE_APPLICATION, name);
export function applicationForService(serviceOrApplication: string): string {
  const key = serviceOrApplication.toUpperCase();
  return isService(key) ? SERVICE_APPLICATION[key] : key;
}
export function serviceForApplication(application: string): string {
  const key = application.toUpperCase();
  return Object.entries(SERVICE_APPLICATION).find(([, app]) => app === key)?.[0] ?? key;
}
