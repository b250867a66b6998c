/**
 * Contracts of the deployment admin page and the developer test pages (spec 2 §2, §3, §7; issue 11). They live with
 * the account contracts because issue 11 owns both; shared by the portal and the reference server. Pure: zod only.
 */
import { z } from 'zod';

// ---- deployment admin (/osgi-admin) ----

/** spec 2 §5: "Deployable package check is a name match": epit-web, epit-core or ep-osgi. */
export const DEPLOYABLE_PATTERN = /(^|[^a-z])(epit-web|epit-core|ep-osgi)([^a-z]|$)/i;
export const isDeployable = (name: string): boolean => DEPLOYABLE_PATTERN.test(name);

/** spec 2 §3 "Bundle". */
export const Bundle = z.object({
  symbolicName: z.string(),
  location: z.string(),
  bundleVersion: z.string(),
  applicationBundle: z.boolean(),
});
export type Bundle = z.infer<typeof Bundle>;
export const BundlesAnswer = z.object({ value: z.array(Bundle) });

export const Deployment = z.object({
  name: z.string(),
  version: z.string(),
  /** where the package was found: the deployment folder or the database */
  source: z.enum(['folder', 'database']),
});
export type Deployment = z.infer<typeof Deployment>;
export const DeploymentsAnswer = z.object({ value: z.array(Deployment) });
export const InstallDeploymentBody = z.object({ deployment: z.string().min(1).max(200) });

// ---- /test/show ----

export const SlaResult = z.object({ name: z.string(), status: z.enum(['OK', 'FAIL']), message: z.string().nullable() });
export type SlaResult = z.infer<typeof SlaResult>;
export const SlaAnswer = z.object({ results: z.array(SlaResult) });

export const ValueAnswer = z.object({ value: z.unknown() });
export const EnterpriseFindAnswer = z.object({ value: z.array(z.object({ name: z.string(), code: z.string() })) });
export const EnterpriseFindBody = z.object({ value: z.string().trim().min(1).max(100) });
export const BoardMemberBody = z.object({
  companyCode: z.string().trim().min(1).max(30),
  personCode: z.string().trim().min(1).max(30),
});

export const DigidocDigestBody = z.object({
  certHex: z.string().regex(/^[0-9a-fA-F]{200,20000}$/, 'must be the certificate in hex'),
});
export const DigidocDigestAnswer = z.object({ digest: z.string(), hashFunction: z.literal('SHA-256') });
export const DigidocFinalizeBody = z.object({ value: z.string().min(1).max(2000) });
export const DigidocFinalizeAnswer = z.object({ ok: z.boolean(), filename: z.string().nullable() });

/** spec 2 §3 "Test page role" and "User role". */
export const TestRole = z.object({ id: z.number(), application: z.string(), names: z.record(z.string(), z.string()) });
export const TestUserRole = z.object({
  name: z.string(),
  customerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userId: z.string(),
  roleId: z.number().nullable(),
});
export const TestRolesAnswer = z.object({ value: z.array(TestRole) });
export const TestUserRolesAnswer = z.object({ value: z.array(TestUserRole) });

// ---- /test/ax (accounting-system person, FISIK) ----

export const FisikAddress = z.object({
  name: z.string().nullable(),
  type: z.string().nullable(),
  country: z.string().nullable(),
  county: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  padreId: z.string().nullable(),
  padreFullName: z.string().nullable(),
});
/** spec 2 §3 "Person in the accounting-system test (FISIK)". */
export const FisikPerson = z.object({
  id: z.string().trim().min(1).max(40),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  personalCode: z.string().max(30),
  email: z.string().max(200).nullable(),
  phone: z.string().max(30).nullable(),
  mobile: z.string().max(30).nullable(),
  preferredLanguage: z.string().max(3).nullable(),
  trustfulAuthentication: z.boolean(),
  notActive: z.boolean(),
  address: FisikAddress.nullable(),
});
export type FisikPerson = z.infer<typeof FisikPerson>;
/** POST ax/fisik/create and ax/fisik/modify (spec 2 §7: the person and sendNewPassword=false). */
export const FisikWriteBody = z.object({ person: FisikPerson, sendNewPassword: z.literal(false) });
export const FisikAnswer = z.object({ value: FisikPerson });
